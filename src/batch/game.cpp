#include "mastermind/batch/game.hpp"
#include "mastermind/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mastermind {

SeededGame seeded_game(const BatchParams& params, std::optional<PackedCode> secret,
                       std::uint64_t seed) {
    Rng rng(seed);
    SeededGame game;
    game.secret =
        secret ? *secret : PackedCode::from_index(rng.below(params.secret_count()), params);
    game.shuffle_seed = rng.next();
    return game;
}

std::string describe_bad_code(std::string_view text, const BatchParams& params) {
    if (static_cast<int>(text.size()) != params.pegs) {
        return fmt::format("has {}, expected {}", count_of(text.size(), "symbol"), params.pegs);
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto at = BatchParams::kSymbols.find(text[i]);
        if (at == std::string_view::npos || static_cast<int>(at) >= params.colours) {
            return fmt::format("has symbol '{}' at position {}, expected {}-{}", text[i], i + 1,
                               BatchParams::kSymbols[0],
                               BatchParams::kSymbols[static_cast<std::size_t>(params.colours - 1)]);
        }
    }
    return {};
}

BatchGame::BatchGame(BatchParams params, PackedCode secret, std::uint64_t shuffle_seed)
    : params_(params), secret_(secret), shuffle_(shuffle_seed) {}

QueryResult BatchGame::test(std::span<const std::string_view> strings) {
    QueryResult r;
    auto breach = [&](RuleBreach kind, std::string reason) {
        r.breach = kind;
        r.reason = std::move(reason);
        over_ = true;
        return r;
    };
    if (over_) return breach(RuleBreach::game_over, "the game is over");
    if (tests_used_ >= params_.max_tests) {
        return breach(RuleBreach::too_many_tests,
                      fmt::format("test {} is past the limit of {} tests", tests_used_ + 1,
                                  params_.max_tests));
    }
    if (static_cast<int>(strings.size()) != params_.batch) {
        return breach(RuleBreach::wrong_count,
                      fmt::format("test has {}, expected {}", count_of(strings.size(), "string"),
                                  params_.batch));
    }
    for (std::size_t i = 0; i < strings.size(); ++i) {
        const auto code = PackedCode::parse(strings[i], params_);
        if (!code) {
            return breach(RuleBreach::bad_string,
                          fmt::format("string {} '{}' {}", i + 1, strings[i].substr(0, 40),
                                      describe_bad_code(strings[i], params_)));
        }
        for (std::size_t j = 0; j < r.strings.size(); ++j) {
            if (r.strings[j] == *code) {
                return breach(RuleBreach::repeated_in_test,
                              fmt::format("string {} '{}' repeats string {} of the same test",
                                          i + 1, strings[i], j + 1));
            }
        }
        if (sent_.contains(code->nibbles())) {
            return breach(
                RuleBreach::repeated_earlier,
                fmt::format("string {} '{}' was sent in an earlier test", i + 1, strings[i]));
        }
        r.strings.push_back(*code);
    }
    ++tests_used_;
    for (const auto& s : r.strings) {
        sent_.insert(s.nibbles());
        r.answers.push_back(secret_.score(s, params_.pegs, params_.rules));
    }
    r.shuffled = r.answers;
    for (std::size_t i = r.shuffled.size(); i > 1; --i) {  // Fisher-Yates with our own draws
        std::swap(r.shuffled[i - 1], r.shuffled[shuffle_.below(i)]);
    }
    return r;
}

ChallengeResult BatchGame::challenge(std::string_view guess) {
    ChallengeResult r;
    if (over_) {
        r.breach = RuleBreach::game_over;
        r.reason = "the game is over";
        return r;
    }
    over_ = true;
    const auto code = PackedCode::parse(guess, params_);
    if (!code) {
        r.breach = RuleBreach::bad_string;
        r.reason = fmt::format("challenge '{}' {}", guess.substr(0, 40),
                               describe_bad_code(guess, params_));
        return r;
    }
    r.accepted = *code == secret_;
    return r;
}

}  // namespace mastermind
