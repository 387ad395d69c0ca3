#include <array>

#include <fmt/format.h>

#include "codebreakers.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind {

namespace {

// `optimal` proves the whole game's optimum before its first move: 4x6 well within a second,
// 4x7 (2,401 codes) in seconds on the project's machine, larger games too slowly for a hint
// (docs/optimal.md; docs/performance.md, "The exact optimum").
constexpr std::uint64_t kOptimalHintCodes = 2401;
// `optimal-worst` (and `optimal-worst-fewest`) also refute each smaller worst case first: 4x7's 5
// alone takes seconds.
constexpr std::uint64_t kOptimalWorstHintCodes = 1296;

}  // namespace

std::span<const CodebreakerInfo> all_codebreakers() {
    static const std::array<CodebreakerInfo, 10> all{{
        {"knuth",
         "Knuth 1976: the guess whose largest part is smallest (4x6: 5801 guesses, at most 5)",
         codebreakers::make_knuth, "0011"},
        {"irving", "Irving 1979: the smallest expected part size (4x6: 5696)",
         codebreakers::make_irving, "0012"},
        {"entropy", "Neuwirth 1982: the largest entropy of the partition (4x6: 5722)",
         codebreakers::make_entropy, "0123"},
        {"most-parts", "Kooi 2005: the most parts (4x6: 5668)", codebreakers::make_most_parts,
         "0012"},
        {"shapiro", "Shapiro 1983: the first consistent code", codebreakers::make_shapiro, ""},
        {"optimal",
         "the fewest guesses in total, by exact search (4x6: 5625; 5626 with --max-guesses 5)",
         codebreakers::make_optimal, "", OptimalSearch::check, kOptimalHintCodes},
        {"optimal-worst",
         "the least worst case, then the fewest guesses in total among the strategies that reach "
         "it, by exact search (4x6: at most 5 guesses, 5626)",
         codebreakers::make_optimal_worst, "", OptimalSearch::check, kOptimalWorstHintCodes},
        {"optimal-worst-fewest",
         "the least worst case, then the fewest games that take it, then the fewest guesses in "
         "total, by exact search (4x6: at most 5 guesses, 539 games of 5, 5627)",
         codebreakers::make_optimal_worst_fewest, "", OptimalSearch::check,
         kOptimalWorstHintCodes},
        {"entropy-optimal",
         "entropy while more than --exact-below secrets remain (default 100), then the exact "
         "optimum of each set",
         codebreakers::make_entropy_optimal, "0123", OptimalSearch::check},
        {"tree",
         "plays the decision tree of a file (--tree FILE, written by evaluate --write-tree)",
         codebreakers::make_tree, ""},
    }};
    return all;
}

std::string codebreaker_refuses(const CodebreakerInfo& info, const CodeShape& shape) {
    // Every codebreaker holds the game's codes as masks: a game the code space cannot hold first.
    if (auto why = CodeSpace::check(shape); !why.empty()) return why;
    if (!info.refuses) return {};
    return info.refuses(shape.count());
}

std::string codebreaker_refuses_hints(const CodebreakerInfo& info, std::uint64_t codes) {
    if (info.name == "tree") return "the tree codebreaker needs a tree file; name another";
    if (info.refuses) {
        if (auto why = info.refuses(codes); !why.empty()) return why;
    }
    if (codes <= info.hint_codes) return {};
    return fmt::format(
        "{} searches the whole game for its first move, which a hint does only in games of at most "
        "{} "
        "codes (this one has {}); entropy-optimal plays the exact optimum once few codes are left",
        info.name, info.hint_codes, codes);
}

std::string codebreaker_searches_first(const CodebreakerInfo& info, std::uint64_t codes) {
    if (codes <= info.hint_codes) return {};
    return fmt::format(
        "{} searches the whole game of {} before its first move: seconds to hours by the game "
        "(4x7 in seconds, 5x6 in minutes, docs/optimal.md)",
        info.name, count_of(codes, "code"));
}

const CodebreakerInfo* find_codebreaker(std::string_view name) {
    for (const auto& c : all_codebreakers()) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

const CodebreakerInfo* best_codebreaker_for(const CodeShape&) {
    return find_codebreaker("most-parts");
}

std::string codebreaker_names() {
    return names_of(all_codebreakers());
}

const CodebreakerInfo* hint_codebreaker(std::string_view name, const CodeSpace& space,
                                        std::string& why) {
    const CodebreakerInfo* info =
        name == "auto" ? best_codebreaker_for(space.shape()) : find_codebreaker(name);
    if (!info) {
        // The names a hint may take: auto and every codebreaker but tree (it needs a file).
        std::string names = "auto";
        for (const auto& c : all_codebreakers())
            if (c.name != "tree") names += fmt::format(", {}", c.name);
        why = fmt::format("'{}' is not a codebreaker that gives hints ({})", name, names);
        return nullptr;
    }
    why = codebreaker_refuses_hints(*info, space.size());
    return why.empty() ? info : nullptr;
}

std::optional<std::uint32_t> default_first_guess(const CodebreakerInfo& info,
                                                 const CodeSpace& space) {
    // The first guesses of the published 4x6 figures, and 11223 on 5x8 (the one the field's
    // 5x8 figures use, e.g. Knuth's 183,775); elsewhere the rule picks its own.
    if (space.distinct()) return std::nullopt;
    if (space.pegs() == 4 && space.colours() == 6 && !info.published_first_4x6.empty()) {
        return space.parse(info.published_first_4x6);
    }
    if (space.pegs() == 5 && space.colours() == 8 && info.name != "shapiro" &&
        !info.name.starts_with("optimal") && info.name != "tree")
        return space.parse("00112");
    return std::nullopt;
}

}  // namespace mastermind
