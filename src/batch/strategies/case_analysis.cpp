// The editorial's "case analysis, hard": deterministic, at most 9 tests claimed (9/10/9 only).
//
// Part 1: for pairs (a, b) = (0,1), (2,3), ... test a^(9-j) b^j for j = 0..8. The largest hit+blow
// is s = c[a] + c[b] (for the secret b^9 it is 8; the reasoning below stays sound and the locate
// tests find the truth). Stop at the first pair with s <= 1: if s = 1, a (0,0) answer means
// c[a] = 0, and the sum H of the nine hits gives the position p of the one that occurs
// (H = p for b, 9 - p for a).
// Part 2, for each earlier pair: s >= 4: locate a, then b. s = 3: the sum T of all 18 numbers is
// 25 for (2,1), 24 for (3,0) or (1,2), 21 for (0,3); T=25: locate a, then b's one position from
// H; T=24: locate b, then a from H (c[b]=2) or from Part 1's prefix structure (c[b]=0); T=21:
// locate b. s = 2: locate b, then a from the prefix structure (c[b]=0) or from H (c[b]=1).
// Part 3: locate each digit after the stopping pair up to 8 while positions are unknown; 9 fills
// the rest. The one case that would need 10 tests, c01 = c23 = 4 and c45 = 0, sends instead
// 666666666 777777774 777777747 777777477 888888884 888888848 888888488 888884888 888848888 and
// counts the answers that are not (0,0): 1, 3, 5 or 0 for 6, 7, 8 or 9.
#include "case_analysis.hpp"

#include <algorithm>
#include <array>

#include "cached_strategy.hpp"
#include "counting_queries.hpp"
#include "editorial_state.hpp"

namespace mastermind::strategies {

namespace {

struct PairResult {
    int sum = -1;                      // s = c[a] + c[b] (max hit+blow)
    int total = 0;                     // T, sum of the 18 numbers
    int hits = 0;                      // H, sum of the 9 hits
    std::array<HitBlow, 9> answers{};  // sorted
};

enum class StepKind { locate, exception };
struct Step {
    StepKind kind = StepKind::locate;
    int digit = 0;
    int pair = -1;  // Part 2: the pair whose Part 1 answers finish the other digit
};

struct CaseAnalysisState : EditorialState {
    std::array<PairResult, 5> pairs{};
    int tested_pairs = 0;
    int stop = -1;                       // the stopping pair
    int step = 0;                        // steps of Part 2 and 3 done
    std::array<int, 10> prefix8_hits{};  // h_8 of each digit's locate test, to finish position 8
};

// a^(9-j) b^j for j = 0..8.
Move pair_test(int pair) {
    Move m;
    for (int j = 0; j <= 8; ++j)
        m.strings.push_back(prefix_string(2 * pair, 2 * pair + 1, 9 - j, 9));
    return m;
}

Move exception_test() {
    static const char* const kStrings[] = {"666666666", "777777774", "777777747",
                                           "777777477", "888888884", "888888848",
                                           "888888488", "888884888", "888848888"};
    Move m;
    for (const char* s : kStrings) m.strings.push_back(*PackedCode::parse(s, BatchParams{}));
    return m;
}

// The tests of Parts 2 and 3, fixed once Part 1 is over.
std::vector<Step> plan(const CaseAnalysisState& s) {
    std::vector<Step> steps;
    for (int i = 0; i < s.stop; ++i) {
        const int a = 2 * i, b = a + 1;
        const auto& p = s.pairs[static_cast<std::size_t>(i)];
        if (p.sum >= 4) {
            steps.push_back({StepKind::locate, a, -1});
            steps.push_back({StepKind::locate, b, i});
        } else if (p.sum == 3 && p.total == 25) {
            steps.push_back({StepKind::locate, a, i});
        } else {  // s = 3 with T = 24 or 21, or s = 2
            steps.push_back({StepKind::locate, b, i});
        }
    }
    const auto& p = s.pairs;
    if (s.stop == 2 && p[0].sum == 4 && p[1].sum == 4 && p[2].sum == 0) {
        steps.push_back({StepKind::exception, 0, -1});
    } else {
        for (int d = 2 * s.stop + 2; d <= 8; ++d) steps.push_back({StepKind::locate, d, -1});
    }
    return steps;
}

// Positions of `digit` in the secret that the knowledge holds.
std::vector<int> positions_of(const Knowledge& k, int digit) {
    std::vector<int> out;
    for (int p = 0; p < 9; ++p) {
        if (k.known(p) && k.digit_at(p) == digit) out.push_back(p);
    }
    return out;
}

// After locating one digit of pair i, the other follows from Part 1 (see the file comment).
void finish_pair(CaseAnalysisState& s, int i, int located) {
    const auto& r = s.pairs[static_cast<std::size_t>(i)];
    const int a = 2 * i, b = a + 1;
    const int other = located == a ? b : a;
    Knowledge& k = s.k;
    if (k.count[static_cast<std::size_t>(located)] < 0) return;
    const int c_other = r.sum - k.count[static_cast<std::size_t>(located)];
    // Hits of the pair test: a at p scores in 9 - p strings, b at p in p strings.
    int rest = r.hits;
    for (int p : positions_of(k, located)) rest -= located == a ? 9 - p : p;
    if (r.sum >= 4) {
        // Both digits are located; a's count follows once b's is known, which settles
        // position 8 for a if its locate test could not.
        if (located == b && k.count[static_cast<std::size_t>(a)] < 0 && c_other >= 0) {
            if (c_other - s.prefix8_hits[static_cast<std::size_t>(a)] == 1)
                k.place(8, a);
            else
                k.exclude(8, a);
            k.set_count(a, c_other);
        }
        return;
    }
    if (c_other < 0) return;
    if (c_other == 1) {
        k.place(other == a ? 9 - rest : rest, other);
    } else if (c_other >= 2) {
        // c[located] = 0: the pair test is the key-fact test of `other` over `located`.
        int before = 0;
        for (int p = 0; p < 9; ++p) {
            const int h = r.answers[static_cast<std::size_t>(p)].hit;
            if (h > before) k.place(p, other);
            before = h;
        }
    }
    k.set_count(other, c_other);
}

class CaseAnalysis final : public CachedStrategy<CaseAnalysisState> {
  public:
    explicit CaseAnalysis(const BatchParams& params) : params_(params) {
        require_default_game(params, "case-analysis");
    }

  protected:
    CaseAnalysisState initial() const override { return fresh_state<CaseAnalysisState>(params_); }

    void absorb(CaseAnalysisState& s, std::span<const QueryRecord> history) const override {
        const QueryRecord& record = history.back();
        if (s.stop < 0) {
            absorb_pair(s, record);
        } else {
            const auto steps = plan(s);
            if (s.step < static_cast<int>(steps.size())) {
                const Step step = steps[static_cast<std::size_t>(s.step)];
                if (step.kind == StepKind::exception) {
                    absorb_exception(s, record);
                } else if (const auto locate = plan_locate(step.digit, s.k, s.used)) {
                    std::vector<int> hits;
                    absorb_locate(*locate, record, s.k, &hits);
                    if (hits.size() >= 8)
                        s.prefix8_hits[static_cast<std::size_t>(step.digit)] = hits[7];
                    if (step.pair >= 0) finish_pair(s, step.pair, step.digit);
                }
                ++s.step;
            }
        }
        s.used.add(record.strings);
    }

    Move decide(const CaseAnalysisState& s, const Position& position) const override {
        if (s.stop < 0) return pair_test(s.tested_pairs);
        const auto steps = plan(s);
        if (s.step < static_cast<int>(steps.size()) && s.k.known_positions() < 9) {
            const Step step = steps[static_cast<std::size_t>(s.step)];
            if (step.kind == StepKind::exception) return exception_test();
            if (const auto locate = plan_locate(step.digit, s.k, s.used))
                return locate_move(*locate, 9);
        }
        Knowledge k = s.k;
        k.infer_last_count();
        return challenge_from(position);
    }

  private:
    void absorb_pair(CaseAnalysisState& s, const QueryRecord& record) const {
        const int i = s.tested_pairs++;
        auto& r = s.pairs[static_cast<std::size_t>(i)];
        r.sum = 0;
        for (std::size_t j = 0; j < 9; ++j) {
            const auto& a = record.answers[j];
            r.answers[j] = a;
            r.sum = std::max(r.sum, a.hit + a.blow);
            r.total += a.hit + a.blow;
            r.hits += a.hit;
        }
        if (r.sum > 1 && s.tested_pairs < 5) return;
        s.stop = i;
        const int a = 2 * i, b = a + 1;
        if (r.sum == 0) {
            s.k.set_count(a, 0);
            s.k.set_count(b, 0);
        } else if (r.sum == 1) {
            const bool a_absent = std::find(record.answers.begin(), record.answers.end(),
                                            HitBlow{0, 0}) != record.answers.end();
            const int present = a_absent ? b : a;
            s.k.place(a_absent ? r.hits : 9 - r.hits, present);
            s.k.set_count(present, 1);
            s.k.set_count(a_absent ? a : b, 0);
        }
    }

    void absorb_exception(CaseAnalysisState& s, const QueryRecord& record) const {
        int not_zero = 0;
        for (const auto& a : record.answers) not_zero += !(a.hit == 0 && a.blow == 0);
        const int digit = not_zero == 1 ? 6 : not_zero == 3 ? 7 : not_zero == 5 ? 8 : 9;
        for (int d = 6; d <= 9; ++d) {
            if (d != digit) s.k.set_count(d, 0);
        }
        for (int p = 0; p < 9; ++p) {
            if (!s.k.known(p)) s.k.place(p, digit);
        }
    }

    BatchParams params_;
};

}  // namespace

std::unique_ptr<Strategy> make_case_analysis(const BatchParams& params, std::uint64_t) {
    return std::make_unique<CaseAnalysis>(params);
}

}  // namespace mastermind::strategies
