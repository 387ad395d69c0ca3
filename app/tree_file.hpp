// Decision-tree files (docs/decision-tree.md) for `evaluate` and `solve`: --tree FILE is read and
// checked before any game starts, --write-tree FILE is checked before the work and written after
// it. Every problem is a message naming the file (and the line) with exit status 2.
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands.hpp"
#include "mastermind/ordinary/decision_tree.hpp"
#include "output_paths.hpp"

namespace mastermind::app {

// The tree of `path` ("-": standard input where `dash`); nullptr after a message on stderr that
// starts with `command` and names the argument (`what`: the option, or how a positional argument
// is called).
inline std::shared_ptr<const DecisionTree> read_tree_file(const std::string& command,
                                                          const std::string& path,
                                                          const std::string& what = "--tree",
                                                          bool dash = false) {
    std::error_code error;
    const bool standard_input = dash && path == "-";
    if (std::filesystem::is_directory(standard_input ? "/dev/stdin" : path, error)) {
        complain("{}: {} '{}' is a directory, expected a decision-tree file\n", command, what,
                 path);
        return nullptr;
    }
    std::ifstream file;
    if (!standard_input) {
        file.open(path);
        if (!file) {
            complain("{}: {} '{}' cannot be read: {}\n", command, what, path,
                     std::generic_category().message(errno));
            return nullptr;
        }
    }
    std::istream& in = standard_input ? std::cin : file;
    try {
        return std::make_shared<const DecisionTree>(read_decision_tree(in, path));
    } catch (const std::exception& e) {
        complain("{}: {} {}\n", command, what, e.what());
        return nullptr;
    }
}

// Whether `tree` is for the game of `space`; else a message.
inline bool tree_fits(const std::string& command, const std::string& path, const DecisionTree& tree,
                      const CodeSpace& space) {
    const auto why = tree.mismatch(space);
    if (why.empty()) return true;
    complain("{}: --tree '{}' {}\n", command, path, why);
    return false;
}

// `path` checked and its temporary opened for writing now, so that a run cannot end with nowhere
// to put its tree; the tree is renamed into place by commit() once it is whole, and a run that
// fails leaves an existing `path` as it was.
inline std::unique_ptr<ReplacedFile> open_tree_output(const std::string& command,
                                                      const std::string& path) {
    if (const auto why = output_file_problem(path); !why.empty()) {
        complain("{}: --write-tree {}\n", command, why);
        return nullptr;
    }
    auto out = std::make_unique<ReplacedFile>(path);
    if (!out->is_open()) {
        complain("{}: --write-tree '{}' cannot be written: '{}' cannot be made: {}\n", command,
                 path, out->temporary(), std::generic_category().message(errno));
        return nullptr;
    }
    return out;
}

}  // namespace mastermind::app
