#include "mastermind/batch/first_test_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "mastermind/batch/class_sample.hpp"
#include "mastermind/core/bounded_input.hpp"
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
    // A sample of a few secrets says nothing of a test's classes (a stride past the game's size
    // samples one secret).
    const auto least = std::min<std::uint64_t>(100, p.secret_count());
    if (samples < least) {
        return fmt::format(
            "--stride {} makes a sample of {} of the {}^{} secrets; at least {} (lower --stride)",
            search.stride, samples, p.colours, p.pegs, least);
    }
    if (!search.from && search.candidates == 0)
        return "--candidates 0 needs --from (a test to start from)";
    return {};
}

FirstTestResult search_first_test(const FirstTestSearch& search, const FirstTestEvents& events,
                                  const FirstTestClimbState* resume) {
    const auto& p = search.params;
    const int power = search.criterion == FirstTestCriterion::power ? search.power : 0;
    // A test given alone (no candidates, no climb) is counted once, by its exact keys: no sample
    // to build (filling its columns costs as much memory and time as the count itself).
    const bool judge_only = search.candidates == 0 && search.climb == 0 && !resume;
    std::optional<ClassSample> sample;
    if (!judge_only) sample.emplace(p, search.stride, search.hard_size, power);
    std::optional<ClassStatistics> exact;
    auto judge = [&](const ClassStatistics& s) { return judge_first_test(search, s); };
    auto estimate = [&](const std::vector<PackedCode>& test) { return judge(sample->reset(test)); };
    FirstTestResult result;
    auto& best = result.best;
    TestScore best_size;
    if (search.from && !resume) {
        best = *search.from;
        if (judge_only)
            exact = class_statistics(best, p, search.stride, search.hard_size, search.power);
        best_size = exact ? judge(*exact) : estimate(best);
        if (events.from) events.from(best_size, best);
    }
    for (int c = 0; c < search.candidates && !resume; ++c) {
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
    Rng rng(derive_seed(search.seed, UINT64_MAX));
    int first_step = 0;
    if (resume) {
        if (!rng.restore(resume->rng))
            throw std::invalid_argument("search_first_test: the state's generator is not one");
        best = resume->best;
        best_size = estimate(best);
        first_step = resume->step;
        result.kept = resume->kept;
        result.kept_worse = resume->kept_worse;
    }
    std::vector<PackedCode> current = resume ? resume->current : best;
    TestScore current_size = resume ? estimate(current) : best_size;
    if (search.climb > 0 && sample->test() != current)
        sample->reset(current);  // the sample holds the last test judged
    auto checkpoint = [&](int next_step) {
        events.checkpoint({next_step, current, best, result.kept, result.kept_worse, rng.state()});
    };
    for (int step = first_step; step < search.climb; ++step) {
        if (events.checkpoint && step > first_step && step % events.checkpoint_every == 0)
            checkpoint(step);
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
    if (events.checkpoint && search.climb > first_step) checkpoint(search.climb);
    // The best test's figures counted again by their exact answer keys (the climb counts 64-bit
    // hashes of them, class_sample.hpp), every measure at once, then its criterion's.
    result.exact =
        exact ? *exact : class_statistics(best, p, search.stride, search.hard_size, search.power);
    result.score = judge(result.exact);
    return result;
}

namespace {

const char* criterion_name(FirstTestCriterion c) {
    switch (c) {
        case FirstTestCriterion::largest: return "largest";
        case FirstTestCriterion::hard: return "hard";
        case FirstTestCriterion::power: return "power";
        case FirstTestCriterion::expected: break;
    }
    return "expected";
}

}  // namespace

std::string first_test_checkpoint_header(const FirstTestSearch& s) {
    const auto& p = s.params;
    return fmt::format(
        "# mastermind first-test checkpoint: game {} {} {} {} seed {} candidates {} climb {} stride "
        "{} criterion {} hard-size {} power {} temperature {} string-moves {} from {}",
        p.pegs, p.colours, p.batch, p.max_tests, s.seed, s.candidates, s.climb, s.stride,
        criterion_name(s.criterion), s.hard_size, s.power, s.temperature, s.string_moves,
        s.from ? "\"" + strings_text(*s.from, p.pegs) + "\"" : std::string("-"));
}

std::string first_test_checkpoint_text(const FirstTestSearch& search,
                                       const FirstTestClimbState& state) {
    const int pegs = search.params.pegs;
    return fmt::format("{}\nstep {}\nkept {} {}\ncurrent {}\nbest {}\nrng {}\n",
                       first_test_checkpoint_header(search), state.step, state.kept,
                       state.kept_worse, strings_text(state.current, pegs),
                       strings_text(state.best, pegs), state.rng);
}

FirstTestClimbState read_first_test_checkpoint(const std::string& path,
                                               const FirstTestSearch& search) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("'{}' cannot be read", path));
    BoundedLines lines(in, std::size_t{16} << 10, std::uint64_t{64} << 10);
    std::string line;
    auto next = [&](const char* what) -> std::string {
        const auto read = lines.next(line);
        if (read == BoundedLines::Read::line) return line;
        if (read == BoundedLines::Read::end)
            throw std::runtime_error(fmt::format("'{}' ends before its {} line", path, what));
        throw std::runtime_error(
            fmt::format("'{}':{}: {}", path, lines.number() + 1, lines.why(read)));
    };
    auto field = [&](const char* name) {
        const auto text = next(name);
        const std::string prefix = std::string(name) + " ";
        if (text.rfind(prefix, 0) != 0) {
            throw std::runtime_error(fmt::format("'{}':{}: not the {} line of a checkpoint", path,
                                                 lines.number(), name));
        }
        return text.substr(prefix.size());
    };
    auto bad = [&](const char* name) {
        return std::runtime_error(
            fmt::format("'{}':{}: the {} line does not hold its value", path, lines.number(), name));
    };
    if (next("first") != first_test_checkpoint_header(search)) {
        throw std::runtime_error(fmt::format(
            "'{}' was made by another search (its first line: {})", path, line.substr(0, 200)));
    }
    FirstTestClimbState state;
    {
        const auto text = field("step");
        char* end = nullptr;
        const long step = std::strtol(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0' || step < 0 || step > search.climb) throw bad("step");
        state.step = static_cast<int>(step);
    }
    {
        const auto text = field("kept");
        unsigned long long kept = 0, worse = 0;
        int used = 0;
        if (std::sscanf(text.c_str(), "%llu %llu%n", &kept, &worse, &used) != 2 ||
            static_cast<std::size_t>(used) != text.size() || worse > kept ||
            kept > static_cast<unsigned long long>(state.step))  // at most one change a step
            throw bad("kept");
        state.kept = kept;
        state.kept_worse = worse;
    }
    auto test = [&](const char* name) {
        std::vector<PackedCode> out;
        std::istringstream words(field(name));
        std::string word;
        while (words >> word) {
            const auto code = PackedCode::parse(word, search.params);
            if (!code) throw bad(name);
            out.push_back(*code);
        }
        if (static_cast<int>(out.size()) != search.params.batch) throw bad(name);
        for (std::size_t i = 0; i < out.size(); ++i)
            for (std::size_t j = i + 1; j < out.size(); ++j)
                if (out[i] == out[j]) throw bad(name);
        return out;
    };
    state.current = test("current");
    state.best = test("best");
    state.rng = field("rng");
    if (!Rng(0).restore(state.rng)) throw bad("rng");
    if (lines.next(line) != BoundedLines::Read::end)
        throw std::runtime_error(
            fmt::format("'{}':{}: a line after the state", path, lines.number()));
    return state;
}

}  // namespace mastermind
