// `mastermind first-test`: how adaptive-split's first test was chosen, repeatable. Seeded random
// tests are compared by the expected size of a random secret's answer class (estimated on every
// stride-th secret), then the best is improved one peg at a time while that estimate drops (or,
// with --temperature, annealed: a worse test is sometimes kept, to leave a local optimum).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "batch_options.hpp"
#include "commands.hpp"
#include "test_option.hpp"
#include "mastermind/batch/class_sample.hpp"
#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/core/random.hpp"

#include <unistd.h>

namespace mastermind::app {

namespace {

struct FirstTestArgs {
    BatchParams params;
    std::uint64_t seed = 1;
    int candidates = 40;
    int climb = 200;
    std::uint64_t stride = 997;
    std::string criterion = "expected";
    std::uint64_t hard_size = 2000;
    int power = 4;
    double temperature = 0;   // 0: a change is kept only when it is better (the climb)
    double string_moves = 0;  // the share of changes that replace a whole string instead of one peg
    std::string from;  // --from: a test to start from (B strings, spaces between)
    bool from_given = false;
    bool progress = false;  // every 1,000 climb steps a line on stderr (also when stderr is a terminal)
};

// What a test is judged by, smaller is better: the criterion, then the expected class.
struct TestScore {
    double primary = 0, expected = 0;
    bool better_than(const TestScore& o) const { return primary != o.primary ? primary < o.primary : expected < o.expected; }
};

std::string describe(const std::vector<PackedCode>& test, int pegs) {
    std::string out;
    for (const auto& s : test) {
        if (!out.empty()) out += ' ';
        out += s.to_string(pegs);
    }
    return out;
}

int run_first_test(const FirstTestArgs& args) {
    const auto& p = args.params;
    if (auto why = p.validate(); !why.empty()) {
        complain("mastermind first-test: {}\n", why);
        return kExitFailure;
    }
    // The sample is kept in memory (class_sample.hpp): about 50 bytes per sampled secret.
    const std::uint64_t samples = sample_size(p, args.stride);
    if (samples > ClassSample::kMaxSamples) {
        complain("mastermind first-test: --stride {} makes a sample of {} of the {}^{} secrets; at most 2^26 = {} (raise --stride)\n",
                 args.stride, samples, p.colours, p.pegs, ClassSample::kMaxSamples);
        return kExitFailure;
    }
    const int power = args.criterion == "power" ? args.power : 0;
    // A test given alone (no candidates, no climb) is counted once, by its exact keys: no sample
    // to build (filling its columns costs as much memory and time as the count itself).
    const bool judge_only = args.candidates == 0 && args.climb == 0;
    std::optional<ClassSample> sample;
    if (!judge_only) sample.emplace(p, args.stride, args.hard_size, power);
    std::optional<ClassStatistics> exact;
    // expected: the expected size of a random secret's class; largest: the largest class
    // (estimated: sampled members times the stride); hard: the share of secrets in classes of at
    // least --hard-size; power: the --power-th power mean of a secret's class size. Ties (and the
    // report) by the expected class.
    auto judge = [&](const ClassStatistics& s) {
        const double primary = args.criterion == "largest" ? static_cast<double>(s.largest * args.stride)
                               : args.criterion == "hard"  ? s.hard_share
                               : args.criterion == "power" ? s.power_mean
                                                           : s.expected_class;
        return TestScore{primary, s.expected_class};
    };
    auto estimate = [&](const std::vector<PackedCode>& test) { return judge(sample->reset(test)); };
    auto show = [&](const TestScore& s) {
        return args.criterion == "expected" ? fmt::format("expected class {:10.1f}", s.expected)
               : args.criterion == "largest"
                   ? fmt::format("largest class ~{:8.0f}, expected class {:8.1f}", s.primary, s.expected)
               : args.criterion == "power"
                   ? fmt::format("power-{} mean of the class size {:8.1f}, expected class {:8.1f}", args.power, s.primary, s.expected)
                   : fmt::format("secrets in classes of >= {}: {:8.5f}%, expected class {:8.1f}", args.hard_size, 100 * s.primary, s.expected);
    };
    std::vector<PackedCode> best;
    TestScore best_size;
    if (args.from_given) {
        auto test = parse_test_option("mastermind first-test", "--from", args.from, p);
        if (!test) return kExitFailure;
        best = std::move(*test);
        if (judge_only) exact = class_statistics(best, p, args.stride, args.hard_size, args.power);
        best_size = exact ? judge(*exact) : estimate(best);
        fmt::print("from:          {}  {}\n", show(best_size), describe(best, p.pegs));
        flush_stdout();
    } else if (args.candidates == 0) {
        complain("mastermind first-test: --candidates 0 needs --from (a test to start from)\n");
        return kExitFailure;
    }
    for (int c = 0; c < args.candidates; ++c) {
        Rng rng(derive_seed(args.seed, static_cast<std::uint64_t>(c)));
        const auto test = random_distinct_strings(rng, p);
        const auto size = estimate(test);
        fmt::print("candidate {:3}: {}  {}\n", c, show(size), describe(test, p.pegs));
        flush_stdout();  // a long search shows its progress in a log file
        if (best.empty() || size.better_than(best_size)) best = test, best_size = size;
    }
    // The climb: one string of the current test changed at a time (one peg, or with
    // --string-moves the whole string), kept when the test gets better; with --temperature T a
    // change that makes the criterion worse by a fraction d is also kept with probability
    // exp(-d / T), and T falls linearly to 0 over the steps (annealing). Only the changed string
    // is scored again (ClassSample::propose). With both options at 0 the random draws are those
    // of the plain climb, so its results stay repeatable.
    if (args.climb > 0 && sample->test() != best) sample->reset(best);  // the sample holds the last test judged
    Rng rng(derive_seed(args.seed, UINT64_MAX));
    std::vector<PackedCode> current = best;
    TestScore current_size = best_size;
    std::uint64_t kept = 0, kept_worse = 0;
    const bool progress = args.progress || ::isatty(STDERR_FILENO) == 1;
    for (int step = 0; step < args.climb; ++step) {
        if (progress && step > 0 && step % 1000 == 0) {
            complain("  {} steps: current {}, best {}\n", step, show(current_size), show(best_size));
        }
        const auto i = rng.below(current.size());
        std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
        if (args.string_moves > 0 && rng.uniform() < args.string_moves) {
            for (int q = 0; q < p.pegs; ++q) pegs[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(p.colours)));
        } else {
            for (int q = 0; q < p.pegs; ++q) pegs[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(current[i].peg(q));
            pegs[rng.below(static_cast<std::uint64_t>(p.pegs))] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(p.colours)));
        }
        const auto code = PackedCode::from_pegs(pegs.data(), p.pegs);
        if (std::find(current.begin(), current.end(), code) != current.end()) continue;  // unchanged, or twice in the test
        const auto size = judge(sample->propose(i, code));
        bool keep = size.better_than(current_size);
        if (!keep && args.temperature > 0) {
            const double t = args.temperature * (1.0 - static_cast<double>(step) / args.climb);
            const double worse = (size.primary - current_size.primary) / std::max(current_size.primary, 1e-300);
            keep = t > 0 && rng.uniform() < std::exp(-worse / t);
        }
        if (!keep) continue;
        ++kept;
        if (current_size.better_than(size)) ++kept_worse;
        sample->accept();
        current[i] = code, current_size = size;
        if (current_size.better_than(best_size)) {
            best = current, best_size = current_size;
            fmt::print("step {:4}: {}  {}\n", step, show(best_size), describe(best, p.pegs));
            flush_stdout();
        }
    }
    if (args.temperature > 0) {
        fmt::print("annealed: {} of {} changes kept, {} of them worse than the test they replaced\n", kept, args.climb, kept_worse);
    }
    // The figures of the best test counted again by their exact answer keys (the climb counts
    // 64-bit hashes of them, class_sample.hpp), every measure at once, then its criterion's.
    if (!exact) exact = class_statistics(best, p, args.stride, args.hard_size, args.power);
    fmt::print("sample: {} secrets (stride {}), {} classes, largest ~{}, expected class {:.1f}, power-{} mean {:.1f}, "
               "{:.5f}% in classes of >= {}\n",
               exact->sampled, args.stride, exact->classes, exact->largest * args.stride, exact->expected_class, args.power,
               exact->power_mean, 100 * exact->hard_share, args.hard_size);
    fmt::print("best: {}\n{}\n", show(judge(*exact)), describe(best, p.pegs));
    return kExitOk;
}

}  // namespace

void add_first_test_command(CLI::App& app, int& exit_status) {
    CLI::App* cmd = app.add_subcommand(
        "first-test",
        "Search a first test for adaptive-split: seeded random tests, then one peg changed at a "
        "time, judged on a sample by the expected size of a secret's answer class (or --criterion).");
    auto args = std::make_shared<FirstTestArgs>();
    cmd->footer("\nExamples:\n  mastermind first-test --seed 8             # where adaptive-split's first test started\n"
                "  mastermind first-test --criterion power --stride 97 --candidates 0 --climb 0 --from \"078395248 750641289 "
                "430443525 262276557 174630739 515151111 888823833 267276557 332002023\"   # adaptive-split's first test, judged\n"
                "  mastermind first-test --criterion power --stride 97 --seed 8 --climb 20000 --temperature 0.002 --string-moves 0.1   # annealed");
    add_batch_params_options(cmd, args->params);
    cmd->add_option("--seed", args->seed, "seed of the candidates and the changes")->capture_default_str()->check(seed_value());
    cmd->add_option("--candidates", args->candidates, "random tests compared first (0: only --from)")->capture_default_str()->check(integer_in(0, 1'000'000));
    cmd->add_option("--from", args->from, "a test to start from and compare, its B strings between quotes (e.g. adaptive-split's: "
                                          "mastermind solve's first test line)");
    cmd->add_option("--climb", args->climb, "changes tried, one string at a time (single pegs unless --string-moves)")
        ->capture_default_str()
        ->check(integer_in(0, 10'000'000));
    cmd->add_option("--temperature", args->temperature,
                    "anneal: a change that makes the criterion worse by a fraction d is kept with probability exp(-d/T), "
                    "T falling linearly to 0 over the climb (0: only better tests are kept)")
        ->capture_default_str()
        ->check(number_in(0, 1));
    cmd->add_flag("--progress", args->progress, "every 1,000 steps of the climb, where it stands (on stderr; also when it is a terminal)");
    cmd->add_option("--string-moves", args->string_moves, "the share of changes that replace a whole string by a random one")
        ->capture_default_str()
        ->check(number_in(0, 1));
    cmd->add_option("--stride", args->stride, "sample every stride-th secret")->capture_default_str()->check(integer_in(1, UINT32_MAX));
    cmd->add_option("--criterion", args->criterion,
                    "expected: the expected size of a secret's class; largest: the largest class; hard: the share of "
                    "secrets in classes of at least --hard-size (the classes a second test struggles to split); power: the "
                    "--power-th power mean of a secret's class size (weighs the large classes more, smoothly)")
        ->check(CLI::IsMember({"expected", "largest", "hard", "power"}))
        ->capture_default_str();
    cmd->add_option("--hard-size", args->hard_size, "with --criterion hard: the class size that counts as hard")
        ->capture_default_str()
        ->check(integer_in(1, 1'000'000'000'000));
    cmd->add_option("--power", args->power, "with --criterion power: the power K (1: the expected class)")
        ->capture_default_str()
        ->check(integer_in(1, kMaxPower));
    cmd->callback([args, cmd, &exit_status] {
        args->from_given = cmd->count("--from") > 0;
        exit_status = run_first_test(*args);
    });
}

}  // namespace mastermind::app
