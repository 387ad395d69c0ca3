// The rules of one Batch Style Mastermind game, as the judge enforces them: each test is exactly
// B strings of P symbols below K, distinct within the test and from every string sent earlier;
// the answers come back in an order shuffled by a seeded generator; at most M tests; one
// challenge ends the game.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {

enum class RuleBreach {
    none,
    wrong_count,       // not exactly B strings
    bad_string,        // wrong length or a symbol outside the first K
    repeated_in_test,  // the same string twice in one test
    repeated_earlier,  // a string already sent in an earlier test
    too_many_tests,    // a test after M tests
    game_over,         // anything after the challenge
};

struct QueryResult {
    RuleBreach breach = RuleBreach::none;
    std::string reason;               // set when breach != none
    std::vector<PackedCode> strings;  // as sent
    std::vector<HitBlow> answers;     // answers[i] belongs to strings[i]
    std::vector<HitBlow> shuffled;    // what the solver is told
};

struct ChallengeResult {
    RuleBreach breach = RuleBreach::none;
    std::string reason;
    bool accepted = false;
};

// The game a seed makes, as `mastermind judge --seed S` plays it: the secret drawn from the seed
// (unless given), then the seed of the answers' shuffles.
struct SeededGame {
    PackedCode secret;
    std::uint64_t shuffle_seed = 0;
};
SeededGame seeded_game(const BatchParams& params, std::optional<PackedCode> secret,
                       std::uint64_t seed);

class BatchGame {
  public:
    BatchGame(BatchParams params, PackedCode secret, std::uint64_t shuffle_seed);

    QueryResult test(std::span<const std::string_view> strings);
    ChallengeResult challenge(std::string_view guess);

    const BatchParams& params() const { return params_; }
    const PackedCode& secret() const { return secret_; }
    int tests_used() const { return tests_used_; }
    bool over() const { return over_; }

  private:
    BatchParams params_;
    PackedCode secret_;
    Rng shuffle_;
    int tests_used_ = 0;
    bool over_ = false;
    std::unordered_set<std::uint64_t> sent_;  // packed strings of earlier tests
};

// Why a string is not a valid code of the game ("has 8 symbols, expected 9", ...), or empty.
std::string describe_bad_code(std::string_view text, const BatchParams& params);

}  // namespace mastermind
