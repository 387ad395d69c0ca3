// What an evaluation counts, the same in both games: the games, the failures, the histogram of
// moves (tests or guesses) a won game took, and as examples the smallest secrets (by index) that
// reach the worst case and that failed. Each thread (or shard) keeps its own tally and they are
// absorbed into one: as each keeps its smallest examples, the absorbed tally holds the smallest of
// all, whatever the threads and their scheduling, so a report never depends on them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mastermind {

// The report of an evaluation, in both games.
struct Report {
    std::uint64_t games = 0;
    std::uint64_t failures = 0;  // wrong challenge, broken rule, codebreaker error, not won in time
    int worst = 0;               // most moves of a won game
    std::uint64_t total = 0;     // moves over the won games
    double mean = 0;             // over the won games
    std::vector<std::uint64_t> histogram;       // [m] = games won with m moves
    std::vector<std::string> worst_examples;    // secrets that reach `worst`, smallest first
    std::vector<std::string> failure_examples;  // "secret: what went wrong", smallest secret first
    std::uint64_t nodes = 0;                    // strategy calls (nodes of the decision tree)
    std::uint64_t move_hash = 0;  // a signature of every move played (mastermind bench)
    double seconds = 0;
    // The examples as secret indices, smallest first (what a merge of shards needs).
    std::vector<std::uint64_t> worst_secrets;
    std::vector<std::pair<std::uint64_t, std::string>> failed_secrets;
};

class Tally {
  public:
    explicit Tally(std::size_t examples = 5) : examples_(examples) {}

    // A game won with `moves` moves.
    void win(std::uint64_t secret, int moves);
    // A game lost, and why.
    void fail(std::uint64_t secret, std::string why);
    // `count` nodes of the decision tree: the strategy is asked for a move.
    void node(std::uint64_t count = 1) { nodes_ += count; }
    // The move it played, as a signature (summed: the order of the walk does not change it).
    void move(std::uint64_t signature) { move_hash_ += signature; }
    // Adds another tally (a thread's, a shard's): counts, and the smallest examples of both.
    void absorb(const Tally& other);
    // Adds a report (a shard's, read back), whose examples are its smallest secret indices.
    void absorb(const Report& report);

    std::uint64_t games() const { return games_; }
    std::uint64_t failures() const { return failures_; }

    // The report, each example secret written by `name`; `seconds` is left 0.
    Report report(const std::function<std::string(std::uint64_t)>& name) const;

  private:
    std::size_t examples_;
    std::uint64_t games_ = 0, failures_ = 0, nodes_ = 0, move_hash_ = 0;
    std::vector<std::uint64_t> histogram_;
    int worst_ = -1;                                             // none won yet
    std::vector<std::uint64_t> worst_secrets_;                   // sorted, at most examples_
    std::vector<std::pair<std::uint64_t, std::string>> failed_;  // sorted, at most examples_
};

}  // namespace mastermind
