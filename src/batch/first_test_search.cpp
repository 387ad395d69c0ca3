#include "mastermind/batch/first_test_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "mastermind/batch/class_sample.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {

TestScore judge_first_test(const FirstTestSearch& search, const ClassStatistics& s) {
    const double primary = search.criterion == FirstTestCriterion::largest
                               ? static_cast<double>(s.largest * search.stride)
                           : search.criterion == FirstTestCriterion::hard  ? s.hard_share
                           : search.criterion == FirstTestCriterion::power ? s.power_mean
                                                                           : s.expected_class;
    return TestScore{primary, s.expected_class};
}

std::string first_test_search_refuses(const FirstTestSearch& search) {
    const auto& p = search.params;
    if (auto why = p.validate(); !why.empty()) return why;
    // The sample is kept in memory (class_sample.hpp): about 50 bytes per sampled secret.
    const std::uint64_t samples = sample_size(p, search.stride);
    if (samples > ClassSample::kMaxSamples) {
        return fmt::format(
            "--stride {} makes a sample of {} of the {}^{} secrets; at most 2^26 = {} (raise "
            "--stride)",
            search.stride, samples, p.colours, p.pegs, ClassSample::kMaxSamples);
    }
    if (!search.from && search.candidates == 0)
        return "--candidates 0 needs --from (a test to start from)";
    return {};
}

FirstTestResult search_first_test(const FirstTestSearch& search, const FirstTestEvents& events) {
    const auto& p = search.params;
    const int power = search.criterion == FirstTestCriterion::power ? search.power : 0;
    // A test given alone (no candidates, no climb) is counted once, by its exact keys: no sample
    // to build (filling its columns costs as much memory and time as the count itself).
    const bool judge_only = search.candidates == 0 && search.climb == 0;
    std::optional<ClassSample> sample;
    if (!judge_only) sample.emplace(p, search.stride, search.hard_size, power);
    std::optional<ClassStatistics> exact;
    auto judge = [&](const ClassStatistics& s) { return judge_first_test(search, s); };
    auto estimate = [&](const std::vector<PackedCode>& test) { return judge(sample->reset(test)); };
    FirstTestResult result;
    auto& best = result.best;
    TestScore best_size;
    if (search.from) {
        best = *search.from;
        if (judge_only)
            exact = class_statistics(best, p, search.stride, search.hard_size, search.power);
        best_size = exact ? judge(*exact) : estimate(best);
        if (events.from) events.from(best_size, best);
    }
    for (int c = 0; c < search.candidates; ++c) {
        Rng rng(derive_seed(search.seed, static_cast<std::uint64_t>(c)));
        const auto test = random_distinct_strings(rng, p);
        const auto size = estimate(test);
        if (events.candidate) events.candidate(c, size, test);
        if (best.empty() || size.better_than(best_size)) best = test, best_size = size;
    }
    // The climb: one string of the current test changed at a time (one peg, or with
    // string_moves the whole string), kept when the test gets better; with a temperature T a
    // change that makes the criterion worse by a fraction d is also kept with probability
    // exp(-d / T), and T falls linearly to 0 over the steps (annealing). Only the changed string
    // is scored again (ClassSample::propose). With both at 0 the random draws are those of the
    // plain climb, so its results stay repeatable.
    if (search.climb > 0 && sample->test() != best)
        sample->reset(best);  // the sample holds the last test judged
    Rng rng(derive_seed(search.seed, UINT64_MAX));
    std::vector<PackedCode> current = best;
    TestScore current_size = best_size;
    for (int step = 0; step < search.climb; ++step) {
        if (events.progress && step > 0 && step % 1000 == 0)
            events.progress(step, current_size, best_size);
        const auto i = rng.below(current.size());
        std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
        if (search.string_moves > 0 && rng.uniform() < search.string_moves) {
            for (int q = 0; q < p.pegs; ++q) {
                pegs[static_cast<std::size_t>(q)] =
                    static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(p.colours)));
            }
        } else {
            for (int q = 0; q < p.pegs; ++q)
                pegs[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(current[i].peg(q));
            pegs[rng.below(static_cast<std::uint64_t>(p.pegs))] =
                static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(p.colours)));
        }
        const auto code = PackedCode::from_pegs(pegs.data(), p.pegs);
        if (std::find(current.begin(), current.end(), code) != current.end())
            continue;  // unchanged, or twice in the test
        const auto size = judge(sample->propose(i, code));
        bool keep = size.better_than(current_size);
        if (!keep && search.temperature > 0) {
            const double t = search.temperature * (1.0 - static_cast<double>(step) / search.climb);
            const double worse =
                (size.primary - current_size.primary) / std::max(current_size.primary, 1e-300);
            keep = t > 0 && rng.uniform() < std::exp(-worse / t);
        }
        if (!keep) continue;
        ++result.kept;
        if (current_size.better_than(size)) ++result.kept_worse;
        sample->accept();
        current[i] = code, current_size = size;
        if (current_size.better_than(best_size)) {
            best = current, best_size = current_size;
            if (events.improved) events.improved(step, best_size, best);
        }
    }
    // The best test's figures counted again by their exact answer keys (the climb counts 64-bit
    // hashes of them, class_sample.hpp), every measure at once, then its criterion's.
    result.exact =
        exact ? *exact : class_statistics(best, p, search.stride, search.hard_size, search.power);
    result.score = judge(result.exact);
    return result;
}

}  // namespace mastermind
