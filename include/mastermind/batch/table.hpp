// Batch Style Mastermind as a person plays it against a hidden secret, without a user interface:
// what `mastermind play --game batch` shows in a terminal and `mastermind serve` in a browser. A
// test is a line of B strings; the game's own rules decide on a copy, so that a refused test costs
// nothing. The game is the one `mastermind judge --seed S` plays with the same options; a front
// end shows the secret only once over().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/batch/game.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/engine/table_outcome.hpp"

namespace mastermind {

struct BatchHint {
    std::optional<Move> move;
    std::string strategy;  // who gave it
    std::string why_not;
    std::string note;  // what a person should know of the move, if anything
};

class BatchTable {
  public:
    // `params` must be valid (BatchParams::validate).
    BatchTable(const BatchParams& params, std::uint64_t seed);
    BatchTable(const BatchTable&) = delete;
    BatchTable& operator=(const BatchTable&) = delete;

    const BatchParams& params() const { return params_; }
    std::uint64_t seed() const { return seed_; }
    TableOutcome outcome() const { return outcome_; }
    bool over() const { return outcome_ != TableOutcome::playing; }
    // The secret: for a front end to show once over().
    PackedCode secret() const { return game_.secret(); }
    int tests_left() const { return params_.max_tests - static_cast<int>(history_.size()); }
    // Turn t: the strings as sent and the answers as the judge shuffled them.
    std::size_t turns() const { return history_.size(); }
    const std::vector<PackedCode>& strings(std::size_t turn) const {
        return history_[turn].strings;
    }
    const std::vector<HitBlow>& answers(std::size_t turn) const { return shown_[turn]; }

    // A test as typed (strings separated by spaces): empty when played, otherwise why not.
    std::string test(std::string_view text);
    // The final answer: empty when played (outcome() is then won or lost), otherwise why not.
    std::string challenge(std::string_view text);
    // The number of secrets that fit every answer, counted within `budget` (once per turn, when
    // it finishes); `why_not` says why there is no count (the budget ran out, the game is too
    // large to scan).
    struct Count {
        std::optional<std::uint64_t> secrets;
        std::string why_not;
    };
    Count count(const Budget& budget = {});
    // The move of strategy `name` ("auto" or empty: the best for the game), within `budget`.
    BatchHint hint(std::string_view name, const Budget& budget = {});
    void give_up();

    // Above this many secrets a hint is refused: the strategies answer quickly from their own
    // positions, but after a test of a person's own the set can be tens of millions.
    static constexpr std::size_t kLargestHintSet = 1'000'000;

  private:
    // At the game's index width (position.hpp).
    const SecretSet& consistent();

    BatchParams params_;
    std::uint64_t seed_;
    BatchGame game_;
    std::vector<QueryRecord> history_;              // what a strategy knows (answers sorted)
    std::vector<std::vector<HitBlow>> shown_;       // the answers as the judge shuffled them
    std::optional<SecretSet> before_last_, known_;  // consistent sets, when computed
    std::optional<SecretCount> counted_;            // this turn's count, when computed
    TableOutcome outcome_ = TableOutcome::playing;
};

}  // namespace mastermind
