#include "mastermind/batch/table.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "mastermind/batch/position.hpp"
#include "mastermind/core/text.hpp"

namespace mastermind {

namespace {

BatchGame judges_game(const BatchParams& params, std::uint64_t seed) {
    const auto game = seeded_game(params, std::nullopt, seed);
    return BatchGame(params, game.secret, game.shuffle_seed);
}

}  // namespace

BatchTable::BatchTable(const BatchParams& params, std::uint64_t seed)
    : params_(params), seed_(seed), game_(judges_game(params, seed)) {}

std::string BatchTable::test(std::string_view text) {
    if (over()) return "the game is over";
    const auto words = words_of(text);
    BatchGame trial = game_;
    auto result = trial.test(words);
    if (result.breach == RuleBreach::too_many_tests)
        return fmt::format("no tests left ({})", result.reason);
    if (result.breach != RuleBreach::none) return result.reason;
    game_ = std::move(trial);
    QueryRecord record{result.strings, result.answers};
    std::sort(record.answers.begin(), record.answers.end());
    history_.push_back(std::move(record));
    shown_.push_back(std::move(result.shuffled));
    before_last_ = std::move(known_);
    known_.reset();
    counted_.reset();
    return {};
}

std::string BatchTable::challenge(std::string_view text) {
    if (over()) return "the game is over";
    BatchGame trial = game_;
    const auto result = trial.challenge(text);
    if (result.breach != RuleBreach::none) return result.reason;
    game_ = std::move(trial);
    outcome_ = result.accepted ? TableOutcome::won : TableOutcome::lost;
    return {};
}

const SecretSet& BatchTable::consistent() {
    if (!known_) {
        const auto position =
            Position::lazy(params_, history_, before_last_ ? &*before_last_ : nullptr);
        known_ = position.visit_consistent(
            [](auto fit) { return SecretSet(std::vector(fit.begin(), fit.end())); });
    }
    return *known_;
}

BatchTable::Count BatchTable::count(const Budget& budget) {
    if (!counted_) {
        try {
            counted_ = count_consistent(history_, params_, budget,
                                        std::numeric_limits<std::uint64_t>::max());
        } catch (const BudgetExhausted& e) {
            return {std::nullopt, e.what()};
        } catch (const std::invalid_argument& e) {
            return {std::nullopt, e.what()};
        }
    }
    return {counted_->count, {}};
}

BatchHint BatchTable::hint(std::string_view name, const Budget& budget) {
    BatchHint hint;
    if (over()) {
        hint.why_not = "the game is over";
        return hint;
    }
    const StrategyInfo* info = hint_strategy(name, params_, hint.why_not);
    if (!info) return hint;
    hint.strategy = info->name;
    try {
        if (!history_.empty()) {
            // Counted first, without keeping the secrets: only a set small enough is listed.
            const auto fit =
                counted_ ? *counted_ : count_consistent(history_, params_, budget, kLargestHintSet);
            if (fit.at_least || fit.count > kLargestHintSet) {
                hint.why_not =
                    fit.at_least
                        ? fmt::format("more than {} secrets still fit, too many for a strategy to "
                                      "answer quickly; a test that splits them more helps",
                                      kLargestHintSet)
                        : fmt::format("{} still fit, more than the {} a strategy answers for "
                                      "quickly; a test that splits them more helps",
                                      count_of(fit.count, "secret"), kLargestHintSet);
                return hint;
            }
            counted_ = fit;
        }
        if (tests_left() == 0) {
            // Only the challenge is left: the first secret that fits (any of them may be it).
            const auto first = std::visit(
                [](const auto& set) -> std::optional<std::uint64_t> {
                    if (set.empty()) return std::nullopt;
                    return set.front();
                },
                consistent());
            if (!first) throw InconsistentAnswers("no secret fits the answers");
            hint.move = Move{true, {PackedCode::from_index(*first, params_)}};
            if (counted_->count > 1) {
                hint.note = fmt::format("no tests left: the first of the {} secrets that fit",
                                        counted_->count);
            }
            return hint;
        }
        const auto strategy = info->make(params_, seed_);
        hint.move =
            history_.empty()
                ? strategy->next(Position::lazy(params_, history_))
                : std::visit(
                      [&](const auto& set) {
                          return strategy->next(Position::exact(params_, history_, std::span(set)));
                      },
                      consistent());
    } catch (const std::exception& e) {
        hint.why_not = e.what();
    }
    return hint;
}

void BatchTable::give_up() {
    if (!over()) outcome_ = TableOutcome::gave_up;
}

}  // namespace mastermind
