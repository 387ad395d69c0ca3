#include "mastermind/batch/string_repair.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "mastermind/batch/offline_pass.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/core/budget.hpp"

namespace mastermind {

namespace {

using Digits = std::array<std::uint8_t, BatchParams::kMaxPegs>;

// An answer as (hit, common), and as the byte that orders multisets of answers.
struct Answer {
    int hit = 0, common = 0;
};
std::uint8_t answer_byte(Answer a) {
    return static_cast<std::uint8_t>(a.common * (a.common + 1) / 2 + a.hit);
}

Answer answer_of(const Digits& secret, const PackedCode& string, int pegs) {
    Answer a;
    std::array<int, BatchParams::kMaxColours> counts{};
    for (int p = 0; p < pegs; ++p) {
        const auto s = secret[static_cast<std::size_t>(p)];
        a.hit += string.peg(p) == s;
        ++counts[s];
    }
    for (int c = 0; c < BatchParams::kMaxColours; ++c)
        a.common += std::min(counts[static_cast<std::size_t>(c)], string.count(c));
    return a;
}

// A multiset of at most 16 answer bytes, sorted, as two words: equal words <=> equal multisets.
struct MultisetKey {
    std::uint64_t low = 0, high = 0;
    friend bool operator==(const MultisetKey&, const MultisetKey&) = default;
    friend auto operator<=>(const MultisetKey&, const MultisetKey&) = default;
};
MultisetKey key_of(std::span<const std::uint8_t> sorted) {
    MultisetKey key;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        auto& word = i < 8 ? key.low : key.high;
        word |= std::uint64_t{sorted[i]} << (8 * (i % 8));
    }
    return key;
}

// The formula, with the counters it is built from.
class Formula {
  public:
    // Quiet: the solver prints nothing (it notes on stdout a clause given false at the root,
    // which a set added after a model can be).
    explicit Formula(int variables) : next_(variables + 1) { solver.set("quiet", 1); }

    int fresh() { return next_++; }
    void clause(std::initializer_list<int> literals) { clause(std::span<const int>(literals)); }
    void clause(std::span<const int> literals) {
        for (const int l : literals) solver.add(l);
        solver.add(0);
        ++clauses;
    }

    // out[k - 1] <=> at least k of `inputs` are true (a totalizer, both directions).
    std::vector<int> count(std::span<const int> inputs) {
        if (inputs.size() <= 1) return {inputs.begin(), inputs.end()};
        const auto half = inputs.size() / 2;
        const auto a = count(inputs.first(half)), b = count(inputs.subspan(half));
        std::vector<int> r(a.size() + b.size());
        for (auto& v : r) v = fresh();
        // at least i of a and j of b => at least i + j; fewer than i + 1 of a and fewer than
        // j + 1 of b => fewer than i + j + 1.
        for (std::size_t i = 0; i <= a.size(); ++i) {
            for (std::size_t j = 0; j <= b.size(); ++j) {
                if (i + j > 0) {
                    std::vector<int> c;
                    if (i > 0) c.push_back(-a[i - 1]);
                    if (j > 0) c.push_back(-b[j - 1]);
                    c.push_back(r[i + j - 1]);
                    clause(c);
                }
                if (i + j < r.size()) {
                    std::vector<int> c;
                    if (i < a.size()) c.push_back(a[i]);
                    if (j < b.size()) c.push_back(b[j]);
                    c.push_back(-r[i + j]);
                    clause(c);
                }
            }
        }
        return r;
    }

    // At most one of `literals` (pairwise for a few, a sequential counter beyond).
    void at_most_one(std::span<const int> literals) {
        const auto n = literals.size();
        if (n <= 5) {
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = i + 1; j < n; ++j) clause({-literals[i], -literals[j]});
            return;
        }
        int previous = fresh();
        clause({-literals[0], previous});
        for (std::size_t i = 1; i + 1 < n; ++i) {
            const int s = fresh();
            clause({-literals[i], s});
            clause({-previous, s});
            clause({-literals[i], -previous});
            previous = s;
        }
        clause({-literals[n - 1], -previous});
    }

    CaDiCaL::Solver solver;
    std::size_t clauses = 0;

  private:
    int next_;
};

// Ends the solver's search when the ambient budget is exhausted.
class BudgetTerminator : public CaDiCaL::Terminator {
  public:
    explicit BudgetTerminator(const Budget& budget) : budget_(budget) {}
    bool terminate() override { return budget_.exhausted(); }

  private:
    const Budget& budget_;
};

// One string the formula chooses: its one-hot pegs, its colour counts, and per secret the
// literals "this secret answers a", made when first needed.
class FreeString {
  public:
    FreeString(Formula& f, int pegs, int colours, std::size_t members, std::size_t answers)
        : f_(f),
          pegs_(pegs),
          colours_(colours),
          answers_(answers),
          base_(f.fresh()),
          literals_(members * answers, 0) {
        for (int i = 1; i < pegs * colours; ++i) f.fresh();
        for (int p = 0; p < pegs; ++p) {
            std::vector<int> one;
            for (int c = 0; c < colours; ++c) one.push_back(peg(p, c));
            f.clause(one);
            f.at_most_one(one);
        }
        // How many of each colour the string holds, at least k: count_at_least_[c][k - 1].
        for (int c = 0; c < colours; ++c) {
            std::vector<int> column;
            for (int p = 0; p < pegs; ++p) column.push_back(peg(p, c));
            count_at_least_.push_back(f.count(column));
        }
    }

    // The variable "position p holds colour c".
    int peg(int p, int c) const { return base_ + p * colours_ + c; }

    // Not the string `s`.
    void forbid(const PackedCode& s) {
        std::vector<int> c;
        for (int p = 0; p < pegs_; ++p) c.push_back(-peg(p, s.peg(p)));
        f_.clause(c);
    }

    // A literal implied by "secret m (its digits `s`) answers a" (the other direction is not
    // needed: a set only forbids two of its pairs together). Its hit counter is the secret's own,
    // its common counter shared by every secret with the same colour counts.
    int answers(std::size_t m, const Digits& s, std::size_t a, const Answer& answer) {
        const auto slot = m * answers_ + a;
        if (literals_[slot] != 0) return literals_[slot];
        auto& counters = counters_[m];
        if (counters.hit.empty()) {
            std::vector<int> hits;
            std::array<std::uint8_t, BatchParams::kMaxColours> counts{};
            for (int p = 0; p < pegs_; ++p) {
                hits.push_back(peg(p, s[static_cast<std::size_t>(p)]));
                ++counts[s[static_cast<std::size_t>(p)]];
            }
            auto found = commons_.find(counts);
            if (found == commons_.end()) {
                std::vector<int> inputs;
                for (int c = 0; c < colours_; ++c)
                    for (int k = 0; k < counts[static_cast<std::size_t>(c)]; ++k)
                        inputs.push_back(count_at_least_[static_cast<std::size_t>(c)]
                                                        [static_cast<std::size_t>(k)]);
                found = commons_.emplace(counts, f_.count(inputs)).first;
            }
            counters = Counters{f_.count(hits), found->second};
        }
        const int v = f_.fresh();
        // hit == answer.hit and common == answer.common => v
        std::vector<int> clause{v};
        const auto h = static_cast<std::size_t>(answer.hit);
        const auto c = static_cast<std::size_t>(answer.common);
        if (answer.hit > 0) clause.push_back(-counters.hit[h - 1]);
        if (answer.hit < pegs_) clause.push_back(counters.hit[h]);
        if (answer.common > 0) clause.push_back(-counters.common[c - 1]);
        if (answer.common < pegs_) clause.push_back(counters.common[c]);
        f_.clause(clause);
        literals_[slot] = v;
        return v;
    }

    // The string of a model.
    PackedCode read() const {
        std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
        for (int p = 0; p < pegs_; ++p)
            for (int c = 0; c < colours_; ++c)
                if (f_.solver.val(peg(p, c)) > 0)
                    pegs[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(c);
        return PackedCode::from_pegs(pegs.data(), pegs_);
    }

  private:
    struct Counters {
        std::vector<int> hit, common;
    };
    Formula& f_;
    int pegs_, colours_;
    std::size_t answers_;
    int base_;
    std::vector<std::vector<int>> count_at_least_;
    std::unordered_map<std::size_t, Counters> counters_;
    std::map<std::array<std::uint8_t, BatchParams::kMaxColours>, std::vector<int>> commons_;
    std::vector<int> literals_;  // [member * answers + answer], 0: not made yet
};

}  // namespace

StringRepair::StringRepair(const BatchParams& params, std::span<const std::uint32_t> members,
                           std::span<const PackedCode> avoid)
    : params_(params), avoid_(avoid.begin(), avoid.end()) {
    if (params.rules != Rules::classic)
        throw std::invalid_argument("StringRepair: classic rules only");
    if (params.batch > 16) throw std::invalid_argument("StringRepair: B <= 16 only");
    members_.resize(members.size());
    for (std::size_t m = 0; m < members.size(); ++m)
        digits_of_index(members[m], params, members_[m].data());
}

RepairOutcome StringRepair::replace(std::span<const PackedCode> test, std::size_t j,
                                    std::int64_t conflict_limit, std::size_t most_not_alone) const {
    const std::array<std::size_t, 1> free{j};
    return replace(test, std::span<const std::size_t>(free), conflict_limit, most_not_alone);
}

RepairOutcome StringRepair::replace(std::span<const PackedCode> test,
                                    std::span<const std::size_t> free, std::int64_t conflict_limit,
                                    std::size_t most_not_alone) const {
    const bool two = free.size() == 2;
    if (test.size() != static_cast<std::size_t>(params_.batch) || free.empty() || free.size() > 2 ||
        free[0] >= test.size() || (two && (free[1] >= test.size() || free[1] == free[0])))
        throw std::invalid_argument("StringRepair: a test of B strings and one or two of them");
    const int pegs = params_.pegs;
    const std::size_t n = members_.size();
    // One secret cannot be alike alone: at most 1 not alone is a split, whose formula is the
    // simpler one (an at-most-one per set).
    const std::size_t bound = most_not_alone < 2 ? 0 : most_not_alone;
    auto is_free = [&](std::size_t k) {
        return std::find(free.begin(), free.end(), k) != free.end();
    };

    // Every answer a string can give: (hit, common), hit <= common <= P, but never P - 1 hits
    // with P in common (the last peg would be a hit too).
    std::vector<Answer> answers;
    for (int c = 0; c <= pegs; ++c)
        for (int h = 0; h <= c; ++h)
            if (!(h == pegs - 1 && c == pegs)) answers.push_back({h, c});
    // What the free strings may answer a secret together, as a multiset: one answer, or two
    // (a <= b; the first string answers a and the second b, or the other way round).
    struct Combination {
        std::uint16_t a, b;
    };
    std::vector<Combination> combinations;
    for (std::size_t a = 0; a < answers.size(); ++a) {
        if (!two) combinations.push_back({static_cast<std::uint16_t>(a), 0});
        for (std::size_t b = a; two && b < answers.size(); ++b)
            combinations.push_back({static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)});
    }

    // The keys M(s) + C of every secret s and combination C, sorted: runs of equal keys are the
    // sets of which at most one (secret, combination) may come true.
    struct Entry {
        MultisetKey key;
        std::uint32_t member;
        std::uint32_t combination;
    };
    std::vector<Entry> entries;
    entries.reserve(n * combinations.size());
    std::vector<std::uint8_t> own, bytes;
    for (std::size_t m = 0; m < n; ++m) {
        own.clear();
        for (std::size_t k = 0; k < test.size(); ++k)
            if (!is_free(k)) own.push_back(answer_byte(answer_of(members_[m], test[k], pegs)));
        for (std::size_t i = 0; i < combinations.size(); ++i) {
            bytes = own;
            bytes.push_back(answer_byte(answers[combinations[i].a]));
            if (two) bytes.push_back(answer_byte(answers[combinations[i].b]));
            std::sort(bytes.begin(), bytes.end());
            entries.push_back(
                {key_of(bytes), static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(i)});
        }
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& x, const Entry& y) { return x.key < y.key; });

    Formula f(0);
    std::vector<FreeString> strings;
    strings.reserve(free.size());
    for (std::size_t i = 0; i < free.size(); ++i)
        strings.emplace_back(f, pegs, params_.colours, n, answers.size());
    // Not a string the test keeps, nor an avoided one; two free strings differ somewhere.
    for (auto& string : strings) {
        for (std::size_t k = 0; k < test.size(); ++k)
            if (!is_free(k)) string.forbid(test[k]);
        for (const auto& s : avoid_) string.forbid(s);
    }
    if (two) {
        std::vector<int> differs;
        for (int p = 0; p < pegs; ++p) {
            const int d = f.fresh();
            differs.push_back(d);
            for (int c = 0; c < params_.colours; ++c)
                f.clause({-d, -strings[0].peg(p, c), -strings[1].peg(p, c)});
        }
        f.clause(differs);
    }
    // A literal implied by "the free strings answer secret m with combination i".
    auto combination_literal = [&](std::size_t m, std::size_t i) -> int {
        const auto& c = combinations[i];
        if (!two) return strings[0].answers(m, members_[m], c.a, answers[c.a]);
        const int v = f.fresh();
        auto both = [&](std::size_t first, std::size_t second) {
            f.clause({-strings[0].answers(m, members_[m], first, answers[first]),
                      -strings[1].answers(m, members_[m], second, answers[second]), v});
        };
        both(c.a, c.b);
        if (c.a != c.b) both(c.b, c.a);
        return v;
    };

    // The sets are given to the solver lazily. First, of every set, the pairs of the same
    // combination: secrets the kept strings answer alike, which the free strings must tell
    // apart whatever else they do. Then, each time a model leaves two secrets alike, the whole
    // set of their common key, and the solver goes on from there. Every constraint given is one
    // of the whole formula's, so an unsatisfiable formula is still a proof; a model that leaves
    // every secret alone is a split, whichever sets were given. (On the 9/10/9 game's classes
    // most formulas are unsatisfiable from the first constraints alone: docs/performance.md,
    // "The exact stage of the second tests".)
    struct Run {
        std::size_t begin, end;
        bool given = false;
    };
    std::vector<Run> runs;
    for (std::size_t i = 0; i < entries.size();) {
        std::size_t e = i + 1;
        while (e < entries.size() && entries[e].key == entries[i].key) ++e;
        if (e - i > 1) runs.push_back({i, e});
        i = e;
    }
    RepairOutcome out;
    std::vector<bool> involved(n, false);
    // With a bound: x_m = "secret m is not alone", at most `bound` of them true, counted by a
    // sequential counter that grows by one input per secret as the secret first appears in a
    // set: counter[k] = "at least k + 1 of the inputs so far" (0: false, no input yet).
    std::vector<int> crowded(bound > 0 ? n : 0, 0), counter(bound, 0), next(bound);
    auto crowded_of = [&](std::size_t m) {
        if (crowded[m] != 0) return crowded[m];
        const int x = f.fresh();
        for (auto& v : next) v = f.fresh();
        f.clause({-x, next[0]});
        for (std::size_t k = 0; k < bound; ++k) {
            if (counter[k] != 0) f.clause({-counter[k], next[k]});
            if (k > 0 && counter[k - 1] != 0) f.clause({-counter[k - 1], -x, next[k]});
        }
        if (counter[bound - 1] != 0) f.clause({-counter[bound - 1], -x});
        counter.swap(next);
        crowded[m] = x;
        return x;
    };
    // The literal of entries[k], "the free strings answer its secret with its combination",
    // made once (an entry can be in a set of pairs and then in its whole set).
    std::vector<int> entry_literal(entries.size(), 0);
    auto literal_of = [&](std::size_t k) {
        if (entry_literal[k] == 0)
            entry_literal[k] = combination_literal(entries[k].member, entries[k].combination);
        return entry_literal[k];
    };
    std::vector<int> set;
    // The (secret, combination) pairs entries[k] for k in `ks`, which share a key: at most one
    // comes true; with a bound, when two or more come true, each of their secrets is not alone
    // (`shared` follows a running "one so far" and implies x_m for every true literal).
    auto constrain_set = [&](auto&& ks) {
        set.clear();
        for (const std::size_t k : ks) {
            set.push_back(literal_of(k));
            involved[entries[k].member] = true;
        }
        if (bound == 0) {
            f.at_most_one(set);
            return;
        }
        const int shared = f.fresh();
        int any = 0;
        for (std::size_t i = 0; i < set.size(); ++i) {
            const int l = set[i];
            if (any != 0) f.clause({-any, -l, shared});
            f.clause({-shared, -l, crowded_of(entries[ks[i]].member)});
            if (i + 1 == set.size()) break;
            const int now = f.fresh();
            f.clause({-l, now});
            if (any != 0) f.clause({-any, now});
            any = now;
        }
    };
    std::vector<std::pair<std::uint32_t, std::size_t>> by_combination;  // (combination, entry)
    std::vector<std::size_t> ks;
    for (const auto& run : runs) {
        by_combination.clear();
        for (std::size_t k = run.begin; k < run.end; ++k)
            by_combination.push_back({entries[k].combination, k});
        std::sort(by_combination.begin(), by_combination.end());
        for (std::size_t i = 0; i < by_combination.size();) {
            ks.clear();
            std::size_t e = i;
            for (; e < by_combination.size() && by_combination[e].first == by_combination[i].first;
                 ++e)
                ks.push_back(by_combination[e].second);
            if (ks.size() > 1) constrain_set(ks);
            i = e;
        }
    }
    auto give = [&](Run& run) {
        ks.clear();
        for (std::size_t k = run.begin; k < run.end; ++k) ks.push_back(k);
        constrain_set(ks);
        run.given = true;
    };

    BudgetTerminator terminator(ambient_budget());
    f.solver.connect_terminator(&terminator);
    std::vector<PackedCode> repaired(test.begin(), test.end());
    std::vector<MultisetKey> keys(n), shared_keys;
    std::vector<std::uint8_t> all;
    for (;;) {
        if (conflict_limit >= 0)
            f.solver.limit("conflicts",
                           static_cast<int>(std::min<std::int64_t>(conflict_limit, 1 << 30)));
        const int result = f.solver.solve();
        ++out.rounds;
        if (result != 10) {
            if (result == 20) out.verdict = RepairOutcome::Verdict::none;
            break;
        }
        out.strings.clear();
        for (std::size_t i = 0; i < free.size(); ++i) {
            out.strings.push_back(strings[i].read());
            repaired[free[i]] = out.strings.back();
        }
        // Every secret's answers to the repaired test: secrets alike give the sets to add.
        for (std::size_t m = 0; m < n; ++m) {
            all.clear();
            for (const auto& s : repaired)
                all.push_back(answer_byte(answer_of(members_[m], s, pegs)));
            std::sort(all.begin(), all.end());
            keys[m] = key_of(all);
        }
        std::sort(keys.begin(), keys.end());
        // The keys two or more secrets share, and how many secrets share one.
        std::size_t crowd = 0;
        shared_keys.clear();
        for (std::size_t i = 0; i < n;) {
            std::size_t e = i + 1;
            while (e < n && keys[e] == keys[i]) ++e;
            if (e - i > 1) {
                crowd += e - i;
                shared_keys.push_back(keys[i]);
            }
            i = e;
        }
        if (crowd > bound) {
            // Too many alike: the sets of their keys not given yet are given now. (With a bound,
            // the secrets of a given set that is shared are counted, so a model whose shared keys
            // all come from given sets leaves at most `bound` secrets not alone.)
            std::size_t added = 0;
            for (const auto& key : shared_keys) {
                const auto it = std::lower_bound(
                    runs.begin(), runs.end(), key,
                    [&](const Run& r, const MultisetKey& k) { return entries[r.begin].key < k; });
                if (it == runs.end() || entries[it->begin].key != key || (it->given && bound == 0))
                    throw std::logic_error(
                        "StringRepair: two secrets alike outside the formula's sets");
                if (it->given) continue;
                give(*it);
                ++added;
            }
            if (added == 0)
                throw std::logic_error("StringRepair: more secrets alike than the bound allows");
            continue;
        }
        // At most `bound` secrets not alone (none without a bound): checked once more against
        // the exact answers, no string repeated or avoided.
        bool fresh_strings = true;
        for (const auto& s : out.strings) {
            fresh_strings = fresh_strings && std::count(repaired.begin(), repaired.end(), s) == 1 &&
                            std::find(avoid_.begin(), avoid_.end(), s) == avoid_.end();
        }
        if (!fresh_strings)
            throw std::logic_error("StringRepair: the solver's strings repeat or are avoided");
        out.string = out.strings.front();
        out.not_alone = crowd;
        out.verdict = crowd == 0 ? RepairOutcome::Verdict::split : RepairOutcome::Verdict::reduced;
        break;
    }
    f.solver.disconnect_terminator();
    if (!out.found()) out.strings.clear();
    out.secrets = static_cast<std::size_t>(std::count(involved.begin(), involved.end(), true));
    out.clauses = f.clauses;
    return out;
}

SecondTestEntry repair_second_test(const SecondTestEntry& entry,
                                   std::span<const PackedCode> first_test,
                                   const BatchParams& params, std::int64_t conflict_limit,
                                   int* refuted) {
    const auto members = class_members(entry.class_key, first_test, params);
    if (members.size() != entry.size) {
        throw std::invalid_argument(fmt::format(
            "class {:016x}: the entry says {} secrets, the first test's answers give {}",
            entry.class_key, entry.size, members.size()));
    }
    const SplitSearch counter(params, members, first_test);
    if (const auto counted = counter.not_alone(entry.test); counted != entry.not_alone) {
        throw std::invalid_argument(
            fmt::format("class {:016x}: the entry says {} secrets not alone, its test leaves {}",
                        entry.class_key, entry.not_alone, counted));
    }
    if (refuted) *refuted = 0;
    if (entry.not_alone == 0) return entry;
    const StringRepair repair(params, members, first_test);
    SecondTestEntry out = entry;
    // Round and round the strings: a string that improves the test is asked again at once
    // (for fewer still), and B strings in a row without a find end it.
    const std::size_t b = entry.test.size();
    int proven = 0;
    for (std::size_t j = 0, tries = 0; out.not_alone > 0 && tries < b;) {
        const auto outcome = repair.replace(out.test, j, conflict_limit, out.not_alone - 1);
        if (outcome.found()) {
            out.test[j] = outcome.string;
            out.not_alone = static_cast<std::uint32_t>(outcome.not_alone);
            tries = 0;
            proven = 0;
            continue;
        }
        proven += outcome.verdict == RepairOutcome::Verdict::none;
        ++tries;
        j = (j + 1) % b;
    }
    if (out.not_alone > 0 && refuted) *refuted = proven;
    // Counted again by the annealing's scorer, apart from the solver's own check.
    if (out.test != entry.test && counter.not_alone(out.test) != out.not_alone)
        throw std::logic_error("repair_second_test: the repaired test's count is not exact");
    return out;
}

std::string repair_checkpoint_header(const BatchParams& params, std::uint64_t seed,
                                     std::span<const PackedCode> first_test,
                                     std::int64_t conflict_limit) {
    return fmt::format(
        "# mastermind second-tests --deepen --method repair checkpoint: game {} {} {} {} seed {} "
        "first {:016x} conflicts {} goal fewer",
        params.pegs, params.colours, params.batch, params.max_tests, seed,
        first_test_hash({first_test.begin(), first_test.end()}, params), conflict_limit);
}

}  // namespace mastermind
