#include "mastermind/batch/query_record.hpp"

#include <algorithm>
#include <array>

#include "mastermind/batch/params.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {

bool consistent_with(const PackedCode& code, const QueryRecord& record, int pegs, Rules rules) {
    std::array<HitBlow, BatchParams::kMaxBatch> got;
    const std::size_t n = record.strings.size();
    for (std::size_t i = 0; i < n; ++i) got[i] = code.score(record.strings[i], pegs, rules);
    std::sort(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n));
    return std::equal(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n),
                      record.answers.begin(), record.answers.end());
}

bool consistent_with_all(const PackedCode& code, std::span<const QueryRecord> history, int pegs,
                         Rules rules) {
    return std::all_of(history.begin(), history.end(),
                       [&](const QueryRecord& r) { return consistent_with(code, r, pegs, rules); });
}

QueryRecord answered_record(std::vector<PackedCode> strings, const PackedCode& secret, int pegs,
                            Rules rules) {
    QueryRecord r{std::move(strings), {}};
    for (const auto& s : r.strings) r.answers.push_back(secret.score(s, pegs, rules));
    std::sort(r.answers.begin(), r.answers.end());
    return r;
}

std::uint64_t history_fingerprint(std::span<const QueryRecord> history) {
    std::uint64_t h = history.size();
    for (const auto& r : history) {
        for (const auto& s : r.strings) h = derive_seed(h, s.nibbles());
        for (const auto& a : r.answers)
            h = derive_seed(h, std::uint64_t{a.grey} << 16 | std::uint64_t{a.hit} << 8 | a.blow);
    }
    return h;
}

}  // namespace mastermind
