// Every secret that gives one test's answers, found without scanning all K^P secrets.
//
// A string's hit + blow depends only on how many of each digit the secret holds, so the count
// vectors (48,620 for P = 9, K = 10) are tried first against the multiset of the answers' sums;
// the few that fit are then arranged position by position, a branch dropped as soon as some
// string's hits leave the range its possible answers allow. Each complete arrangement is checked
// against the whole answer multiset, so the result is exact.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/core/budget.hpp"

namespace mastermind {

// Indices (0 .. K^P-1, increasing) of the secrets whose answers to `record.strings` are
// `record.answers` as a multiset. Needs K^P < 2^32 and at most 15 strings.
std::vector<std::uint32_t> secrets_answering(const QueryRecord& record, const BatchParams& params);
// The same for every record of a history at once: the secrets consistent with all of them. The
// count vectors must fit every record's sums, and each branch is dropped as soon as one record's
// hits (per string, or in total) leave their range. With no record: every secret. `Index` is
// std::uint32_t (K^P < 2^32) or std::uint64_t (any game; position.hpp says which a game uses).
template <class Index = std::uint32_t>
std::vector<Index> secrets_consistent(std::span<const QueryRecord> history,
                                      const BatchParams& params);
extern template std::vector<std::uint32_t> secrets_consistent<std::uint32_t>(
    std::span<const QueryRecord>, const BatchParams&);
extern template std::vector<std::uint64_t> secrets_consistent<std::uint64_t>(
    std::span<const QueryRecord>, const BatchParams&);

// Tests of 16 strings and adjacent answers are not enumerated but scanned, secret by secret: in
// games of at most this many secrets.
inline constexpr std::uint64_t kLargestScan = std::uint64_t{1} << 26;
// Empty if the secrets consistent with `history` can be listed or counted, else why not (a scan
// over more than kLargestScan secrets); secrets_consistent throws std::invalid_argument with it.
std::string why_not_countable(std::span<const QueryRecord> history, const BatchParams& params);

// How many secrets are consistent with `history`, counted without keeping them: at most `limit`
// (`at_least` then says there are more; with no test, every secret). Throws BudgetExhausted when
// `budget` runs out first and std::invalid_argument with why_not_countable()'s reason.
struct SecretCount {
    std::uint64_t count = 0;
    bool at_least = false;  // more than `count` fit
};
SecretCount count_consistent(std::span<const QueryRecord> history, const BatchParams& params,
                             const Budget& budget, std::uint64_t limit);

// The members of `secrets` (indices, any order; kept in that order) that also give `record`'s
// answers.
std::vector<std::uint32_t> filter_secrets(std::span<const std::uint32_t> secrets,
                                          const QueryRecord& record, const BatchParams& params);
std::vector<std::uint64_t> filter_secrets(std::span<const std::uint64_t> secrets,
                                          const QueryRecord& record, const BatchParams& params);

// The digits of the secret with this index, peg 0 first (peg 0 is the most significant digit).
void digits_of_index(std::uint32_t index, const BatchParams& params, std::uint8_t* digits);
// The same for games of more than 2^32 secrets (10 pegs of 10 colours...); the 32-bit one stays
// for the hot loops of smaller games (a 64-bit division is the slower one).
void digits_of_index(std::uint64_t index, const BatchParams& params, std::uint8_t* digits);

}  // namespace mastermind
