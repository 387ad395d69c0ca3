// `mastermind play`: a person plays the ordinary game in the terminal against a hidden secret.
#include <unistd.h>

#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "batch_options.hpp"
#include "board_view.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/table.hpp"
#include "output_paths.hpp"
#include "play.hpp"
#include "typed_line.hpp"

namespace mastermind::app {

namespace {

struct PlayArgs {
    GameChoice game = ordinary_choice();
    std::optional<std::uint64_t> seed;
    std::string hints = "auto";
};

constexpr const char* kPlayHelp =
    "Type a guess, or one of:\n"
    "  count          how many codes still fit the answers (and which, when few)\n"
    "  hint [NAME]    the guess a codebreaker would play now (default: the best for the game)\n"
    "  reveal         give up and show the secret\n"
    "  help           this text\n";

class PlayScreen {
  public:
    PlayScreen(const OrdinaryParams& params, const CodeSpace& space, std::uint64_t seed)
        : params_(params), space_(space), seed_(seed), style_(board_style_for(STDOUT_FILENO)) {}

    void header() const {
        fmt::print(
            "Mastermind: {}, {} (symbols 0-{}{}), {} rules, {}. Seed {} (the same game: "
            "mastermind judge --game ordinary -P {} -K {}{} --rules {} -M {} --seed {}).\n",
            count_of(static_cast<std::uint64_t>(params_.pegs), "peg"),
            count_of(static_cast<std::uint64_t>(params_.colours), "colour"),
            CodeSpace::kSymbols[static_cast<std::size_t>(params_.colours - 1)],
            params_.distinct ? ", none twice in a code" : "", to_string(params_.rules),
            count_of(static_cast<std::uint64_t>(params_.max_guesses), "guess", "guesses"), seed_,
            params_.pegs, params_.colours, params_.distinct ? " --distinct" : "",
            to_string(params_.rules), params_.max_guesses, seed_);
    }
    void redraw(const OrdinarySession& session) const {
        fmt::print("{}", clear_screen(style_));
        header();
        fmt::print("\n{}\n", draw_board(space_, session.history(), style_));
    }
    const BoardStyle& style() const { return style_; }

  private:
    const OrdinaryParams& params_;
    const CodeSpace& space_;
    std::uint64_t seed_;
    BoardStyle style_;
};

int run_play(const PlayArgs& args) {
    typed_command() = "mastermind play";
    OrdinaryParams params;
    if (!args.game.ordinary()) {
        BatchParams batch;
        if (auto why = args.game.batch_params(batch); !why.empty()) {
            complain("mastermind play: {}\n", why);
            return kExitFailure;
        }
        return play_batch(batch, args.seed ? *args.seed : fresh_seed(), args.hints);
    }
    if (auto why = args.game.ordinary_game(params); !why.empty()) {
        complain("mastermind play: {}\n", why);
        return kExitFailure;
    }
    if (auto why = CodeSpace::check(params.shape()); !why.empty()) {
        complain("mastermind play: {}\n", why);
        return kExitFailure;
    }
    OrdinaryTable table(params, args.seed ? *args.seed : fresh_seed());
    const CodeSpace& space = table.space();
    if (std::string why; !hint_codebreaker(args.hints, space, why)) {
        complain("mastermind play: --hints: {}\n", why);
        return kExitFailure;
    }
    const PlayScreen screen(params, space, table.seed());
    const auto secret = [&] { return draw_code(space, table.secret(), screen.style()); };
    screen.redraw(table.session());
    fmt::print("{}", kPlayHelp);
    for (;;) {
        const auto typed = next_typed_line(fmt::format(
            "guess {} of {}> ", table.session().history().size() + 1, params.max_guesses));
        if (!typed) {
            if (typed_input_broken()) return kExitFailure;  // said on stderr; the game is not over
            fmt::print("\nNo more input. The secret was {}.\n", secret());
            flush_stdout();
            return kExitBadInput;
        }
        const std::string& text = *typed;
        const auto [word, rest] = split_first(text);
        if (text.empty()) continue;
        if (text == "help" || text == "?") {
            fmt::print("{}", kPlayHelp);
        } else if (text == "count") {
            const auto fit = table.session().consistent();
            fmt::print("{} the answers", fits(fit.size()));
            if (fit.size() <= 10) {
                fmt::print(":");
                for (auto code : fit) fmt::print(" {}", space.to_string(code));
            }
            fmt::print(".\n");
        } else if (word == "hint") {
            const auto hint = table.hint(rest.empty() ? args.hints : rest, person_budget());
            if (hint.code) {
                fmt::print("Hint ({}): {}\n", hint.codebreaker,
                           draw_code(space, *hint.code, screen.style()));
            } else {
                fmt::print("No hint: {}.\n", hint.why_not);
            }
        } else if (text == "reveal" || text == "give up" || text == "quit") {
            table.give_up();
            fmt::print("The secret was {}.\n", secret());
            flush_stdout();
            return kExitBadInput;
        } else if (const auto why = table.guess(text); !why.empty()) {
            fmt::print("{}. Type help for the commands.\n", why);
        } else {
            screen.redraw(table.session());
            if (table.outcome() == TableOutcome::won) {
                fmt::print("You won in {}.\n",
                           count_of(table.session().history().size(), "guess", "guesses"));
                flush_stdout();
                return kExitOk;
            }
            if (table.over()) {
                fmt::print("Out of guesses. The secret was {}.\n", secret());
                flush_stdout();
                return kExitBadInput;
            }
        }
    }
}

}  // namespace

void add_play_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<PlayArgs>();
    CLI::App* cmd = app.add_subcommand(
        "play",
        "Play against a hidden secret: the ordinary game (a guess a turn) or, with --game batch, "
        "Batch Style Mastermind (a test of B strings a turn, then a challenge). The board is "
        "redrawn after each turn (coloured pegs on a terminal); ask how many codes still fit, or "
        "for a hint from any codebreaker or strategy; reveal to give up. Exit status: 0 won, 1 "
        "lost or gave up, 2 usage error.");
    add_game_options(cmd, args->game);
    cmd->get_option("--game")->default_str("ordinary");
    cmd->add_option("--seed", args->seed, "seed of the secret (default: a fresh one, printed)")
        ->transform(seed_value());
    cmd->add_option("--hints", args->hints,
                    "the codebreaker (batch game: the strategy) that gives hints (auto: the best "
                    "for the game)")
        ->check(not_empty())
        ->capture_default_str();
    cmd->footer(
        "\nExamples:\n  mastermind play\n"
        "  mastermind play --game bulls-and-cows --hints knuth\n"
        "  mastermind play --game batch -P 3 -K 4 -B 2 --seed 7");
    cmd->callback([args, &exit_status] { exit_status = run_play(*args); });
}

}  // namespace mastermind::app
