// A strategy of the ordinary game written out as a decision tree: the guess at each position and,
// for each answer other than all black, the position it leads to. `evaluate --all --write-tree
// FILE` writes the tree a codebreaker played; `--strategy tree --tree FILE` plays one back, so a
// total can be checked apart from the program that found the strategy.
//
// The file (docs/decision-tree.md) is text, one position per line, in depth-first order:
//
//   mastermind-tree 1 classic 4 6        format version, rules, pegs, colours (and the word
//                                        "distinct" after them for codes without repeated colours)
//   0012                                 the first guess
//     0 0 3345                           after the answer "0 0" (b w; b g w for adjacent rules)
//       ...                                two more spaces of indentation per guess
//     0 1 1354
//
// Lines starting with '#' and empty lines are ignored. The answers under a position are
// distinct, are not all black, and need not all occur.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "mastermind/core/code_space.hpp"

namespace mastermind {

struct DecisionTree {
    struct Node {
        std::uint32_t guess = 0;
        std::vector<std::pair<std::uint32_t, std::uint32_t>>
            children;  // (feedback id, node), by feedback
    };
    Rules rules = Rules::classic;
    int pegs = 0, colours = 0;
    bool distinct = false;
    std::vector<Node> nodes;  // nodes[0] is the first guess

    // The node after `feedback` at `node`, or -1.
    std::int64_t child(std::uint32_t node, std::uint32_t feedback) const;
    // Empty if the tree is for the game of `space`, else "is for ... ; the game has ...".
    std::string mismatch(const CodeSpace& space) const;
};

// The file's first line for the game of `space` (without its newline).
std::string decision_tree_header(const CodeSpace& space);

void write_decision_tree(std::ostream& out, const CodeSpace& space, const DecisionTree& tree);

// Throws std::runtime_error naming `name` and the line of the first thing wrong.
DecisionTree read_decision_tree(std::istream& in, const std::string& name);

}  // namespace mastermind
