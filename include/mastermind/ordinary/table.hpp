// The ordinary game as a person plays it against a hidden secret, without a user interface: what
// `mastermind play` shows in a terminal and `mastermind serve` shows in a browser. It takes what a
// person types, keeps the rules (a bad guess is refused and costs nothing), and answers counts,
// hints and the end of the game. The secret is the one `mastermind judge --game ordinary --seed S`
// draws with the same options; a front end shows it only once over().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/engine/table_outcome.hpp"
#include "mastermind/ordinary/game.hpp"
#include "mastermind/ordinary/session.hpp"

namespace mastermind {

// A hint: the move, or why there is none.
struct OrdinaryHint {
    std::optional<std::uint32_t> code;
    std::string codebreaker;  // who gave it
    std::string why_not;
};

class OrdinaryTable {
  public:
    // `params` must be valid (OrdinaryParams::validate, CodeSpace::check).
    OrdinaryTable(const OrdinaryParams& params, std::uint64_t seed);
    OrdinaryTable(const OrdinaryTable&) = delete;
    OrdinaryTable& operator=(const OrdinaryTable&) = delete;

    const OrdinaryParams& params() const { return params_; }
    const CodeSpace& space() const { return space_; }
    std::uint64_t seed() const { return seed_; }
    const OrdinarySession& session() const { return session_; }
    TableOutcome outcome() const { return outcome_; }
    bool over() const { return outcome_ != TableOutcome::playing; }
    // The secret: for a front end to show once over().
    std::uint32_t secret() const { return secret_; }

    // A guess as typed: empty when played, otherwise why not (the game unchanged).
    std::string guess(std::string_view text);
    // The hint of codebreaker `name` ("auto" or empty: the best for the game), within `budget`.
    OrdinaryHint hint(std::string_view name, const Budget& budget = {}) const;
    void give_up();

  private:
    OrdinaryParams params_;
    CodeSpace space_;
    std::uint64_t seed_;
    std::uint32_t secret_;
    OrdinarySession session_;
    TableOutcome outcome_ = TableOutcome::playing;
};

}  // namespace mastermind
