#include "mastermind/ordinary/decision_tree.hpp"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "mastermind/core/bounded_input.hpp"
#include "mastermind/engine/protocol.hpp"

namespace mastermind {

std::int64_t DecisionTree::child(std::uint32_t node, std::uint32_t feedback) const {
    const auto& c = nodes[node].children;
    const auto it =
        std::lower_bound(c.begin(), c.end(), std::make_pair(feedback, std::uint32_t{0}));
    return it != c.end() && it->first == feedback ? static_cast<std::int64_t>(it->second) : -1;
}

std::string DecisionTree::mismatch(const CodeSpace& space) const {
    const CodeShape shape{pegs, colours, distinct};
    if (rules == space.rules() && shape == space.shape()) return {};
    return fmt::format("is for {} rules, {}; the game has {} rules, {}", to_string(rules),
                       shape.name(), to_string(space.rules()), space.shape().name());
}

std::string decision_tree_header(const CodeSpace& space) {
    return fmt::format("mastermind-tree 1 {} {} {}{}",
                       space.rules() == Rules::classic ? "classic" : "adjacent", space.pegs(),
                       space.colours(), space.distinct() ? " distinct" : "");
}

void write_decision_tree(std::ostream& out, const CodeSpace& space, const DecisionTree& tree) {
    out << decision_tree_header(space) << '\n';
    if (tree.nodes.empty()) return;
    // Depth first, by an explicit stack: (node, depth, answer that led to it or -1 at the root).
    std::vector<std::tuple<std::uint32_t, std::size_t, std::int64_t>> stack{{0, 0, -1}};
    while (!stack.empty()) {
        const auto [node, depth, answer] = stack.back();
        stack.pop_back();
        std::string line(2 * depth, ' ');
        if (answer >= 0) line += space.format_feedback(static_cast<std::uint32_t>(answer)) + ' ';
        line += space.to_string(tree.nodes[node].guess);
        out << line << '\n';
        const auto& c = tree.nodes[node].children;
        for (auto it = c.rbegin(); it != c.rend(); ++it)
            stack.emplace_back(it->second, depth + 1, it->first);
    }
}

namespace {

// What a line held, for a message: unprintable bytes (a NUL, a UTF-8 byte) written \xNN.
using protocol::printable;

[[noreturn]] void bad(const std::string& name, std::size_t line, const std::string& why) {
    throw std::runtime_error(fmt::format("{}:{}: {}", name, line, why));
}

}  // namespace

DecisionTree read_decision_tree(std::istream& in, const std::string& name) {
    DecisionTree tree;
    std::string text;
    std::size_t number = 0;
    bool header = false;
    std::uint64_t codes = 0;
    CodeShape shape;
    std::vector<std::uint32_t> path;  // the node at each depth of the line before
    // A line is a depth's indentation, an answer and a guess: 4 KiB is far more than any game's.
    // A file is at most 64 MiB: the trees --write-tree can make (twice the secrets of an --all
    // run, a short line each) are far smaller.
    BoundedLines lines(in, 4096, std::uint64_t{64} << 20);
    for (;;) {
        const auto read = lines.next(text);
        if (read == BoundedLines::Read::end) break;
        if (read != BoundedLines::Read::line) bad(name, number + 1, lines.why(read));
        ++number;
        const auto first = text.find_first_not_of(' ');
        if (first == std::string::npos || text[first] == '#') continue;
        std::istringstream fields(text.substr(first));
        std::vector<std::string> words;
        for (std::string w; fields >> w;) words.push_back(w);
        if (!header) {
            if (words.size() < 5 || words.size() > 6 || words[0] != "mastermind-tree" ||
                words[1] != "1" || (words.size() == 6 && words[5] != "distinct")) {
                bad(name, number,
                    "expected the header 'mastermind-tree 1 RULES PEGS COLOURS [distinct]'");
            }
            tree.distinct = words.size() == 6;
            if (words[2] != "classic" && words[2] != "adjacent")
                bad(name, number,
                    fmt::format("rules '{}' are not classic or adjacent", printable(words[2])));
            tree.rules = words[2] == "classic" ? Rules::classic : Rules::adjacent;
            auto small_number = [&](const std::string& w, const char* what) {
                if (w.empty() || w.size() > 2 ||
                    !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                    bad(name, number,
                        fmt::format("{} '{}' is not a number below 100", what, printable(w)));
                }
                return std::stoi(w);
            };
            tree.pegs = small_number(words[3], "pegs");
            tree.colours = small_number(words[4], "colours");
            shape = {tree.pegs, tree.colours, tree.distinct};
            if (auto why = CodeSpace::check(shape); !why.empty()) bad(name, number, why);
            codes = shape.count();
            header = true;
            continue;
        }
        if (first % 2) bad(name, number, "indentation is not a multiple of two spaces");
        const std::size_t depth = first / 2;
        const std::size_t answer_fields = tree.rules == Rules::classic ? 2 : 3;
        if (depth == 0 && !tree.nodes.empty())
            bad(name, number, "a second first guess (only one line may start unindented)");
        if (depth > path.size())
            bad(name, number, "indented more than one level below the line before");
        if (words.size() != (depth == 0 ? 1 : answer_fields + 1)) {
            bad(name, number,
                depth == 0 ? "expected the first guess alone"
                           : fmt::format("expected {} answer numbers and a guess", answer_fields));
        }
        const std::string& code_text = words.back();
        if (auto why = shape.describe_bad(code_text); !why.empty())
            bad(name, number, fmt::format("guess '{}' {}", printable(code_text), why));
        const auto code = static_cast<std::uint32_t>(*shape.parse(code_text));
        // A position whose guess cannot win splits its secrets in two or more parts, so a tree
        // that finds each secret at most once has fewer than twice as many positions as secrets.
        if (tree.nodes.size() >= 2 * codes)
            bad(name, number,
                fmt::format("more positions than twice the {} secrets of the game", codes));
        const auto index = static_cast<std::uint32_t>(tree.nodes.size());
        tree.nodes.push_back({code, {}});
        if (depth > 0) {
            int parts[3] = {0, 0, 0};
            for (std::size_t i = 0; i < answer_fields; ++i) {
                const auto& w = words[i];
                if (w.size() != 1 || w[0] < '0' || w[0] > '9')
                    bad(name, number, fmt::format("answer '{}' is not a peg count", printable(w)));
                parts[i] = w[0] - '0';
            }
            const int black = parts[0], grey = answer_fields == 3 ? parts[1] : 0,
                      white = parts[answer_fields - 1];
            if (black + grey + white > tree.pegs)
                bad(name, number, fmt::format("the answer counts more than {} pegs", tree.pegs));
            if (black == tree.pegs)
                bad(name, number, "an all-black answer ends the game: no guess follows it");
            const auto p = static_cast<std::uint32_t>(tree.pegs), p1 = p + 1;
            const auto feedback =
                tree.rules == Rules::classic
                    ? static_cast<std::uint32_t>(black) * p1 + static_cast<std::uint32_t>(white)
                    : (static_cast<std::uint32_t>(black) * p1 + static_cast<std::uint32_t>(grey)) *
                              p1 +
                          static_cast<std::uint32_t>(white);
            auto& siblings = tree.nodes[path[depth - 1]].children;
            if (std::any_of(siblings.begin(), siblings.end(),
                            [&](const auto& s) { return s.first == feedback; })) {
                bad(name, number, "the same answer twice under one guess");
            }
            siblings.emplace_back(feedback, index);
        }
        path.resize(depth);
        path.push_back(index);
    }
    if (in.bad()) throw std::runtime_error(fmt::format("{}: read error", name));
    if (!header)
        throw std::runtime_error(fmt::format("{}: empty (no 'mastermind-tree' header)", name));
    if (tree.nodes.empty()) throw std::runtime_error(fmt::format("{}: no first guess", name));
    for (auto& n : tree.nodes) std::sort(n.children.begin(), n.children.end());
    return tree;
}

}  // namespace mastermind
