// `mastermind assist`: help with a game played on a real board. The person types each guess and
// the answer it got; the tool says how many codes still fit and suggests the next guess. When the
// answers fit no code, it names the fewest answers that, corrected, make the game consistent.
#include <unistd.h>

#include <iostream>
#include <string>

#include <fmt/format.h>

#include "board_view.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/protocol.hpp"
#include "mastermind/ordinary/session.hpp"
#include "play.hpp"
#include "typed_line.hpp"

namespace mastermind::app {

namespace {

struct AssistArgs {
    GameChoice game = ordinary_choice();
    std::string codebreaker = "auto";
};

constexpr const char* kAssistHelp =
    "Type each guess and the answer it got, e.g. '0011 1 2' (black white) or, under adjacent\n"
    "rules, '0011 1 0 2' (black grey white). Or one of:\n"
    "  fix TURN ANSWER   replace the answer of a turn, e.g. 'fix 3 2 1'\n"
    "  undo              take back the last turn\n"
    "  count             how many codes still fit (and which, when few)\n"
    "  hint [NAME]       a codebreaker's next guess (default: --codebreaker)\n"
    "  help              this text\n";

class Assistant {
  public:
    Assistant(const OrdinaryParams& params, const CodeSpace& space, const CodebreakerInfo& info)
        : params_(params),
          space_(space),
          info_(info),
          session_(space),
          style_(board_style_for(STDOUT_FILENO)) {}

    // Handles one typed line; false when the game is over (solved).
    bool handle(const std::string& text) {
        const auto [word, rest] = split_first(text);
        if (text == "help" || text == "?") {
            fmt::print("{}", kAssistHelp);
        } else if (text == "count") {
            count();
        } else if (word == "hint") {
            std::string why;
            const CodebreakerInfo* info =
                rest.empty() ? &info_ : hint_codebreaker(rest, space_, why);
            if (!info) {
                fmt::print("No hint from '{}' here; try hint most-parts, entropy or knuth.\n",
                           rest);
            } else {
                suggest(*info);
            }
        } else if (text == "undo") {
            if (!session_.undo()) {
                fmt::print("Nothing to undo.\n");
            } else {
                report();
            }
        } else if (word == "fix") {
            const auto [turn_text, answer] = split_first(rest);
            const int turn = std::atoi(turn_text.c_str());
            Score score;
            std::string why;
            if (turn < 1 || turn > static_cast<int>(session_.history().size())) {
                fmt::print("No turn '{}': turns are 1 to {}.\n", turn_text,
                           session_.history().size());
            } else if (why = protocol::parse_score(answer, params_, score); !why.empty()) {
                fmt::print("{}.\n", why);
            } else {
                session_.correct(static_cast<std::size_t>(turn - 1), space_.encode(score));
                report();
            }
        } else {
            const auto [guess_text, answer] = split_first(text);
            const auto guess = space_.parse(guess_text);
            Score score;
            std::string why;
            if (!guess) {
                fmt::print("'{}' is not a guess: {}. Type help for the format.\n",
                           guess_text.substr(0, 40), space_.describe_bad(guess_text));
            } else if (why = protocol::parse_score(answer, params_, score); !why.empty()) {
                fmt::print("{} (expected {} after the guess). Type help for the format.\n", why,
                           params_.rules == Rules::adjacent ? "black grey white" : "black white");
            } else if (guesses_left() == 0) {
                fmt::print(
                    "No guesses left: the game allows {} (-M); undo or fix a turn, or quit.\n",
                    count_of(static_cast<std::uint64_t>(params_.max_guesses), "guess", "guesses"));
            } else {
                session_.add(*guess, space_.encode(score));
                report();
                if (solved()) return false;
            }
        }
        return true;
    }

  private:
    // Solved only when the all-black answer is consistent with every other answer: a mistyped
    // answer earlier must be caught, not crowned.
    bool solved() const { return session_.solved() && !session_.consistent().empty(); }
    int guesses_left() const {
        return params_.max_guesses - static_cast<int>(session_.history().size());
    }

    void count() const {
        const auto fit = session_.consistent();
        fmt::print("{} the answers", fits(fit.size()));
        if (!fit.empty() && fit.size() <= 10) {
            fmt::print(":");
            for (auto code : fit) fmt::print(" {}", space_.to_string(code));
        }
        fmt::print(".\n");
    }

    void suggest(const CodebreakerInfo& info) const {
        if (!session_.hint_within_reach()) {
            fmt::print(
                "No suggestion: too many codes for a codebreaker to weigh quickly in a game "
                "this large; another guess narrows them.\n");
            return;
        }
        if (guesses_left() == 0) {
            fmt::print("No guesses left (the game allows {}).\n", params_.max_guesses);
            return;
        }
        CodebreakerOptions options;
        options.max_guesses = params_.max_guesses;
        options.budget = person_budget();
        try {
            fmt::print("Next guess ({}): {}\n", info.name,
                       draw_code(space_, session_.hint(info, options), style_));
        } catch (const BudgetExhausted& e) {
            fmt::print("No suggestion: {} ({}); try another codebreaker, or a guess of your own.\n",
                       e.what(), info.name);
        } catch (const std::runtime_error& e) {
            fmt::print("No suggestion: {}.\n", e.what());
        }
    }

    void report() const {
        fmt::print("{}\n{}", clear_screen(style_), draw_board(space_, session_.history(), style_));
        if (solved()) {
            fmt::print("Solved in {}.\n", count_of(session_.history().size(), "guess", "guesses"));
            return;
        }
        if (!session_.consistent().empty()) {
            count();
            suggest(info_);
            return;
        }
        const auto repairs = session_.repairs();
        fmt::print("No code fits these answers: some answer was read or typed wrongly.\n");
        if (repairs.empty()) return;
        const std::size_t changes = repairs.front().corrections.size();
        fmt::print("The fewest answers to correct: {}. {}:\n", changes,
                   repairs.size() == 1 ? "The only way" : "The likeliest ways first");
        for (const auto& repair : repairs) {
            std::string what;
            for (const auto& c : repair.corrections) {
                what += fmt::format("{}turn {} ({}): {} should be {}", what.empty() ? "" : "; ",
                                    c.turn + 1, space_.to_string(session_.history()[c.turn].code),
                                    describe(c.entered), describe(c.correct));
            }
            fmt::print("  {} (then {})\n", what, fits(repair.codes));
        }
        const auto& first = repairs.front().corrections.front();
        fmt::print("Correct one with 'fix {} {}', or 'undo'.\n", first.turn + 1,
                   numbers(first.correct));
    }

    std::string describe(std::uint32_t feedback) const {
        return draw_answer(space_, feedback, BoardStyle{});
    }
    std::string numbers(std::uint32_t feedback) const {
        const Score s = space_.decode(feedback);
        return params_.rules == Rules::adjacent ? fmt::format("{} {} {}", s.black, s.grey, s.white)
                                                : fmt::format("{} {}", s.black, s.white);
    }

    const OrdinaryParams& params_;
    const CodeSpace& space_;
    const CodebreakerInfo& info_;
    OrdinarySession session_;
    BoardStyle style_;
};

int run_assist(const AssistArgs& args) {
    typed_command() = "mastermind assist";
    OrdinaryParams params;
    if (auto why = args.game.ordinary_game(params); !why.empty()) {
        complain("mastermind assist: {}\n", why);
        return kExitFailure;
    }
    if (auto why = CodeSpace::check(params.shape()); !why.empty()) {
        complain("mastermind assist: {}\n", why);
        return kExitFailure;
    }
    const CodeSpace space(params.rules, params.shape());
    std::string why;
    const CodebreakerInfo* info = hint_codebreaker(args.codebreaker, space, why);
    if (!info) {
        complain("mastermind assist: --codebreaker: {}\n", why);
        return kExitFailure;
    }
    Assistant assistant(params, space, *info);
    fmt::print("Assisting a game of {}, {} (symbols 0-{}{}), {} rules. Type help for the format.\n",
               count_of(static_cast<std::uint64_t>(params.pegs), "peg"),
               count_of(static_cast<std::uint64_t>(params.colours), "colour"),
               CodeSpace::kSymbols[static_cast<std::size_t>(params.colours - 1)],
               params.distinct ? ", none twice in a code" : "",
               params.rules == Rules::adjacent ? "adjacent" : "classic");
    for (;;) {
        const auto typed = next_typed_line("> ");
        if (!typed) return typed_input_broken() ? kExitFailure : kExitOk;
        const std::string& text = *typed;
        if (text.empty() || text.starts_with('#')) continue;
        if (text == "quit") return kExitOk;
        if (!assistant.handle(text)) {
            flush_stdout();
            return kExitOk;
        }
    }
}

}  // namespace

void add_assist_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<AssistArgs>();
    CLI::App* cmd = app.add_subcommand(
        "assist",
        "Help with a game on a real board: type each guess and the answer it got ('0011 1 2'); "
        "see how many codes still fit and the next guess to play. When the answers fit no code, "
        "it names the fewest answers that were probably entered wrongly and what they should "
        "have been.");
    add_game_options(cmd, args->game, GameOptions::ordinary_only);
    cmd->add_option("--codebreaker", args->codebreaker,
                    "who suggests the next guess (auto: the best for the game)")
        ->capture_default_str();
    cmd->footer(
        "\nExamples:\n  mastermind assist\n"
        "  mastermind assist --rules adjacent -P 5 --codebreaker entropy < answers.txt\n"
        "  mastermind assist --game bulls-and-cows");
    cmd->callback([args, &exit_status] { exit_status = run_assist(*args); });
}

}  // namespace mastermind::app
