// `mastermind first-test`: the options and the lines of the search for adaptive-split's first test
// (batch/first_test_search.hpp), repeatable. Seeded random
// tests are compared by the expected size of a random secret's answer class (estimated on every
// stride-th secret), then the best is improved one peg at a time while that estimate drops (or,
// with --temperature, annealed: a worse test is sometimes kept, to leave a local optimum).
// --checkpoint FILE keeps where the climb stands every 1,000 steps, so that a climb of hours
// stopped for any reason goes on from there, with the draws it would have made.
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch_options.hpp"
#include "checkpoint_lock.hpp"
#include "commands.hpp"
#include "interrupt_notice.hpp"
#include "mastermind/batch/first_test_search.hpp"
#include "mastermind/batch/offline_pass.hpp"
#include "option_checks.hpp"
#include "output_paths.hpp"
#include "test_option.hpp"

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
    std::string from;         // --from: a test to start from (B strings, spaces between)
    bool from_given = false;
    bool stride_given = false;  // else the stride is lowered for a small game (100 secrets sampled)
    int threads = 0;            // --threads: 0, every core
    bool progress =
        false;  // every 1,000 climb steps a line on stderr (also when stderr is a terminal)
    std::string checkpoint;  // --checkpoint: where the climb stands, resumed when it exists
};

int run_first_test(const FirstTestArgs& args) {
    // The best test goes to stdout at the end of a climb of hours: refused before it starts when
    // it would be lost.
    if (stdout_closed()) {
        complain("mastermind first-test: standard output is closed: the best test would be lost\n");
        return kExitFailure;
    }
    // The sample's counts run on TBB's threads: at most --threads of them for this run.
    const tbb::global_control threads(
        tbb::global_control::max_allowed_parallelism,
        args.threads > 0 ? static_cast<std::size_t>(args.threads)
                         : static_cast<std::size_t>(tbb::info::default_concurrency()));
    const auto& p = args.params;
    FirstTestSearch search;
    search.params = p;
    search.seed = args.seed;
    search.candidates = args.candidates;
    search.climb = args.climb;
    search.stride = args.stride;
    if (!args.stride_given && p.validate().empty())
        search.stride = std::min<std::uint64_t>(
            args.stride, std::max<std::uint64_t>(1, p.secret_count() / 100));
    search.criterion = args.criterion == "largest" ? FirstTestCriterion::largest
                       : args.criterion == "hard"  ? FirstTestCriterion::hard
                       : args.criterion == "power" ? FirstTestCriterion::power
                                                   : FirstTestCriterion::expected;
    search.hard_size = args.hard_size;
    search.power = args.power;
    search.temperature = args.temperature;
    search.string_moves = args.string_moves;
    if (auto why = p.validate(); !why.empty()) {
        complain("mastermind first-test: {}\n", why);
        return kExitFailure;
    }
    if (args.from_given) {
        auto test = parse_test_option("mastermind first-test", "--from", args.from, p);
        if (!test) return kExitFailure;
        search.from = std::move(*test);
    }
    if (auto why = first_test_search_refuses(search); !why.empty()) {
        // A stride the user did not give is named as the default.
        const bool stride = why.starts_with("--stride");
        complain("mastermind first-test: {}{}\n", why,
                 stride && !args.stride_given
                     ? fmt::format(" ({} is --stride's default for a game this large)", args.stride)
                     : std::string());
        return kExitFailure;
    }
    // --checkpoint: a state to resume when the file holds one, else a new climb that writes it.
    std::optional<FirstTestClimbState> resume;
    // The state is renamed over the checkpoint at each write (a lock on it would go with the old
    // file): one run a checkpoint is held on CHECKPOINT.lock instead, removed at the end.
    std::optional<CheckpointLock> lock;
    if (!args.checkpoint.empty()) {
        if (args.climb == 0) {
            complain("mastermind first-test: --checkpoint keeps a climb's state, and --climb is 0\n");
            return kExitFailure;
        }
        lock.emplace(args.checkpoint + ".lock", CheckpointLock::remove_at_end);
        if (lock->open_error() != 0) {
            complain("mastermind first-test: --checkpoint: '{}.lock' cannot be made ({})\n",
                     args.checkpoint, std::strerror(lock->open_error()));
            return kExitFailure;
        }
        if (!lock->held()) {
            complain(
                "mastermind first-test: --checkpoint '{}' is in use by another run ('{}.lock' is "
                "held; one run a checkpoint)\n",
                args.checkpoint, args.checkpoint);
            return kExitFailure;
        }
        std::error_code error;
        if (std::filesystem::exists(args.checkpoint, error) &&
            !std::filesystem::is_regular_file(args.checkpoint, error)) {
            complain("mastermind first-test: --checkpoint '{}' is not a regular file\n",
                     args.checkpoint);
            return kExitFailure;
        }
        if (std::filesystem::exists(args.checkpoint, error) &&
            std::filesystem::file_size(args.checkpoint, error) > 0) {
            try {
                resume = read_first_test_checkpoint(args.checkpoint, search);
            } catch (const std::runtime_error& e) {
                complain("mastermind first-test: --checkpoint {}\n", e.what());
                return kExitFailure;
            }
        } else if (!replace_file(args.checkpoint, "")) {
            complain("mastermind first-test: --checkpoint '{}' cannot be written\n",
                     args.checkpoint);
            return kExitFailure;
        }
    }
    auto show = [&](const TestScore& s) {
        return args.criterion == "expected" ? fmt::format("expected class {:10.1f}", s.expected)
               : args.criterion == "largest"
                   ? fmt::format("largest class ~{:8.0f}, expected class {:8.1f}", s.primary,
                                 s.expected)
               : args.criterion == "power"
                   ? fmt::format("power-{} mean of the class size {:8.1f}, expected class {:8.1f}",
                                 args.power, s.primary, s.expected)
                   : fmt::format("secrets in classes of >= {}: {:8.5f}%, expected class {:8.1f}",
                                 args.hard_size, 100 * s.primary, s.expected);
    };
    // Each line flushed: a long search shows its progress in a log file.
    FirstTestEvents events;
    events.from = [&](const TestScore& size, const std::vector<PackedCode>& test) {
        fmt::print("from:          {}  {}\n", show(size), strings_text(test, p.pegs));
        flush_stdout();
    };
    events.candidate = [&](int c, const TestScore& size, const std::vector<PackedCode>& test) {
        fmt::print("candidate {:3}: {}  {}\n", c, show(size), strings_text(test, p.pegs));
        flush_stdout();
    };
    events.improved = [&](int step, const TestScore& size, const std::vector<PackedCode>& test) {
        fmt::print("step {:4}: {}  {}\n", step, show(size), strings_text(test, p.pegs));
        flush_stdout();
    };
    if (args.progress || ::isatty(STDERR_FILENO) == 1) {
        events.progress = [&](int step, const TestScore& current, const TestScore& best) {
            complain("  {} steps: current {}, best {}\n", step, show(current), show(best));
        };
    }
    bool checkpoint_failed = false;
    // A signal once the checkpoint holds a state (from the first write, or from the start of a
    // resumed climb): where the climb is kept.
    std::optional<InterruptNotice> kept_notice;
    const auto kept_text = fmt::format(
        "mastermind first-test: stopped by a signal; '{}' holds the climb as of its last "
        "thousand steps: the same command goes on from there",
        args.checkpoint);
    if (!args.checkpoint.empty()) {
        // Written beside the file and renamed over it: never half written.
        events.checkpoint = [&](const FirstTestClimbState& state) {
            if (!checkpoint_failed &&
                !replace_file(args.checkpoint, first_test_checkpoint_text(search, state))) {
                complain("mastermind first-test: --checkpoint '{}' cannot be written (the climb "
                         "goes on; its last state there is kept)\n",
                         args.checkpoint);
                checkpoint_failed = true;
            }
            if (!checkpoint_failed && !kept_notice) kept_notice.emplace(kept_text);
        };
        if (resume) kept_notice.emplace(kept_text);
    }
    if (resume) {
        fmt::print("resuming from '{}' at step {} of {}: current {}\n", args.checkpoint,
                   resume->step, args.climb, strings_text(resume->current, p.pegs));
        flush_stdout();
    }
    std::optional<InterruptNotice> notice;
    if (!args.checkpoint.empty() && !resume) {
        notice.emplace(fmt::format(
            "mastermind first-test: stopped by a signal before the climb's first checkpoint: "
            "nothing is kept in '{}' yet; the same command starts again",
            args.checkpoint));
    }
    const auto r = search_first_test(search, events, resume ? &*resume : nullptr);
    kept_notice.reset();  // the later notice first: each puts back the one before it
    notice.reset();
    if (args.temperature > 0) {
        fmt::print(
            "annealed: {} of {} changes kept, {} of them worse than the test they replaced\n",
            r.kept, args.climb, r.kept_worse);
    }
    const auto& exact = r.exact;
    fmt::print(
        "sample: {} secrets (stride {}), {} classes, largest ~{}, expected class {:.1f}, power-{} "
        "mean {:.1f}, "
        "{:.5f}% in classes of >= {}\n",
        exact.sampled, search.stride, exact.classes, exact.largest * search.stride,
        exact.expected_class, args.power, exact.power_mean, 100 * exact.hard_share, args.hard_size);
    fmt::print("best: {}\n{}\n", show(r.score), strings_text(r.best, p.pegs));
    return checkpoint_failed ? kExitFailure : kExitOk;
}

}  // namespace

void add_first_test_command(CLI::App& app, int& exit_status) {
    CLI::App* cmd = app.add_subcommand(
        "first-test",
        "Search a first test for adaptive-split: seeded random tests, then one peg changed at a "
        "time, judged on a sample by the expected size of a secret's answer class (or "
        "--criterion).");
    auto args = std::make_shared<FirstTestArgs>();
    cmd->footer(
        "\nExamples:\n  mastermind first-test --seed 8             # where adaptive-split's first "
        "test started\n"
        "  mastermind first-test --criterion power --stride 97 --candidates 0 --climb 0 --from "
        "\"078395248 750641289 "
        "430443525 262276557 174630739 515151111 888823833 267276557 332002023\"   # "
        "adaptive-split's first test, judged\n"
        "  mastermind first-test --criterion power --stride 97 --seed 8 --climb 20000 "
        "--temperature 0.002 --string-moves 0.1 --checkpoint climb.state   # annealed: hours; "
        "the same command again goes on where it stopped");
    add_batch_params_options(cmd, args->params);
    cmd->add_option("--seed", args->seed, "seed of the candidates and the changes")
        ->capture_default_str()
        ->transform(seed_value());
    cmd->add_option("--candidates", args->candidates,
                    "random tests compared first (0: only --from)")
        ->capture_default_str()
        ->transform(integer_in(0, 1'000'000));
    cmd->add_option(
        "--from", args->from,
        "a test to start from and compare, its B strings between quotes (e.g. adaptive-split's: "
        "mastermind solve's first test line)");
    cmd->add_option("--climb", args->climb,
                    "changes tried, one string at a time (single pegs unless --string-moves)")
        ->capture_default_str()
        ->transform(integer_in(0, 10'000'000));
    cmd->add_option("--temperature", args->temperature,
                    "anneal: a change that makes the criterion worse by a fraction d is kept with "
                    "probability exp(-d/T), "
                    "T falling linearly to 0 over the climb (0: only better tests are kept)")
        ->capture_default_str()
        ->check(number_in(0, 1));
    cmd->add_flag(
        "--progress", args->progress,
        "every 1,000 steps of the climb, where it stands (on stderr; also when it is a terminal)");
    cmd->add_option("--string-moves", args->string_moves,
                    "the share of changes that replace a whole string by a random one")
        ->capture_default_str()
        ->check(number_in(0, 1));
    cmd->add_option("--threads", args->threads,
                    "worker threads of the sample's counts (0: all cores; 1 for a climb of hours "
                    "beside other work)")
        ->transform(integer_in(0, kMaxThreads))
        ->capture_default_str();
    cmd->add_option("--stride", args->stride, "sample every stride-th secret")
        ->capture_default_str()
        ->transform(integer_in(1, UINT32_MAX));
    cmd->add_option("--criterion", args->criterion,
                    "expected: the expected size of a secret's class; largest: the largest class; "
                    "hard: the share of "
                    "secrets in classes of at least --hard-size (the classes a second test "
                    "struggles to split); power: the "
                    "--power-th power mean of a secret's class size (weighs the large classes "
                    "more, smoothly)")
        ->check(one_of({"expected", "largest", "hard", "power"}))
        ->capture_default_str();
    cmd->add_option("--hard-size", args->hard_size,
                    "with --criterion hard: the class size that counts as hard")
        ->capture_default_str()
        ->transform(integer_in(1, 1'000'000'000'000));
    cmd->add_option("--checkpoint", args->checkpoint,
                    "where the climb stands, every 1,000 steps and at its end; when the file "
                    "exists the same command goes on from there (another search's file is "
                    "refused)")
        ->check(output_file());
    cmd->add_option("--power", args->power,
                    "with --criterion power: the power K (1: the expected class)")
        ->capture_default_str()
        ->transform(integer_in(1, kMaxPower));
    cmd->callback([args, cmd, &exit_status] {
        args->from_given = cmd->count("--from") > 0;
        args->stride_given = cmd->count("--stride") > 0;
        exit_status = run_first_test(*args);
    });
}

}  // namespace mastermind::app
