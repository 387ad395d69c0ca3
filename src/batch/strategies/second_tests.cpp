#include "mastermind/batch/second_tests.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/hash.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {

namespace {

// The test's text is held in the entry itself, not pointed to: a pointer per entry would make
// 20,000 string literals, each a global the sanitizers register and a relocation the loader
// applies at every start-up, a visible share of a sanitized process's start (held inline, the
// table starts as fast as an empty one: docs/performance.md, "Build time and the test suite").
// A test of the 9/10/9 game is 9 strings of 9 digits and 8 spaces; a longer one does not compile.
struct RawEntry {
    std::uint64_t class_key;
    std::uint32_t size, not_alone;
    char strings[9 * 9 + 8 + 1];
};

constexpr RawEntry kCompiled[] = {
#include "second_tests_9_10_9.inc"
    {0, 0, 0, ""},  // the end (an empty table stays a valid array)
};
// The entries, without the end marker: in key order (second_tests_source writes them so), which
// compiled_second_test's binary search needs; checked here at compile time.
constexpr std::span<const RawEntry> kEntries(kCompiled, std::size(kCompiled) - 1);
static_assert(std::is_sorted(kEntries.begin(), kEntries.end(),
                             [](const RawEntry& a, const RawEntry& b) {
                                 return a.class_key < b.class_key;
                             }),
              "second_tests_9_10_9.inc: the entries must be sorted by class key");

std::vector<PackedCode> parse_strings(std::string_view text, const BatchParams& params) {
    std::vector<PackedCode> test;
    std::istringstream in{std::string(text)};
    for (std::string word; in >> word;) {
        const auto code = PackedCode::parse(word, params);
        if (!code)
            throw std::invalid_argument(
                fmt::format("second tests: \"{}\" is not a string of the game", word));
        test.push_back(*code);
    }
    return test;
}

}  // namespace

std::span<const SecondTestEntry> compiled_second_tests() {
    static const std::vector<SecondTestEntry> table = [] {
        const BatchParams params;  // 9/10/9
        std::vector<SecondTestEntry> t;
        for (const auto& raw : kEntries)
            t.push_back(
                {raw.class_key, raw.size, raw.not_alone, parse_strings(raw.strings, params)});
        std::sort(t.begin(), t.end(),
                  [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
        return t;
    }();
    return table;
}

std::optional<SecondTestEntry> compiled_second_test(std::uint64_t class_key) {
    const auto it =
        std::lower_bound(kEntries.begin(), kEntries.end(), class_key,
                         [](const RawEntry& e, std::uint64_t key) { return e.class_key < key; });
    if (it == kEntries.end() || it->class_key != class_key) return std::nullopt;
    return SecondTestEntry{it->class_key, it->size, it->not_alone,
                           parse_strings(it->strings, BatchParams{})};
}

const SecondTestEntry* find_second_test(std::span<const SecondTestEntry> table,
                                        std::uint64_t class_key) {
    const auto it = std::lower_bound(
        table.begin(), table.end(), class_key,
        [](const SecondTestEntry& e, std::uint64_t key) { return e.class_key < key; });
    return it != table.end() && it->class_key == class_key ? &*it : nullptr;
}

std::uint64_t second_tests_checksum(std::span<const SecondTestEntry> table) {
    std::uint64_t h = mix64(table.size());
    for (const auto& e : table) {
        h = mix64(h ^ e.class_key);
        h = mix64(h ^ (std::uint64_t{e.size} << 32 | e.not_alone));
        for (const auto& s : e.test) h = mix64(h ^ s.nibbles());
    }
    return h;
}

std::string second_tests_source(std::vector<SecondTestEntry> table, const BatchParams& params,
                                const std::string& command) {
    std::sort(table.begin(), table.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    std::size_t split = 0, left = 0;
    for (const auto& e : table) {
        if (e.not_alone == 0) ++split;
        left += e.not_alone;
    }
    std::string out = fmt::format(
        "// Second tests found offline for the answer classes of adaptive-split's first test that "
        "its\n"
        "// play-time search leaves unsplit (include/mastermind/batch/second_tests.hpp).\n"
        "// Made by: {}\n"
        "// Game {}/{}/{}: {} classes, {} of them split into singletons; {} secrets left not "
        "alone.\n"
        "// Entry: {{class key (compact answer key of the first test), class size, secrets not "
        "alone, \"test\"}},\n"
        "// checksum {:016x}\n",
        command, params.pegs, params.colours, params.batch, table.size(), split, left,
        second_tests_checksum(table));
    for (const auto& e : table) out += second_test_line(e, params) + "\n";
    return out;
}

std::string second_test_line(const SecondTestEntry& entry, const BatchParams& params) {
    return fmt::format("{{0x{:016x}, {}, {}, \"{}\"}},", entry.class_key, entry.size,
                       entry.not_alone, strings_text(entry.test, params.pegs));
}

bool parse_second_test_line(const std::string& line, const BatchParams& params,
                            SecondTestEntry& entry) {
    unsigned long long key = 0;
    unsigned size = 0, not_alone = 0;
    int used = 0;
    if (std::sscanf(line.c_str(), "{0x%llx, %u, %u, \"%n", &key, &size, &not_alone, &used) != 3 ||
        used == 0)
        return false;
    const auto close = line.find('"', static_cast<std::size_t>(used));
    if (close == std::string::npos || line.compare(close, 3, "\"},") != 0) return false;
    try {
        entry = {
            key, size, not_alone,
            parse_strings(std::string_view(line).substr(static_cast<std::size_t>(used),
                                                        close - static_cast<std::size_t>(used)),
                          params)};
    } catch (const std::invalid_argument&) {
        return false;
    }
    if (static_cast<int>(entry.test.size()) != params.batch || entry.not_alone > entry.size ||
        entry.size == 0)
        return false;
    // A test's strings are distinct.
    for (std::size_t i = 0; i < entry.test.size(); ++i) {
        for (std::size_t j = i + 1; j < entry.test.size(); ++j) {
            if (entry.test[i] == entry.test[j]) return false;
        }
    }
    return true;
}

std::vector<std::uint32_t> class_members(std::uint64_t class_key,
                                         std::span<const PackedCode> first_test,
                                         const BatchParams& params) {
    const QueryRecord record{
        std::vector<PackedCode>(first_test.begin(), first_test.end()),
        answers_from_key(expand_compact_key(class_key, params.batch), params, params.batch)};
    return secrets_answering(record, params);
}

namespace {

// B distinct random strings, none of them `avoid`'s (the strings sent before); nullopt when a
// hundred draws all meet one (a game so small that the avoided strings are a large share).
std::optional<std::vector<PackedCode>> random_start(Rng& rng, const BatchParams& params,
                                                    std::span<const PackedCode> avoid) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        auto test = random_distinct_strings(rng, params);
        if (std::none_of(test.begin(), test.end(), [&](const PackedCode& s) {
                return std::find(avoid.begin(), avoid.end(), s) != avoid.end();
            }))
            return test;
    }
    return std::nullopt;
}

}  // namespace

SecondTestEntry deepen_second_test(const SecondTestEntry& entry,
                                   std::span<const PackedCode> first_test,
                                   const BatchParams& params, std::uint64_t steps, int restarts,
                                   std::uint64_t seed, int fresh_starts) {
    const auto members = class_members(entry.class_key, first_test, params);
    if (members.size() != entry.size) {
        throw std::invalid_argument(fmt::format(
            "class {:016x}: the entry says {} secrets, the first test's answers give {}",
            entry.class_key, entry.size, members.size()));
    }
    SplitSearch search(params, members, first_test);
    if (const auto counted = search.not_alone(entry.test); counted != entry.not_alone) {
        throw std::invalid_argument(
            fmt::format("class {:016x}: the entry says {} secrets not alone, its test leaves {}",
                        entry.class_key, entry.not_alone, counted));
    }
    if (entry.not_alone == 0) return entry;
    Rng rng(derive_seed(seed, entry.class_key));
    SplitResult found{entry.test, entry.not_alone, 0};
    if (fresh_starts == 0) {
        found = search.improve(entry.test, rng, steps, restarts);
    } else {
        for (int run = 0; run < fresh_starts && found.not_alone > 0; ++run) {
            auto start = random_start(rng, params, first_test);
            if (!start) break;
            auto result = search.improve(std::move(*start), rng, steps, restarts);
            if (result.not_alone < found.not_alone) found = std::move(result);
        }
    }
    if (found.not_alone >= entry.not_alone) return entry;
    return {entry.class_key, entry.size, static_cast<std::uint32_t>(found.not_alone),
            std::move(found.test)};
}

}  // namespace mastermind
