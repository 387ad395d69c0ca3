#include "mastermind/batch/adaptive_split.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind::strategies {

namespace {

// The first test of the 9/10/9 game, chosen for few large classes (they are what a second test
// cannot split): the power-4 mean of a random secret's class size on every 97th secret is 778.5,
// the expected class 317.1. Found in three steps (docs/results.md, "A first test with fewer large
// classes", which also compares it with the other tests tried): `mastermind first-test --seed 8
// --candidates 40 --climb 1500` (the best of seeds 1 to 52 of scripts/first-test-starts.sh); then
// `--criterion power --stride 97 --candidates 0 --climb 5266 --seed 1 --from <that test>`; then
// the annealing `--climb 8000 --temperature 0.002 --string-moves 0.05 --criterion power --power 4
// --stride 97 --seed 1 --from <that test>`. Its table of second tests:
// offline/annealed-first-test/.
constexpr std::array<std::string_view, 9> kFirstTest9 = {
    "078395248", "750641289", "430443525", "262276557", "174630739",
    "515151111", "888823833", "267276557", "332002023",
};
// The first test of the 10/10/10 game (10^10 secrets): `mastermind first-test -P 10 -K 10 -B 10
// --seed 1 --candidates 40 --climb 400 --stride 9973`, expected class 417.5 on that sample
// (random tests: 3,098 to 7,669; docs/results.md, "Games past 2^32 secrets").
constexpr std::array<std::string_view, 10> kFirstTest10 = {
    "5097683182", "7781042563", "1150511991", "5773557577", "0145992834",
    "2794452066", "3636363663", "0792124109", "9909333390", "3253225030",
};

// How well a test splits a set: secrets left alone in their class (they are settled by this
// test), then the largest class (the work left for the next test).
struct SplitQuality {
    std::size_t singletons = 0;
    std::size_t largest = 0;
    bool better_than(const SplitQuality& o) const {
        return singletons != o.singletons ? singletons > o.singletons : largest < o.largest;
    }
};

class AdaptiveSplit final : public Strategy {
  public:
    AdaptiveSplit(const BatchParams& params, std::uint64_t seed, const SplitBudget& budget,
                  const OfflineSecondTests* offline,
                  std::optional<std::span<const SecondTestEntry>> table)
        : params_(params),
          seed_(seed),
          budget_(budget),
          offline_(offline),
          first_(offline != nullptr && !offline->first_test.empty()
                     ? offline->first_test
                     : adaptive_split_first_test(params, seed)) {
        if (table) {
            table_ = *table;
        } else {
            compiled_ =
                offline == nullptr && params.pegs == 9 && params.colours == 10 && params.batch == 9;
        }
        if ((offline != nullptr || !table_.empty()) && !has_compact_key(params, params.batch)) {
            throw std::invalid_argument(
                "adaptive-split's second tests are keyed by compact answer keys: P <= 9, B <= 10");
        }
        if (params.batch > 15) throw std::invalid_argument("adaptive-split needs B <= 15");
    }

    Move next(const Position& position) override {
        if (position.history().empty()) return {false, first_};
        return position.visit_consistent([&](auto set) { return decide(position.history(), set); });
    }

  private:
    template <class Index>
    Move decide(std::span<const QueryRecord> history, std::span<const Index> set) {
        if (set.empty()) {
            throw InconsistentAnswers(
                fmt::format("no secret fits the answers of the {} tests so far", history.size()));
        }
        if (set.size() == 1 || static_cast<int>(history.size()) >= params_.max_tests) {
            return {true, {PackedCode::from_index(set.front(), params_)}};
        }
        if (history.size() == 1 && (compiled_ || !table_.empty()) &&
            history.front().strings == first_) {  // found offline for this first test
            const auto key = class_key(history.front());
            if (compiled_) {
                if (auto entry = compiled_second_test(key)) return {false, std::move(entry->test)};
            } else if (const auto* entry = find_second_test(table_, key)) {
                return {false, entry->test};
            }
        }
        std::vector<std::uint64_t> used;
        for (const auto& r : history) {
            for (const auto& s : r.strings) used.push_back(s.nibbles());
        }
        std::sort(used.begin(), used.end());
        // A game of so few codes that fewer than B have not been sent has no legal test left:
        // the secret is challenged among those still possible, as the search strategies do.
        if (params_.secret_count() - used.size() < static_cast<std::uint64_t>(params_.batch))
            return {true, {PackedCode::from_index(set.front(), params_)}};
        digits_.resize(set.size());
        for (std::size_t i = 0; i < set.size(); ++i)
            digits_of_index(set[i], params_, digits_[i].data());

        Rng rng(derive_seed(seed_, history_fingerprint(history)));
        // The second test settles as many secrets as it can; the third must settle all of
        // them, so it is searched for much longer (the sets are small by then).
        const int tries = history.size() == 1 ? budget_.second_tries : budget_.last_tries;
        std::vector<PackedCode> best;
        SplitQuality best_quality;
        for (int t = 0; t < tries; ++t) {
            auto test = candidate(rng, set, used, t);
            const auto q = quality(test);
            if (best.empty() || q.better_than(best_quality)) {
                best = std::move(test);
                best_quality = q;
                if (q.singletons == set.size()) return {false, std::move(best)};
            }
        }
        // The second test then anneals the best candidate (SplitSearch) until every secret of
        // the set is alone or the budget is spent; the offline pass searches on from there.
        const std::uint64_t steps =
            std::min<std::uint64_t>(budget_.second_steps, budget_.second_work / set.size());
        if (history.size() == 1 && steps > 0) {
            SplitSearch search(params_, set, history.front().strings);
            auto found = search.improve(std::move(best), rng, steps);
            if (offline_ != nullptr && found.not_alone > 0) {
                const auto play_not_alone = found.not_alone;
                auto longer = search.improve(found.test, rng, offline_->steps, offline_->restarts);
                if (longer.not_alone < found.not_alone) found = std::move(longer);
                offline_->found({class_key(history.front()), static_cast<std::uint32_t>(set.size()),
                                 static_cast<std::uint32_t>(found.not_alone), found.test},
                                play_not_alone);
            }
            return {false, std::move(found.test)};
        }
        return {false, std::move(best)};
    }

    // B distinct unused strings: secrets of the set on even tries (a string that may be the
    // secret splits its look-alikes well), uniform random strings on odd ones, members and random
    // strings mixed when the set is too small. decide() has made sure that B are left: else the
    // draw below would never end.
    template <class Index>
    std::vector<PackedCode> candidate(Rng& rng, std::span<const Index> set,
                                      const std::vector<std::uint64_t>& used, int attempt) const {
        if (params_.secret_count() - used.size() < static_cast<std::uint64_t>(params_.batch))
            throw std::logic_error("adaptive-split: a test asked of fewer unsent strings than B");
        std::vector<PackedCode> test;
        const bool from_set = attempt % 2 == 0;
        int misses = 0;
        while (static_cast<int>(test.size()) < params_.batch) {
            const auto code = draw(rng, set, from_set && misses < 4 * params_.batch);
            if (!fresh(code, test, used)) {
                ++misses;
                continue;
            }
            test.push_back(code);
        }
        return test;
    }

    // A member of the set, or a uniform random string.
    template <class Index>
    PackedCode draw(Rng& rng, std::span<const Index> set, bool member) const {
        return member ? PackedCode::from_index(set[rng.below(set.size())], params_)
                      : PackedCode::from_index(rng.below(params_.secret_count()), params_);
    }

    // Neither sent before (`used`: sorted nibbles) nor already in the test being built.
    static bool fresh(const PackedCode& code, const std::vector<PackedCode>& test,
                      const std::vector<std::uint64_t>& used) {
        return !std::binary_search(used.begin(), used.end(), code.nibbles()) &&
               std::find(test.begin(), test.end(), code) == test.end();
    }

    std::uint64_t class_key(const QueryRecord& first) const {
        return compact_key(make_answer_key(first.answers, params_));
    }

    SplitQuality quality(const std::vector<PackedCode>& test) {
        const QueryScorer scorer(test, params_);
        const AnswerKeyHash hash;
        keys_.resize(digits_.size());
        for (std::size_t i = 0; i < digits_.size(); ++i)
            keys_[i] = hash(scorer.key(digits_[i].data()));
        std::sort(keys_.begin(), keys_.end());
        SplitQuality q;
        for (std::size_t i = 0; i < keys_.size();) {
            std::size_t j = i + 1;
            while (j < keys_.size() && keys_[j] == keys_[i]) ++j;
            if (j - i == 1) ++q.singletons;
            q.largest = std::max(q.largest, j - i);
            i = j;
        }
        return q;
    }

    BatchParams params_;
    std::uint64_t seed_;
    SplitBudget budget_;
    const OfflineSecondTests* offline_;
    bool compiled_ = false;  // the compiled table, looked up class by class (second_tests.hpp)
    std::span<const SecondTestEntry>
        table_;  // second tests given by the caller, sorted by class key
    std::vector<PackedCode> first_;
    std::vector<std::array<std::uint8_t, BatchParams::kMaxPegs>> digits_;  // of the set being split
    std::vector<std::uint64_t> keys_;
};

}  // namespace

std::vector<PackedCode> adaptive_split_first_test(const BatchParams& params, std::uint64_t seed) {
    auto parsed = [&](const auto& strings) {
        std::vector<PackedCode> test;
        for (auto s : strings) test.push_back(*PackedCode::parse(s, params));
        return test;
    };
    if (params.pegs == 9 && params.colours == 10 && params.batch == 9) return parsed(kFirstTest9);
    if (params.pegs == 10 && params.colours == 10 && params.batch == 10)
        return parsed(kFirstTest10);
    Rng rng(derive_seed(seed, 0));
    return random_distinct_strings(rng, params);
}

std::unique_ptr<Strategy> make_adaptive_split(
    const BatchParams& params, std::uint64_t seed, const SplitBudget& budget,
    const OfflineSecondTests* offline, std::optional<std::span<const SecondTestEntry>> table) {
    return std::make_unique<AdaptiveSplit>(params, seed, budget, offline, table);
}

}  // namespace mastermind::strategies
