// The search for adaptive-split's first test, repeatable from its seed (`mastermind first-test`
// drives it and prints what it reports): seeded random tests compared on a sample of every
// stride-th secret by a criterion of their answer classes, then the best improved one string at
// a time while the criterion drops (or, with a temperature, annealed: a worse test is sometimes
// kept, to leave a local optimum).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

// What a test is judged by (smaller is better), ties broken by the expected class:
//   expected  the expected size of a random secret's class
//   largest   the largest class (sampled members times the stride)
//   hard      the share of secrets in classes of at least `hard_size`
//   power     the `power`-th power mean of a secret's class size
enum class FirstTestCriterion { expected, largest, hard, power };

struct TestScore {
    double primary = 0, expected = 0;
    bool better_than(const TestScore& o) const {
        return primary != o.primary ? primary < o.primary : expected < o.expected;
    }
};

struct FirstTestSearch {
    BatchParams params;
    std::uint64_t seed = 1;
    int candidates = 40;  // random tests compared first
    int climb = 200;      // changes tried
    std::uint64_t stride = 997;
    FirstTestCriterion criterion = FirstTestCriterion::expected;
    std::uint64_t hard_size = 2000;
    int power = 4;
    double temperature = 0;   // 0: a change is kept only when it is better
    double string_moves = 0;  // the share of changes that replace a whole string instead of one peg
    std::optional<std::vector<PackedCode>> from;  // a test to start from
};

// Where a climb stands: enough to go on from there exactly as the climb would have (the same
// draws, so the same result as a climb never stopped).
struct FirstTestClimbState {
    int step = 0;  // the next step to take
    std::vector<PackedCode> current, best;
    std::uint64_t kept = 0, kept_worse = 0;
    std::string rng;  // Rng::state()
    friend bool operator==(const FirstTestClimbState&, const FirstTestClimbState&) = default;
};

// What the search tells as it goes (each optional): the test it starts from, each candidate,
// each new best test of the climb, and every 1,000 steps where the climb stands.
struct FirstTestEvents {
    std::function<void(const TestScore&, const std::vector<PackedCode>&)> from;
    std::function<void(int, const TestScore&, const std::vector<PackedCode>&)> candidate;
    std::function<void(int, const TestScore&, const std::vector<PackedCode>&)> improved;
    std::function<void(int, const TestScore& current, const TestScore& best)> progress;
    // Every `checkpoint_every` steps of the climb and after its last: where it stands.
    std::function<void(const FirstTestClimbState&)> checkpoint;
    int checkpoint_every = 1000;
};

struct FirstTestResult {
    std::vector<PackedCode> best;
    ClassStatistics exact;                   // the best test's figures counted by exact answer keys
    TestScore score;                         // its criterion on them
    std::uint64_t kept = 0, kept_worse = 0;  // changes the climb kept, and of them the worse ones
};

// Why the search cannot run (the game, a sample too large, no test to start from), or "".
std::string first_test_search_refuses(const FirstTestSearch& search);
// The search; `search` must not be refused. With `resume` (a state the same search's checkpoint
// event gave), the candidates are skipped and the climb goes on from that state.
FirstTestResult search_first_test(const FirstTestSearch& search,
                                  const FirstTestEvents& events = {},
                                  const FirstTestClimbState* resume = nullptr);
// A climb's checkpoint file (`mastermind first-test --checkpoint`): a first line naming the search
// (every setting that changes its draws or its judgement), then the state, one field a line.
std::string first_test_checkpoint_header(const FirstTestSearch& search);
std::string first_test_checkpoint_text(const FirstTestSearch& search,
                                       const FirstTestClimbState& state);
// The state in `path`, made by the same search; throws std::runtime_error whose what() begins
// with the path in quotes (unreadable, another search's, a line that is not the state's, a file
// over 64 KiB).
FirstTestClimbState read_first_test_checkpoint(const std::string& path,
                                               const FirstTestSearch& search);

// The criterion of `search` on a test's statistics.
TestScore judge_first_test(const FirstTestSearch& search, const ClassStatistics& statistics);

}  // namespace mastermind
