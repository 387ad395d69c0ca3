// An exact move for the second-test search: one string of a test replaced by the best string
// there is, decided by a SAT solver (CaDiCaL) rather than sampled.
//
// A class of secrets is split when every secret's multiset of answers is its own. Keep all
// strings of a test but string j, and call M(s) the multiset of a secret's answers to them; a
// new string x gives s the multiset M(s) + {x(s)}. Two secrets s, t then share their answers
// exactly when M(s) + {a} = M(t) + {b} for their answers a = x(s), b = x(t): a set of
// (secret, answer) pairs of which at most one may come true. Those sets are found once, by
// sorting the keys M(s) + {a} of every secret and every answer; the string x is 9 positions of
// one colour each, a secret's answer is (hit, common) with hit a count of positions and common
// a sum over colours of min(count in x, count in s), both counted by totalizers, and the
// formula is satisfiable exactly when some string, other than the strings the test may not
// contain, leaves every secret of the class alone. An unsatisfiable formula is a proof that no
// string does (given the other B - 1). Two strings can be replaced together the same way: the
// keys are then M(s) + {a, b} over the pairs of answers the two strings can give, and the
// literal "the pair answers s with {a, b}" is implied by the two strings' own literals.
// The sets reach the solver lazily: first the pairs of secrets the kept strings answer alike,
// then each set a model breaks, solving again until the formula given is unsatisfiable or a
// model leaves every secret alone (a subset of the formula's clauses: either verdict holds for
// the whole).
//
// The same formula can ask for fewer secrets alike rather than none: at most N not alone. A set
// then says that when two or more of its pairs come true, each of their secrets is not alone
// (x_m), and a sequential counter keeps at most N of the x_m true; so a model whose shared keys
// all come from sets given leaves at most N not alone, and an unsatisfiable formula proves that
// no string does. A class with c secrets not alone asks for N = c - 1.
//
// Classic rules only (the batch game's). The class is given as secret indices; the result is
// checked against the exact answers before it is returned.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/second_tests.hpp"

namespace mastermind {

struct RepairOutcome {
    enum class Verdict {
        split,    // `string` replaces string j and every secret is alone
        reduced,  // (with a bound N) it leaves `not_alone` secrets alike, at most N
        none,     // no string does either: the solver proved it
        unknown,  // the solver's conflict limit or the ambient budget ended it first
    };
    Verdict verdict = Verdict::unknown;
    bool found() const { return verdict == Verdict::split || verdict == Verdict::reduced; }
    PackedCode string;                // when found: the first free string's replacement
    std::vector<PackedCode> strings;  // when found: every free string's, in the order given
    std::size_t not_alone = 0;        // when found: secrets not alone after the replacement
    std::size_t secrets = 0;          // members of the class in some set given to the solver
    std::size_t clauses = 0;          // of the formula given
    int rounds = 0;                   // solver calls (sets are added as models break them)
};

class StringRepair {
  public:
    // `members`: the class; `avoid`: strings no test may contain (the first test's).
    StringRepair(const BatchParams& params, std::span<const std::uint32_t> members,
                 std::span<const PackedCode> avoid);

    // String j of `test` replaced, if any string splits the class (B - 1 others kept; none of
    // them, nor an avoided string, may be chosen), or, with `most_not_alone` = N >= 2, leaves
    // at most N secrets not alone. At most `conflict_limit` conflicts a solver call (< 0: no
    // limit). The ambient budget (core/budget.hpp) is asked while the solver runs.
    RepairOutcome replace(std::span<const PackedCode> test, std::size_t j,
                          std::int64_t conflict_limit = -1, std::size_t most_not_alone = 0) const;
    // Strings free[0] and free[1] of `test` replaced together (or free[0] alone): the same
    // formula over the pairs of answers the two strings can give a secret.
    RepairOutcome replace(std::span<const PackedCode> test, std::span<const std::size_t> free,
                          std::int64_t conflict_limit = -1, std::size_t most_not_alone = 0) const;

  private:
    BatchParams params_;
    std::vector<std::array<std::uint8_t, BatchParams::kMaxPegs>> members_;
    std::vector<PackedCode> avoid_;
};

// The exact stage of the offline pass (`mastermind second-tests --deepen TABLE --method repair`):
// each string of `entry`'s test in turn replaced by StringRepair with at most c - 1 secrets not
// alone, c the count so far; the strings are tried round and round until c is 0 or B strings in
// a row find nothing, at most `conflict_limit` conflicts a solver call. Returns the entry with
// the test so reached (the entry itself when no string improved it); `refuted` (if given) gets
// how many of those last B strings were proven unable to (B: the test is a local optimum, no
// one string leaves fewer secrets not alone). Throws std::invalid_argument as
// deepen_second_test does when the entry does not describe its class.
SecondTestEntry repair_second_test(const SecondTestEntry& entry,
                                   std::span<const PackedCode> first_test,
                                   const BatchParams& params, std::int64_t conflict_limit,
                                   int* refuted = nullptr);

// The first line of a repair run's checkpoint: the run it resumes (game, seed, first test,
// conflict limit).
std::string repair_checkpoint_header(const BatchParams& params, std::uint64_t seed,
                                     std::span<const PackedCode> first_test,
                                     std::int64_t conflict_limit);

}  // namespace mastermind
