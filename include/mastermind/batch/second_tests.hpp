// The table of second tests found offline (`mastermind second-tests`): for the answer classes of
// the record strategy's first test that its play-time search leaves unsplit, the best test a much
// longer search found. adaptive-split looks a class up here before it searches.
//
// The compiled table, for the 9/10/9 game, is src/batch/strategies/second_tests_9_10_9.inc: one
// line per class, `{class key, class size, secrets left not alone, "nine strings"},`, sorted by
// key, and its checksum in the header (the test suite checks both). A class key is compact_key() of
// the class's answers to the first test. docs/strategies.md, "The second test".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

struct SecondTestEntry {
    std::uint64_t class_key = 0;
    std::uint32_t size = 0;       // secrets in the class
    std::uint32_t not_alone = 0;  // of them, those the test leaves sharing their answers (0: split)
    std::vector<PackedCode> test;
    friend bool operator==(const SecondTestEntry&, const SecondTestEntry&) = default;
};

// The compiled table of the 9/10/9 game, sorted by class key (every entry parsed: for checks and
// tools; tens of milliseconds for a full table).
std::span<const SecondTestEntry> compiled_second_tests();
// The compiled table's entry for one class, found by a binary search of the compiled array and
// parsed alone: what a game needs, at no start-up cost.
std::optional<SecondTestEntry> compiled_second_test(std::uint64_t class_key);
// The entry of `class_key` in a table sorted by key, or null.
const SecondTestEntry* find_second_test(std::span<const SecondTestEntry> table,
                                        std::uint64_t class_key);
// A hash of every field of every entry, in order.
std::uint64_t second_tests_checksum(std::span<const SecondTestEntry> table);
// The table as the source of second_tests_9_10_9.inc (entries sorted by key), with a header
// that says how it was made (`command`) and its checksum.
std::string second_tests_source(std::vector<SecondTestEntry> table, const BatchParams& params,
                                const std::string& command);
// One entry of that source: `{0x..., size, not alone, "strings"},` (no newline).
std::string second_test_line(const SecondTestEntry& entry, const BatchParams& params);
// One entry line of that source back (nullopt-like: false if the line is not an entry).
bool parse_second_test_line(const std::string& line, const BatchParams& params,
                            SecondTestEntry& entry);

// The secrets of the class `class_key` names: those that answer `first_test` that way.
std::vector<std::uint32_t> class_members(std::uint64_t class_key,
                                         std::span<const PackedCode> first_test,
                                         const BatchParams& params);

// The second stage of the offline pass (`mastermind second-tests --deepen`): `entry`'s class (of
// the answers to `first_test`) searched again, from the entry's test, for `steps` moves in
// `restarts` + 1 runs (SplitSearch), with a generator seeded by `seed` and the class key only, so
// the result does not depend on which thread or in which order classes are deepened. With
// `fresh_starts` > 0 the class is searched instead from that many random tests drawn from the same
// generator (each search `steps` moves in `restarts` + 1 runs; they stop once one splits the
// class): a test the searches from the entry's have refined for rounds sits in a basin they no
// longer leave, and searches from elsewhere end in other basins (docs/strategies.md, "Fresh
// starts"). Returns the entry with the best test found when it leaves fewer secrets not alone,
// or the entry itself. Throws std::invalid_argument when the entry does not describe its class
// (another size or another count of secrets not alone): a table made for another first test.
SecondTestEntry deepen_second_test(const SecondTestEntry& entry,
                                   std::span<const PackedCode> first_test,
                                   const BatchParams& params, std::uint64_t steps, int restarts,
                                   std::uint64_t seed, int fresh_starts = 0);

}  // namespace mastermind
