// A game of the ordinary family as a person plays it, by hand (`mastermind play`) or on a real
// board (`mastermind assist`): the guesses and answers so far, the codes still possible (narrowed
// by consistent_set.hpp, as in real play and in the evaluator), a hint from any codebreaker, and,
// when the answers fit no code, the fewest answers that, corrected, make the game consistent.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind {

class OrdinarySession {
  public:
    explicit OrdinarySession(const CodeSpace& space);

    const CodeSpace& space() const { return space_; }
    // One turn: `guess` answered `feedback` (CodeSpace feedback ids).
    void add(std::uint32_t guess, std::uint32_t feedback);
    // Takes back the last turn (a person's typing error); false if there is none.
    bool undo();
    // Replaces the answer of turn `turn` (index into history()); false if there is no such turn.
    bool correct(std::size_t turn, std::uint32_t feedback);
    std::span<const Guess> history() const { return history_; }
    // The codes consistent with every answer, increasing; empty when the answers fit no code.
    std::span<const std::uint32_t> consistent() const { return sets_.back(); }
    bool solved() const { return !history_.empty() && history_.back().feedback == space_.win(); }

    // The next guess `info` plays here. Throws InconsistentAnswers when no code fits.
    std::uint32_t hint(const CodebreakerInfo& info, CodebreakerOptions options) const;
    // Whether a hint comes within seconds: the codebreakers weigh every code against the codes
    // that fit, so a large game after a guess of a person's own (8x8: millions of each) would
    // take them hours. At the start their symmetry makes it quick. A person is told instead.
    bool hint_within_reach() const {
        return history_.empty() ||
               static_cast<double>(consistent().size()) * space_.size() <= kQuickHintWork;
    }
    static constexpr double kQuickHintWork = 1e11;

    // When the answers fit no code: the fewest answers to change so that some code fits them all.
    struct Correction {
        std::size_t turn;       // index into history()
        std::uint32_t entered;  // the answer given
        std::uint32_t correct;  // what it would have been
    };
    struct Repair {
        std::vector<Correction> corrections;  // by turn
        std::uint64_t codes = 0;              // codes that fit once these are corrected
    };
    // Every way to make the game consistent by changing the fewest answers, likeliest first (the
    // fewest pegs moved between the answers given and the right ones, then the most codes left),
    // at most `limit` of them. Empty if the game is already consistent or has no turn.
    std::vector<Repair> repairs(std::size_t limit = 5) const;

  private:
    const CodeSpace& space_;
    std::vector<Guess> history_;
    std::vector<std::vector<std::uint32_t>> sets_;  // [t]: consistent after t turns
};

}  // namespace mastermind
