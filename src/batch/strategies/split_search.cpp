#include "mastermind/batch/split_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/batch/secret_enumeration.hpp"

namespace mastermind {

namespace {

// Annealing temperatures (in secrets not alone) at the start and the end of each run.
constexpr double kHotTemperature = 3.0;
constexpr double kColdTemperature = 0.3;

std::array<std::uint8_t, BatchParams::kMaxPegs> pegs_of(const PackedCode& code, int pegs) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> out{};
    for (int p = 0; p < pegs; ++p)
        out[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(code.peg(p));
    return out;
}

}  // namespace

SplitSearch::SplitSearch(const BatchParams& params, std::size_t members,
                         std::span<const PackedCode> avoid)
    : params_(params), members_(members), columns_(params, members) {
    if (params.batch > BatchParams::kMaxBatch)
        throw std::invalid_argument("SplitSearch: B <= 16 only");
    for (const auto& code : avoid) avoid_.push_back(code.nibbles());
    std::sort(avoid_.begin(), avoid_.end());
}

SplitSearch::SplitSearch(const BatchParams& params, std::span<const std::uint32_t> members,
                         std::span<const PackedCode> avoid)
    : SplitSearch(params, members.size(), avoid) {
    set_members(members);
}

SplitSearch::SplitSearch(const BatchParams& params, std::span<const std::uint64_t> members,
                         std::span<const PackedCode> avoid)
    : SplitSearch(params, members.size(), avoid) {
    set_members(members);
}

template <class Index>
void SplitSearch::set_members(std::span<const Index> members) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    for (std::size_t m = 0; m < members_; ++m) {
        digits_of_index(members[m], params_, digits.data());
        columns_.set(m, digits.data());
    }
}

std::size_t SplitSearch::not_alone(std::span<const PackedCode> test) const {
    const QueryScorer scorer(test, params_);
    std::vector<AnswerKey> keys(members_);
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    for (std::size_t m = 0; m < members_; ++m) {
        for (int p = 0; p < params_.pegs; ++p)
            digits[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(columns_.peg(m, p));
        keys[m] = scorer.key(digits.data());
    }
    std::sort(keys.begin(), keys.end());
    std::size_t count = 0;
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t j = i + 1;
        while (j < keys.size() && keys[j] == keys[i]) ++j;
        if (j - i > 1) count += j - i;
        i = j;
    }
    return count;
}

bool SplitSearch::allowed(const PackedCode& code, std::span<const PackedCode> test,
                          std::size_t replaced) const {
    if (std::binary_search(avoid_.begin(), avoid_.end(), code.nibbles())) return false;
    for (std::size_t i = 0; i < test.size(); ++i) {
        if (i != replaced && test[i] == code) return false;
    }
    return true;
}

// The annealing state: the test, each member's answer to each string and multiset hash, and the
// hash table that counts equal hashes.
struct SplitSearch::Run {
    const SplitSearch& s;
    std::vector<PackedCode> test;
    std::vector<std::uint8_t> answers;  // [string][member]: pair byte
    std::vector<std::uint64_t> keys, trial_keys;
    std::vector<std::uint8_t> trial_answers;
    struct Slot {
        std::uint64_t key;
        std::uint32_t stamp, count;
    };
    std::vector<Slot> table;
    std::uint32_t stamp = 0;
    int shift = 0;
    std::size_t current = 0;
    std::vector<std::uint32_t> crowded;  // members not alone in the current state
    bool crowded_stale = true;

    Run(const SplitSearch& search, std::vector<PackedCode> start)
        : s(search), test(std::move(start)) {
        const auto n = s.columns_.padded();
        answers.assign(test.size() * n, 0);
        keys.assign(n, 0);
        trial_keys.assign(n, 0);
        trial_answers.assign(n, 0);
        int bits = 4;
        while ((std::size_t{1} << bits) < 4 * s.members_) ++bits;
        table.assign(std::size_t{1} << bits, Slot{0, 0, 0});
        shift = 64 - bits;
        const auto& words = pair_words();
        for (std::size_t j = 0; j < test.size(); ++j) {
            s.columns_.answers(test[j], &answers[j * n]);
            for (std::size_t m = 0; m < s.members_; ++m) keys[m] += words[answers[j * n + m]];
        }
        current = count(keys.data(), SIZE_MAX);
    }

    // Counting members whose hash another member shares: begin(), then add() each hash, which
    // returns how much the count grows (2 for the second member of a hash, 1 for later ones).
    void begin() {
        if (++stamp == 0) {
            std::fill(table.begin(), table.end(), Slot{0, 0, 0});
            stamp = 1;
        }
    }
    std::size_t add(std::uint64_t h) {
        const std::size_t mask = table.size() - 1;
        for (std::size_t i = static_cast<std::size_t>(h >> shift);; i = (i + 1) & mask) {
            Slot& slot = table[i];
            if (slot.stamp != stamp) {
                slot = Slot{h, stamp, 1};
                return 0;
            }
            if (slot.key == h) return ++slot.count == 2 ? 2 : 1;
        }
    }

    // Members whose hash another member shares; stops (returning more than `limit`) once the
    // count passes `limit`.
    std::size_t count(const std::uint64_t* k, std::size_t limit) {
        begin();
        std::size_t crowd = 0;
        for (std::size_t m = 0, n = s.members_; m < n; ++m) {
            crowd += add(k[m]);
            if (crowd > limit) return crowd;
        }
        return crowd;
    }

    // The hashes if string `j` became `code`, and their count (early stop past `limit`). The
    // answers are computed a block of members at a time, just ahead of the count, so that a
    // move the count rejects early (most moves, once the search is cold) scores only the members
    // it looked at; the counts and where the count stops are those of answering every member
    // first.
    std::size_t propose(std::size_t j, const PackedCode& code, std::size_t limit) {
        constexpr std::size_t kBlock =
            256;  // a multiple of 64: every block but the last is whole columns
        const auto& words = pair_words();
        const std::uint8_t* old = &answers[j * s.columns_.padded()];
        const std::size_t n = s.members_, padded = s.columns_.padded();
        begin();
        std::size_t crowd = 0;
        for (std::size_t b = 0; b < n; b += kBlock) {
            s.columns_.answers(code, trial_answers.data(), b, std::min(padded, b + kBlock));
            for (std::size_t m = b, e = std::min(n, b + kBlock); m < e; ++m) {
                const auto h = keys[m] - words[old[m]] + words[trial_answers[m]];
                trial_keys[m] = h;
                crowd += add(h);
                if (crowd > limit) return crowd;
            }
        }
        return crowd;
    }

    void accept(std::size_t j, const PackedCode& code, std::size_t crowd) {
        test[j] = code;
        std::copy(trial_answers.begin(), trial_answers.end(),
                  answers.begin() + static_cast<std::ptrdiff_t>(j * s.columns_.padded()));
        keys.swap(trial_keys);
        current = crowd;
        crowded_stale = true;
    }

    const std::vector<std::uint32_t>& crowded_members() {
        if (crowded_stale) {
            count(keys.data(), SIZE_MAX);
            crowded.clear();
            const std::size_t mask = table.size() - 1;
            for (std::size_t m = 0; m < s.members_; ++m) {
                for (std::size_t i = static_cast<std::size_t>(keys[m] >> shift);;
                     i = (i + 1) & mask) {
                    if (table[i].key == keys[m]) {
                        if (table[i].count > 1) crowded.push_back(static_cast<std::uint32_t>(m));
                        break;
                    }
                }
            }
            crowded_stale = false;
        }
        return crowded;
    }
};

// A random change of string `j`: one peg changed (40%), two pegs swapped (15%), a secret still
// crowded, perhaps with one peg changed (30%), or a random string (15%).
PackedCode SplitSearch::move(Run& run, Rng& rng, std::size_t j) const {
    const int pegs = params_.pegs;
    auto pegs_now = pegs_of(run.test[j], pegs);
    const auto kind = rng.below(100);
    if (kind < 40) {  // one peg changed
        const auto p = rng.below(static_cast<std::uint64_t>(pegs));
        const auto other =
            pegs_now[p] + 1 + rng.below(static_cast<std::uint64_t>(params_.colours - 1));
        pegs_now[p] =
            static_cast<std::uint8_t>(other % static_cast<std::uint64_t>(params_.colours));
    } else if (kind < 55) {  // two pegs swapped
        const auto p = rng.below(static_cast<std::uint64_t>(pegs));
        const auto q = rng.below(static_cast<std::uint64_t>(pegs));
        std::swap(pegs_now[p], pegs_now[q]);
    } else if (kind < 85) {  // a secret still crowded, perhaps with one peg changed
        const auto& crowded = run.crowded_members();
        const auto m = crowded[rng.below(crowded.size())];
        for (int p = 0; p < pegs; ++p)
            pegs_now[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(columns_.peg(m, p));
        if (rng.below(2) == 0) {
            const auto colour =
                static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(params_.colours)));
            pegs_now[rng.below(static_cast<std::uint64_t>(pegs))] =
                colour;  // the colour is drawn first
        }
    } else {  // a random string
        for (int p = 0; p < pegs; ++p) {
            pegs_now[static_cast<std::size_t>(p)] =
                static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(params_.colours)));
        }
    }
    return PackedCode::from_pegs(pegs_now.data(), pegs);
}

SplitResult SplitSearch::improve(std::vector<PackedCode> start, Rng& rng, std::uint64_t steps,
                                 int restarts) {
    if (static_cast<int>(start.size()) != params_.batch)
        throw std::invalid_argument("SplitSearch: the start needs B strings");
    SplitResult best{start, 0, 0};
    std::optional<Run> state;
    state.emplace(*this, std::move(start));
    best.not_alone = state->current;
    const std::uint64_t per_run = steps / static_cast<std::uint64_t>(restarts + 1) + 1;
    for (int r = 0; r <= restarts && best.not_alone > 0 && best.steps < steps; ++r) {
        if (r > 0) state.emplace(*this, best.test);
        Run& run = *state;
        for (std::uint64_t k = 0; k < per_run && best.steps < steps; ++k) {
            if (run.current == 0) break;
            // A move of a walk that has been stopped (its output's reader gone, a server
            // stopping) ends within a few thousand steps rather than after all of them.
            if ((k & 1023) == 1023) ambient_budget().check("the second-test search");
            const double temperature =
                kHotTemperature * std::pow(kColdTemperature / kHotTemperature,
                                           static_cast<double>(k) / static_cast<double>(per_run));
            const auto j = static_cast<std::size_t>(rng.below(run.test.size()));
            const auto code = move(run, rng, j);
            ++best.steps;
            if (code == run.test[j] || !allowed(code, run.test, j)) continue;
            // Accept a worse count with the annealing's probability: draw the threshold first,
            // so that counting can stop as soon as it is passed.
            const double u = (static_cast<double>(rng.next() >> 11) + 1.0) * 0x1.0p-53;
            const auto slack = static_cast<std::size_t>(-temperature * std::log(u));
            const auto limit = run.current + slack;
            const auto crowd = run.propose(j, code, limit);
            if (crowd > limit) continue;
            run.accept(j, code, crowd);
            if (crowd < best.not_alone) {
                best.test = run.test;
                best.not_alone = crowd;
            }
        }
    }
    // The hashes could in principle collide: the count that is returned is the exact one.
    best.not_alone = not_alone(best.test);
    return best;
}

}  // namespace mastermind
