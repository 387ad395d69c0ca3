// `mastermind play --game batch`: a person plays Batch Style Mastermind in the terminal. Each turn
// is a test of B strings, answered by the judge's rules (the answers shuffled); `challenge CODE`
// ends the game. The game is the one `mastermind judge --seed S` plays with the same options.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "board_view.hpp"
#include "commands.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/batch/table.hpp"
#include "mastermind/core/text.hpp"
#include "play.hpp"
#include "typed_line.hpp"

namespace mastermind::app {

namespace {

constexpr const char* kBatchHelp =
    "Type a test: the strings separated by spaces. Or one of:\n"
    "  challenge CODE   your answer: ends the game, won or lost\n"
    "  count            how many secrets still fit the answers\n"
    "  hint [NAME]      what a strategy would play now (default: the best for the game)\n"
    "  reveal           give up and show the secret\n"
    "  help             this text\n";

std::string draw_string(const PackedCode& code, int pegs, const BoardStyle& style) {
    const std::string text = code.to_string(pegs);
    if (!style.colour) return text;
    std::string out;
    for (char c : text) {
        const int symbol = c <= '9' ? c - '0' : c - 'A' + 10;
        out += fmt::format("\x1b[48;5;{}m\x1b[38;5;231m{}\x1b[0m",
                           kPegColours[static_cast<std::size_t>(symbol)], c);
    }
    return out;
}

std::string draw_pair(const HitBlow& a, Rules rules) {
    return rules == Rules::adjacent ? fmt::format("({},{},{})", a.hit, a.grey, a.blow)
                                    : fmt::format("({},{})", a.hit, a.blow);
}

}  // namespace

int play_batch(const BatchParams& params, std::uint64_t seed, const std::string& hints) {
    // A strategy named by --hints must play the game; with auto, a game no strategy plays is
    // played without hints (said once at the start).
    std::string no_hints;
    const StrategyInfo* default_info = hint_strategy(hints, params, no_hints);
    if (!default_info && hints != "auto") {
        complain("mastermind play: --hints: {}\n", no_hints);
        return kExitFailure;
    }
    BatchTable table(params, seed);
    const BoardStyle style = board_style_for(STDOUT_FILENO);
    const auto secret = [&] { return draw_string(table.secret(), params.pegs, style); };

    auto redraw = [&] {
        fmt::print("{}", clear_screen(style));
        fmt::print(
            "Batch Mastermind: {}, {} (symbols 0-{}), {} strings a test, {} rules, {}. Seed {} "
            "(mastermind judge --seed {} with the same options plays this game).\n\n",
            count_of(static_cast<std::uint64_t>(params.pegs), "peg"),
            count_of(static_cast<std::uint64_t>(params.colours), "colour"),
            CodeSpace::kSymbols[static_cast<std::size_t>(params.colours - 1)], params.batch,
            params.rules == Rules::adjacent ? "adjacent" : "classic",
            count_of(static_cast<std::uint64_t>(params.max_tests), "test"), seed, seed);
        for (std::size_t t = 0; t < table.turns(); ++t) {
            std::string strings, answers;
            for (const auto& s : table.strings(t))
                strings += draw_string(s, params.pegs, style) + " ";
            for (const auto& a : table.answers(t)) answers += draw_pair(a, params.rules) + " ";
            fmt::print("{:>3}  {}\n     answers {}\n", t + 1, strings, answers);
        }
        fmt::print("\n");
    };
    redraw();
    fmt::print("{}", kBatchHelp);
    if (!default_info) fmt::print("No hints in this game: {}.\n", no_hints);
    for (;;) {
        const auto typed =
            next_typed_line(fmt::format("test {} of {}> ", table.turns() + 1, params.max_tests));
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
            fmt::print("{}", kBatchHelp);
        } else if (text == "reveal" || text == "give up" || text == "quit") {
            table.give_up();
            fmt::print("The secret was {}.\n", secret());
            flush_stdout();
            return kExitBadInput;
        } else if (text == "count") {
            const auto count = table.count(person_budget());
            if (!count.secrets) {
                fmt::print("No count: {}.\n", count.why_not);
            } else if (table.turns() == 0) {
                fmt::print("{} still fit (no test yet).\n", count_of(*count.secrets, "secret"));
            } else {
                fmt::print("{} still {} the answers.\n", count_of(*count.secrets, "secret"),
                           *count.secrets == 1 ? "fits" : "fit");
            }
        } else if (word == "hint") {
            const auto hint =
                table.hint(rest.empty() ? (default_info ? default_info->name : "auto") : rest,
                           person_budget());
            if (!hint.move) {
                fmt::print("No hint: {}.\n", hint.why_not);
                continue;
            }
            std::string strings;
            for (const auto& s : hint.move->strings)
                strings += " " + draw_string(s, params.pegs, style);
            fmt::print("Hint ({}): {}{}{}\n", hint.strategy,
                       hint.move->challenge ? "challenge" : "test", strings,
                       hint.note.empty() ? "" : fmt::format(" ({})", hint.note));
        } else if (word == "challenge") {
            if (const auto why = table.challenge(rest); !why.empty()) {
                fmt::print("Not a challenge: {}. Type help for the commands.\n", why);
                continue;
            }
            if (table.outcome() == TableOutcome::won) {
                fmt::print("Accepted: you found it after {}.\n", count_of(table.turns(), "test"));
                flush_stdout();
                return kExitOk;
            }
            fmt::print("Wrong answer. The secret was {}.\n", secret());
            flush_stdout();
            return kExitBadInput;
        } else if (table.tests_left() == 0) {
            fmt::print("No tests left ({} used); challenge or reveal.\n", params.max_tests);
        } else if (const auto why = table.test(text); !why.empty()) {
            fmt::print("Not a test: {}. Type help for the commands.\n", why);
        } else {
            redraw();
        }
    }
}

}  // namespace mastermind::app
