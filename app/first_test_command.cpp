// `mastermind first-test`: how adaptive-split's first test was chosen, repeatable. Seeded random
// tests are compared by the expected size of a random secret's answer class (estimated on every
// stride-th secret), then the best is improved one peg at a time while that estimate drops.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <string>
#include <vector>

#include "batch_options.hpp"
#include "commands.hpp"
#include "mastermind/analysis/class_statistics.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind::app {

namespace {

struct FirstTestArgs {
    BatchParams params;
    std::uint64_t seed = 1;
    int candidates = 40;
    int climb = 200;
    std::uint64_t stride = 997;
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
    if (p.secret_count() > UINT32_MAX) {
        complain("mastermind first-test: {}^{} secrets; the sample numbers them in 32 bits\n", p.colours, p.pegs);
        return kExitFailure;
    }
    auto estimate = [&](const std::vector<PackedCode>& test) {
        return class_statistics(test, p, args.stride).expected_class;
    };
    std::vector<PackedCode> best;
    double best_size = 0;
    for (int c = 0; c < args.candidates; ++c) {
        Rng rng(derive_seed(args.seed, static_cast<std::uint64_t>(c)));
        const auto test = random_distinct_strings(rng, p);
        const double size = estimate(test);
        fmt::print("candidate {:3}: expected class {:10.1f}  {}\n", c, size, describe(test, p.pegs));
        flush_stdout();  // a long search shows its progress in a log file
        if (best.empty() || size < best_size) best = test, best_size = size;
    }
    Rng rng(derive_seed(args.seed, UINT64_MAX));
    for (int step = 0; step < args.climb; ++step) {
        auto test = best;
        const auto i = rng.below(test.size());
        std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
        for (int q = 0; q < p.pegs; ++q) pegs[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(test[i].peg(q));
        pegs[rng.below(static_cast<std::uint64_t>(p.pegs))] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(p.colours)));
        test[i] = PackedCode::from_pegs(pegs.data(), p.pegs);
        if (std::count(test.begin(), test.end(), test[i]) > 1) continue;
        const double size = estimate(test);
        if (size < best_size) {
            best = test, best_size = size;
            fmt::print("step {:4}: expected class {:10.1f}  {}\n", step, size, describe(test, p.pegs));
            flush_stdout();
        }
    }
    fmt::print("best: expected class {:.1f}\n{}\n", best_size, describe(best, p.pegs));
    return kExitOk;
}

}  // namespace

void add_first_test_command(CLI::App& app, int& exit_status) {
    CLI::App* cmd = app.add_subcommand(
        "first-test",
        "Search a first test for adaptive-split: seeded random tests, then one peg changed at a "
        "time, judged by the expected size of a secret's answer class on a sample.");
    auto args = std::make_shared<FirstTestArgs>();
    cmd->footer("\nExamples:\n  mastermind first-test --seed 1             # how adaptive-split's first test was found\n"
                "  mastermind first-test -P 6 -K 7 -B 6 --candidates 10 --climb 50");
    add_batch_params_options(cmd, args->params);
    cmd->add_option("--seed", args->seed, "seed of the candidates and the changes")->capture_default_str()->check(seed_value());
    cmd->add_option("--candidates", args->candidates, "random tests compared first")->capture_default_str()->check(integer_in(1, 1'000'000));
    cmd->add_option("--climb", args->climb, "single-peg changes tried on the best")->capture_default_str()->check(integer_in(0, 10'000'000));
    cmd->add_option("--stride", args->stride, "sample every stride-th secret")->capture_default_str()->check(integer_in(1, UINT32_MAX));
    cmd->callback([args, &exit_status] { exit_status = run_first_test(*args); });
}

}  // namespace mastermind::app
