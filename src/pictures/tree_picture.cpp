#include <stdexcept>

#include <fmt/format.h>

#include "mastermind/pictures/pictures.hpp"

namespace mastermind {

std::string tree_dot(const DecisionTree& tree, std::size_t max_nodes) {
    if (tree.nodes.size() > max_nodes) {
        throw std::invalid_argument(fmt::format(
            "the tree has {} positions, more than the {} a picture can show; draw a smaller game",
            tree.nodes.size(), max_nodes));
    }
    const CodeSpace space(tree.rules, CodeShape{tree.pegs, tree.colours, tree.distinct});
    const bool adjacent = tree.rules == Rules::adjacent;
    std::string out = fmt::format(
        "digraph strategy {{\n"
        "  label=\"{} pegs, {} colours{}, {} rules: {} positions\";\n"
        "  labelloc=t; rankdir=TB; nodesep=0.15; ranksep=0.5;\n"
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef4fb\", fontname=\"DejaVu "
        "Sans Mono\", fontsize=11];\n"
        "  edge [fontname=\"DejaVu Sans\", fontsize=9, color=\"#777777\"];\n",
        tree.pegs, tree.colours, tree.distinct ? " (none twice)" : "",
        adjacent ? "adjacent" : "classic", tree.nodes.size());
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        out += fmt::format("  n{} [label=\"{}\"];\n", i, space.to_string(tree.nodes[i].guess));
    }
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        for (const auto& [feedback, child] : tree.nodes[i].children) {
            const Score s = space.decode(feedback);
            const std::string label = adjacent ? fmt::format("{} {} {}", s.black, s.grey, s.white)
                                               : fmt::format("{} {}", s.black, s.white);
            out += fmt::format("  n{} -> n{} [label=\"{}\"];\n", i, child, label);
        }
    }
    out += "}\n";
    return out;
}

}  // namespace mastermind
