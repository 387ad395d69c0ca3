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
#include "mastermind/core/text.hpp"
#include "mastermind/games/batch_game.hpp"
#include "mastermind/games/judge.hpp"
#include "mastermind/games/position.hpp"
#include "mastermind/strategies/strategy.hpp"
#include "play.hpp"
#include "typed_line.hpp"

namespace mastermind::app {

namespace {

constexpr std::size_t kLargestHintSet = 1'000'000;

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
        out += fmt::format("\x1b[48;5;{}m\x1b[38;5;231m{}\x1b[0m", kPegColours[static_cast<std::size_t>(symbol)], c);
    }
    return out;
}

std::string draw_pair(const HitBlow& a, Rules rules) {
    return rules == Rules::adjacent ? fmt::format("({},{},{})", a.hit, a.grey, a.blow)
                                    : fmt::format("({},{})", a.hit, a.blow);
}

std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < text.size()) {
        while (start < text.size() && text[start] == ' ') ++start;
        std::size_t end = start;
        while (end < text.size() && text[end] != ' ') ++end;
        if (end > start) words.push_back(text.substr(start, end - start));
        start = end;
    }
    return words;
}

}  // namespace

int play_batch(const BatchParams& params, std::uint64_t seed, const std::string& hints) {
    const StrategyInfo* default_info = hints == "auto" ? best_strategy_for(params) : find_strategy(hints);
    if (!default_info || !strategy_refuses(*default_info, params).empty()) {
        complain("mastermind play: --hints {}: not a strategy of this game\n", hints);
        return kExitFailure;
    }
    const JudgeConfig config = make_judge_config(params, std::nullopt, seed);
    BatchGame game(params, config.secret, config.shuffle_seed);
    const BoardStyle style = board_style_for(STDOUT_FILENO);
    const std::string secret = draw_string(config.secret, params.pegs, style);
    std::vector<TestRecord> history;            // what a strategy knows (answers sorted)
    std::vector<std::vector<HitBlow>> shown;    // the answers as the judge shuffled them

    auto redraw = [&] {
        fmt::print("{}", clear_screen(style));
        fmt::print("Batch Mastermind: {}, {} (symbols 0-{}), {} strings a test, {} rules, {}. Seed {} "
                   "(mastermind judge --seed {} with the same options plays this game).\n\n",
                   count_of(static_cast<std::uint64_t>(params.pegs), "peg"),
                   count_of(static_cast<std::uint64_t>(params.colours), "colour"),
                   CodeSpace::kSymbols[static_cast<std::size_t>(params.colours - 1)], params.batch,
                   params.rules == Rules::adjacent ? "adjacent" : "classic",
                   count_of(static_cast<std::uint64_t>(params.max_tests), "test"), seed, seed);
        for (std::size_t t = 0; t < history.size(); ++t) {
            std::string strings, answers;
            for (const auto& s : history[t].strings) strings += draw_string(s, params.pegs, style) + " ";
            for (const auto& a : shown[t]) answers += draw_pair(a, params.rules) + " ";
            fmt::print("{:>3}  {}\n     answers {}\n", t + 1, strings, answers);
        }
        fmt::print("\n");
    };
    redraw();
    fmt::print("{}", kBatchHelp);
    std::optional<std::vector<std::uint32_t>> last_set;
    for (;;) {
        const auto typed = next_typed_line(fmt::format("test {} of {}> ", history.size() + 1, params.max_tests));
        if (!typed) {
            fmt::print("\nNo more input. The secret was {}.\n", secret);
            flush_stdout();
            return kExitBadInput;
        }
        const std::string& text = *typed;
        const auto [word, rest] = split_first(text);
        if (text.empty()) continue;
        if (text == "help" || text == "?") {
            fmt::print("{}", kBatchHelp);
        } else if (text == "reveal" || text == "give up" || text == "quit") {
            fmt::print("The secret was {}.\n", secret);
            flush_stdout();
            return kExitBadInput;
        } else if (text == "count") {
            if (history.empty()) {
                fmt::print("{} still fit (no test yet).\n", count_of(params.secret_count(), "secret"));
            } else {
                const auto position = Position::lazy(params, history, last_set ? &*last_set : nullptr);
                const auto fit = position.consistent();
                last_set.emplace(fit.begin(), fit.end());
                fmt::print("{} still {} the answers.\n", count_of(fit.size(), "secret"), fit.size() == 1 ? "fits" : "fit");
            }
        } else if (word == "hint") {
            const StrategyInfo* info = rest.empty() ? default_info : find_strategy(rest);
            if (!info || !strategy_refuses(*info, params).empty()) {
                fmt::print("No hint from '{}' here.\n", rest);
                continue;
            }
            const auto strategy = info->make(params, seed);
            try {
                const auto position = Position::lazy(params, history, last_set ? &*last_set : nullptr);
                // The strategies answer fast from their own positions; after a test of a
                // person's own, the set can be tens of millions, which takes them minutes.
                if (!history.empty() && position.consistent().size() > kLargestHintSet) {
                    fmt::print("No hint: {} still fit, more than the {} a strategy answers for "
                               "quickly. A test that splits them more helps.\n",
                               count_of(position.consistent().size(), "secret"), kLargestHintSet);
                    last_set.emplace(position.consistent().begin(), position.consistent().end());
                    continue;
                }
                const Move move = strategy->next(position);
                std::string strings;
                for (const auto& s : move.strings) strings += " " + draw_string(s, params.pegs, style);
                fmt::print("Hint ({}): {}{}\n", info->name, move.challenge ? "challenge" : "test", strings);
            } catch (const std::exception& e) {
                fmt::print("No hint: {}.\n", e.what());
            }
        } else if (word == "challenge") {
            BatchGame trial = game;
            const auto result = trial.challenge(rest);
            if (result.breach != RuleBreach::none) {
                fmt::print("Not a challenge: {}. Type help for the commands.\n", result.reason);
                continue;
            }
            if (result.accepted) {
                fmt::print("Accepted: you found it after {}.\n", count_of(history.size(), "test"));
                flush_stdout();
                return kExitOk;
            }
            fmt::print("Wrong answer. The secret was {}.\n", secret);
            flush_stdout();
            return kExitBadInput;
        } else {
            // A test: the game's own rules decide, on a copy, so that a mistake costs nothing.
            const auto words = words_of(text);
            BatchGame trial = game;
            auto result = trial.test(words);
            if (result.breach == RuleBreach::too_many_tests) {
                fmt::print("No tests left ({}); challenge or reveal.\n", result.reason);
                continue;
            }
            if (result.breach != RuleBreach::none) {
                fmt::print("Not a test: {}. Type help for the commands.\n", result.reason);
                continue;
            }
            game = std::move(trial);
            TestRecord record{result.strings, result.answers};
            std::sort(record.answers.begin(), record.answers.end());
            history.push_back(std::move(record));
            shown.push_back(result.shuffled);
            last_set.reset();
            redraw();
        }
    }
}

}  // namespace mastermind::app
