// Pictures for people (`mastermind draw`): a game's board from the judge's log, the histogram of
// an evaluation, and a decision tree in GraphViz's DOT language. Each reads what the project
// writes (the judge log of docs/protocol.md, `evaluate --json`, `evaluate --write-tree`) and
// returns the picture as text; a file that is not what it should be is refused with its name and
// line.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "mastermind/core/code_space.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/ordinary/decision_tree.hpp"

namespace mastermind {

// One game as the judge logged it.
struct GameRecord {
    bool ordinary = true;
    Rules rules = Rules::classic;
    int pegs = 0, colours = 0, batch = 1, max_moves = 0;
    bool distinct = false;  // the ordinary game without repeated colours
    std::string secret;
    struct Move {
        std::vector<std::string> codes;  // one for a guess; the strings of a test
        std::vector<Score> answers;      // as the solver saw them (a test's are shuffled)
    };
    std::vector<Move> moves;
    std::string challenge;  // the batch game's final answer, if any
    std::string verdict;    // "Accepted", "Wrong Answer", ... ("" if the log has none)
};
// Throws std::runtime_error naming `name` and the line of the first thing wrong: a line that is
// not an event, a game outside the ranges of the judge (OrdinaryParams, BatchParams), a code not
// of the game's pegs and colours, an answer no code can get, more moves than the game allows, a
// line over kMaxLogLine or a log over kMaxLogBytes.
inline constexpr std::size_t kMaxLogLine = std::size_t{64} << 10;
inline constexpr std::uint64_t kMaxLogBytes = std::uint64_t{16} << 20;
inline constexpr int kMaxLogTests = 1000;  // the batch game's largest M (BatchParams::validate)
GameRecord read_judge_log(std::istream& in, const std::string& name);
std::string game_svg(const GameRecord& game);

// The games per length (guesses or tests) of an evaluation.
struct HistogramRecord {
    std::string title;                  // strategy and game
    std::string unit;                   // "guesses" or "tests"
    std::vector<std::uint64_t> counts;  // [n]: games of length n
    std::uint64_t games = 0, total = 0;
    int worst = 0;
};
// `evaluate --json` output of either game. Throws std::runtime_error naming `name` for what is not
// such a report, or one whose histogram contradicts its games, total or worst case, or has more
// entries than the game's limit of moves allows; a report over kMaxReportBytes is not read.
inline constexpr std::uint64_t kMaxReportBytes = std::uint64_t{16} << 20;
HistogramRecord read_evaluation_json(std::istream& in, const std::string& name);
std::string histogram_svg(const HistogramRecord& histogram);

// The tree in DOT: a node per position (its guess, and the secrets it still has to tell apart
// when known), an edge per answer. Throws std::invalid_argument for a tree of more than
// `max_nodes` positions: no picture of that would be read.
std::string tree_dot(const DecisionTree& tree, std::size_t max_nodes = 2000);

}  // namespace mastermind
