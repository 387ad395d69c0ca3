// `mastermind second-tests`: the options and messages of the offline pass that makes the table of
// second tests (batch/offline_pass.hpp does the work). It plays adaptive-split over every secret of
// the game, shard by shard (the evaluator's shards: whole answer classes of the first test), with
// the compiled table switched off; wherever the play-time search leaves secrets of a class not
// alone, a much longer search goes on from there and the class's best test is recorded. Each
// finished shard is appended to a checkpoint file (its entries, then its report), so that a run
// that was stopped resumes at the first shard not finished. At the end: the table's source, and
// the report of the games the strategy plays with that table (the shards' reports merged).
// The second stage, --deepen TABLE: every class the table leaves unsplit searched again from its
// recorded test with a larger budget, or with --fresh-starts from random tests
// (deepen_second_test), classes in parallel, each finished
// class appended to a checkpoint of its own; then the table again with the better tests. With
// --method repair the search is exact instead: each string of a class's test replaced in turn by
// the string a SAT solver finds (repair_second_test), which leaves fewer secrets not alone (or
// none) or proves that no one string can.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "checkpoint_lock.hpp"
#include "commands.hpp"
#include "evaluation_report.hpp"
#include "game_options.hpp"
#include "interrupt_notice.hpp"
#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/deepen_run.hpp"
#include "mastermind/batch/offline_pass.hpp"
#include "mastermind/batch/pass_run.hpp"
#include "mastermind/batch/second_tests.hpp"
#include "mastermind/batch/string_repair.hpp"
#include "mastermind/core/text.hpp"
#include "option_checks.hpp"
#include "output_paths.hpp"
#include "test_option.hpp"

namespace mastermind::app {

namespace {

constexpr const char* kCommand = "mastermind second-tests";

struct SecondTestsArgs {
    GameChoice game;
    std::uint64_t seed = 1;
    std::string out = "second_tests.inc";
    std::string checkpoint;  // default: OUT.checkpoint
    int shards = 8;
    std::uint64_t steps = 200'000;
    int restarts = 3;
    std::uint64_t play_steps = strategies::SplitBudget{}.second_steps;
    int threads = 0;
    bool progress = false;
    bool stats = false;  // only describe the checkpoint's classes
    std::string deepen;  // --deepen: a table (or a pass's checkpoint) whose unsplit classes are
                         // searched again
    bool deepen_given = false;
    bool steps_given = false;
    bool shards_given = false;  // else --shards is lowered to what the game can fill
    std::uint64_t deepen_seed = 1;
    int fresh_starts = 0;           // --fresh-starts: searches from random tests, not the entry's
    std::string method = "anneal";  // --method
    bool repair = false;  // --method repair: the exact replacement of one string, not annealing
    std::int64_t conflicts = 1'000'000;  // --conflicts: the solver's limit per call
    bool so_far =
        false;  // --so-far: write --deepen's table from its checkpoint, search nothing more
    std::string
        first_test;  // --first-test: the pass for this first test instead of the compiled one
    bool first_test_given = false;
};

// --deepen's default budget: five times the pass's, where the pass's near misses split
// (docs/results.md).
constexpr std::uint64_t kDeepenSteps = 1'000'000;

// The pass's settings, from the options.
PassSettings pass_settings(const SecondTestsArgs& a, const BatchParams& p,
                           const std::vector<PackedCode>& first) {
    return {p, a.seed, first, a.play_steps, a.steps, a.restarts, a.shards};
}

// Prints a file's error after the option that named the file.
void complain_file(const char* option, const OfflineFileError& e) {
    complain("{}: {} {}\n", kCommand, option, e.what());
}

// The option that names a first test other than the compiled one, for a table's "Made by" line.
std::string first_test_option(const SecondTestsArgs& a, const std::vector<PackedCode>& first,
                              const BatchParams& p) {
    if (!a.first_test_given) return {};
    return fmt::format(" --first-test \"{}\"", strings_text(first, p.pegs));
}

// --stats: which classes the longer search split, by size; and, against the guess that the
// members of one class sharing their colour counts (told apart by hits alone) are what resists,
// the largest such group's share of its class. Each class is enumerated from its answers.
void print_checkpoint_stats(const PassCheckpoint& r, const BatchParams& params,
                            const std::vector<PackedCode>& first_test, int shards, int threads) {
    struct Band {
        std::uint32_t below = 0;
        std::size_t classes = 0, unsplit = 0, not_alone = 0;
        std::vector<double> share_split, share_unsplit;
    };
    std::vector<Band> bands;
    for (std::uint32_t below : {1000u, 1500u, 2000u, 2500u, 3000u, 4000u, UINT32_MAX})
        bands.emplace_back().below = below;
    std::vector<std::uint64_t> keys;
    for (const auto& e : r.entries) keys.push_back(e.class_key);
    const auto shares = same_count_shares(keys, first_test, params, threads);
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
        const auto& e = r.entries[i];
        auto& b = *std::find_if(bands.begin(), bands.end(),
                                [&](const Band& band) { return e.size < band.below; });
        ++b.classes;
        b.unsplit += e.not_alone > 0;
        b.not_alone += e.not_alone;
        (e.not_alone > 0 ? b.share_unsplit : b.share_split).push_back(shares[i]);
    }
    auto median = [](std::vector<double> v) {
        if (v.empty()) return std::string("-");
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return fmt::format("{:.3f}", v[v.size() / 2]);
    };
    fmt::print("{} classes searched offline in {} of {} shards; by class size:\n", r.entries.size(),
               r.reports.size(), shards);
    fmt::print(
        "| secrets | classes | not split | share | secrets not alone | largest same-count group's "
        "share (median): split / not split |\n");
    fmt::print("|---|---:|---:|---:|---:|---|\n");
    std::uint32_t from = 0;
    for (const auto& b : bands) {
        if (b.classes > 0) {
            const auto range = b.below == UINT32_MAX ? fmt::format("{}+", from)
                                                     : fmt::format("{}-{}", from, b.below - 1);
            fmt::print("| {} | {} | {} | {:.0f}% | {} | {} / {} |\n", range, b.classes, b.unsplit,
                       100.0 * static_cast<double>(b.unsplit) / static_cast<double>(b.classes),
                       b.not_alone, median(b.share_split), median(b.share_unsplit));
        }
        from = b.below;
    }
}

// Whether two paths name one file, or `a` is the file the table is first written to when `b` is
// the table (replace_file writes PATH.partial and renames it): paths made absolute first, so
// that "x.inc" and "../dir/x.inc" match before either exists.
bool same_file(const std::string& a, const std::string& b) {
    const auto full = [](const std::string& p) {
        return std::filesystem::weakly_canonical(std::filesystem::absolute(p));
    };
    return full(a) == full(b) || full(a) == full(b + ".partial") || full(b) == full(a + ".partial");
}

// A run's hold on its checkpoint for as long as it runs: one run a checkpoint, and a signal says
// where the work is kept (`kept`: what the checkpoint holds).
struct CheckpointHold {
    CheckpointHold(const std::string& checkpoint, std::string_view kept, std::string_view also)
        : lock(checkpoint),
          notice(fmt::format("{}: stopped by a signal; {} is in the checkpoint '{}': the same "
                             "command goes on from there{}",
                             kCommand, kept, checkpoint, also)) {}
    CheckpointLock lock;
    InterruptNotice notice;
};
// Null, said on stderr, when another run holds the checkpoint or it cannot be opened.
std::unique_ptr<CheckpointHold> hold_checkpoint(const std::string& checkpoint,
                                                std::string_view kept, std::string_view also = "") {
    auto hold = std::make_unique<CheckpointHold>(checkpoint, kept, also);
    const auto why = hold->lock.problem(" (one run a checkpoint)");
    if (why.empty()) return hold;
    complain("{}: --checkpoint {}\n", kCommand, why);
    return nullptr;
}

bool writable_file(const std::string& option, const std::string& path) {
    if (const auto why = output_file_problem(path); !why.empty()) {
        complain("{}: {} {}\n", kCommand, option, why);
        return false;
    }
    // The table is written beside its path and renamed over it: a device or a pipe would be
    // replaced.
    std::error_code error;
    if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error)) {
        complain("{}: {} '{}' is not a regular file\n", kCommand, option, path);
        return false;
    }
    return true;
}

// Writes the table's source over `path` (never half written; writable_file() has refused a path
// that is not a regular file).
bool write_table(const std::string& path, const std::string& source,
                 const std::string& checkpoint) {
    if (replace_file(path, source)) return true;
    complain("{}: --out '{}' cannot be written (the checkpoint '{}' keeps the work done)\n",
             kCommand, path, checkpoint);
    return false;
}

int run_deepen(const SecondTestsArgs& args, const BatchParams& params,
               const std::vector<PackedCode>& first) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(args.deepen, error)) {
        complain("{}: --deepen '{}' {} (give the table of a finished pass, or its checkpoint)\n",
                 kCommand, args.deepen,
                 args.deepen.empty()                           ? "is an empty path"
                 : std::filesystem::exists(args.deepen, error) ? "is not a regular file"
                                                               : "does not exist");
        return kExitFailure;
    }
    const std::string checkpoint =
        args.checkpoint.empty() ? args.out + ".checkpoint" : args.checkpoint;
    if (!writable_file("--out", args.out) || !writable_file("--checkpoint", checkpoint))
        return kExitFailure;
    for (const auto& [a, b] :
         {std::pair{args.out, checkpoint}, {args.out, args.deepen}, {checkpoint, args.deepen}}) {
        if (same_file(a, b)) {
            complain(
                "{}: --deepen, --out and --checkpoint must be three files ('{}' is given twice)\n",
                kCommand, a);
            return kExitFailure;
        }
    }
    std::optional<std::vector<SecondTestEntry>> input;
    try {
        input = read_table_entries(args.deepen, params);
    } catch (const OfflineFileError& e) {
        complain_file("--deepen", e);
        return kExitFailure;
    }
    const std::uint64_t steps = args.steps_given ? args.steps : kDeepenSteps;
    const auto header = args.repair
                            ? repair_checkpoint_header(params, args.seed, first, args.conflicts)
                            : deepen_checkpoint_header({params, args.seed, first, args.deepen_seed,
                                                        steps, args.restarts, args.fresh_starts});
    const bool resuming = std::filesystem::exists(checkpoint, error) &&
                          std::filesystem::file_size(checkpoint, error) > 0;
    if (args.so_far && !resuming) {
        complain(
            "{}: --so-far writes the table from a checkpoint, and '{}' {} (give the run's "
            "--checkpoint)\n",
            kCommand, checkpoint,
            std::filesystem::exists(checkpoint, error) ? "holds none" : "does not exist");
        return kExitFailure;
    }
    // Known before the input's check (seconds to minutes). --so-far only reads the checkpoint,
    // so it may read one a run under way appends to.
    std::unique_ptr<CheckpointHold> hold;
    if (!args.so_far) {
        hold = hold_checkpoint(checkpoint, "every class finished",
                               " (add --so-far for the table as it stands)");
        if (!hold) return kExitFailure;
    }
    // Every entry is checked against the first test before anything is written: its class must
    // hold the secrets it says (a table of another first test, a forgotten --first-test, an edited
    // size or a key no answers give all show here), and an entry is copied only when it is true.
    if (args.progress)
        complain("{}: checking the {} of '{}' against the first test\n", kCommand,
                 count_of(input->size(), "class"), args.deepen);
    if (const auto bad = first_untrue_entry(*input, first, params, args.threads)) {
        complain("{}: --deepen '{}': {} ({})\n", kCommand, args.deepen, bad->why,
                 bad->wrong_size ? "a table of another first test? give it with --first-test"
                                 : "an edited line?");
        return kExitFailure;
    }
    DeepenRun run(params, first, std::move(*input), checkpoint, header);
    if (args.so_far) {
        try {
            run.take(args.threads);
        } catch (const OfflineFileError& e) {
            complain_file("--checkpoint", e);
            return kExitFailure;
        }
    } else if (resuming) {
        try {
            if (const auto cut = run.resume(args.threads); cut > 0)
                complain(
                    "{}: cut off the {} bytes after its last record (what a stopped run left "
                    "unfinished)\n",
                    kCommand, cut);
        } catch (const OfflineFileError& e) {
            complain_file("--checkpoint", e);
            return kExitFailure;
        }
    } else if (!run.start()) {
        complain("{}: --checkpoint '{}' cannot be written\n", kCommand, checkpoint);
        return kExitFailure;
    }

    auto work = run.work();
    const std::size_t reused = run.reused(), unsplit = run.unsplit();
    if (run.results() > 0) {
        complain("{}: resuming from '{}': {} searched before, {} of them in this input\n", kCommand,
                 checkpoint, count_of(run.results(), "class"), reused);
    }
    // --so-far: the table as the checkpoint has it; the classes not searched yet keep their tests.
    const std::size_t not_searched = args.so_far ? work.size() : 0;
    if (args.so_far) {
        complain(
            "{}: --so-far: {} of the {} classes of '{}' not split were searched; the other {} keep "
            "their tests\n",
            kCommand, reused, unsplit, args.deepen, not_searched);
        work.clear();
    } else if (args.repair) {
        complain(
            "{}: {} of '{}' not split, {} to search (each string of a test replaced exactly, "
            "at most {} per solver call)\n",
            kCommand, count_of(unsplit, "class"), args.deepen, work.size(),
            count_of(static_cast<std::uint64_t>(args.conflicts), "conflict"));
    } else {
        complain("{}: {} of '{}' not split, {} to search ({}, {} each{})\n", kCommand,
                 count_of(unsplit, "class"), args.deepen, work.size(), count_of(steps, "move"),
                 count_of(static_cast<std::uint64_t>(args.restarts), "restart"),
                 args.fresh_starts > 0
                     ? fmt::format(
                           " search, from {} instead of the class's test",
                           count_of(static_cast<std::uint64_t>(args.fresh_starts), "random test"))
                     : std::string());
    }
    std::size_t finished = 0, improved = 0, split_now = 0, proven = 0, undecided = 0;
    // The ETA goes by secrets rather than classes: the classes come smallest first, and a class's
    // search takes longer the more secrets it holds.
    std::uint64_t secrets_left = 0, secrets_done = 0;
    for (const auto* e : work) secrets_left += e->size;
    const auto start = std::chrono::steady_clock::now();
    const auto search_class = [&](const SecondTestEntry& entry) {
        DeepenRun::Found found;
        found.result =
            args.repair ? repair_second_test(entry, first, params, args.conflicts, &found.refuted)
                        : deepen_second_test(entry, first, params, steps, args.restarts,
                                             args.deepen_seed, args.fresh_starts);
        return found;
    };
    const auto on_finished = [&](const SecondTestEntry& searched, const DeepenRun::Found& found) {
        const auto& result = found.result;
        ++finished;
        secrets_done += searched.size;
        secrets_left -= searched.size;
        improved += result.not_alone < searched.not_alone;
        split_now += result.not_alone == 0;
        const bool all_refuted = found.refuted == params.batch;
        proven += all_refuted;
        undecided += args.repair && result.not_alone > 0 && !all_refuted;
        if (!args.progress) return;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto verdict =
            !args.repair || result.not_alone == 0 ? std::string()
            : !all_refuted
                ? fmt::format(" ({} of {} strings proven, the others undecided within the limit)",
                              found.refuted, params.batch)
            : result.not_alone == 2
                ? fmt::format(" (no one string splits it: all {} proven)", params.batch)
                : fmt::format(" (no one string improves it: all {} proven)", params.batch);
        complain(
            "  class {:016x} ({} secrets): {} -> {} not alone{}; {} of {} done, {} better, ETA "
            "{:.0f} s\n",
            result.class_key, result.size, searched.not_alone, result.not_alone, verdict, finished,
            work.size(), improved,
            elapsed / static_cast<double>(secrets_done) * static_cast<double>(secrets_left));
    };
    if (std::string failure; !run.search(work, args.threads, search_class, on_finished, failure)) {
        complain("{}: {}\n", kCommand, failure);
        return kExitFailure;
    }

    const auto table = run.table();
    const std::uint64_t before = run.not_alone_before();
    std::uint64_t after = 0;
    std::size_t split = 0;
    for (const auto& e : table) {
        after += e.not_alone;
        split += e.not_alone == 0;
    }
    const auto pass = table_made_by(args.deepen);
    const auto search = args.repair
                            ? fmt::format("--method repair --conflicts {}", args.conflicts)
                            : fmt::format("--deepen-seed {} --steps {} --restarts {}{}",
                                          args.deepen_seed, steps, args.restarts,
                                          args.fresh_starts > 0
                                              ? fmt::format(" --fresh-starts {}", args.fresh_starts)
                                              : std::string());
    std::string command =
        fmt::format("{}{}mastermind second-tests -P {} -K {} -B {} --deepen {} --seed {}{} {}",
                    pass, pass.empty() ? "" : ", then ", params.pegs, params.colours, params.batch,
                    excerpt(std::filesystem::path(args.deepen).filename().string(), 4096),
                    args.seed, first_test_option(args, first, params), search);
    if (not_searched > 0)
        command += fmt::format(" --so-far ({} of the {} classes searched)", reused, unsplit);
    if (!write_table(args.out, second_tests_source(table, params, command), checkpoint))
        return kExitFailure;
    fmt::print(
        "table {}: {}, {} split into singletons; secrets not alone {} -> {}; checksum "
        "{:016x}{}\n",
        args.out, count_of(table.size(), "class"), split, before, after,
        second_tests_checksum(table),
        not_searched > 0
            ? fmt::format(" ({} classes not searched yet: run again without --so-far to go on)",
                          not_searched)
            : "");
    if (args.repair && !args.so_far) {
        fmt::print(
            "of the {} searched in this run{}, {} split and {} more improved; of the {} still "
            "unsplit, {} proven: no one string improves them (every string's formula "
            "unsatisfiable); {} undecided within --conflicts {}{}\n",
            count_of(finished, "class"),
            reused > 0 ? fmt::format(" (the table has {} more from the checkpoint)", reused) : "",
            split_now, improved - split_now, finished - split_now, proven, undecided,
            args.conflicts,
            undecided > 0 ? fmt::format(" (give this table to --deepen with a larger --conflicts "
                                        "and another --out to go on)")
                          : "");
    }
    return kExitOk;
}

int run_second_tests(SecondTestsArgs args) {
    // The summary goes to stdout after hours of work; the table and the checkpoint would be kept,
    // but a run that cannot say what it did is refused before it starts.
    if (stdout_closed()) {
        complain("{}: standard output is closed: the summary would be lost\n", kCommand);
        return kExitFailure;
    }
    BatchParams params;
    if (auto why = args.game.batch_params(params); !why.empty()) {
        complain("{}: {}\n", kCommand, why);
        return kExitFailure;
    }
    if (const auto why = offline_pass_refuses(params); !why.empty()) {
        complain("{}: {}\n", kCommand, why);
        return kExitFailure;
    }
    std::vector<PackedCode> first;
    if (args.first_test_given) {
        auto test = parse_test_option(kCommand, "--first-test", args.first_test, params);
        if (!test) return kExitFailure;
        first = std::move(*test);
    } else {
        first = strategies::adaptive_split_first_test(params, args.seed);
    }
    if (args.deepen_given) return run_deepen(args, params, first);
    // The default is lowered for a small game; a number given is refused (most_pass_shards).
    if (const int most = most_pass_shards(params); args.shards > most) {
        if (!args.shards_given) {
            args.shards = most;
        } else {
            complain(
                "{}: --shards {} splits the {} secrets of {}/{}/{} into shards of fewer than {} "
                "secrets; at most {}\n",
                kCommand, args.shards, params.secret_count(), params.pegs, params.colours,
                params.batch, kPassShardSecrets, most);
            return kExitFailure;
        }
    }
    const std::string checkpoint =
        args.checkpoint.empty() ? args.out + ".checkpoint" : args.checkpoint;
    if (args.stats) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(checkpoint, error)) {
            complain(
                "{}: --stats: the checkpoint '{}' is not a file (give --checkpoint, or the --out "
                "of the pass)\n",
                kCommand, checkpoint);
            return kExitFailure;
        }
        try {
            const auto r = read_pass_checkpoint(
                checkpoint, pass_checkpoint_header(pass_settings(args, params, first)), params,
                args.shards);
            print_checkpoint_stats(r, params, first, args.shards, args.threads);
        } catch (const OfflineFileError& e) {
            complain_file("--checkpoint", e);
            return kExitFailure;
        }
        return kExitOk;
    }
    if (!writable_file("--out", args.out) || !writable_file("--checkpoint", checkpoint))
        return kExitFailure;
    if (same_file(args.out, checkpoint)) {
        complain("{}: --out and --checkpoint are the same file '{}'\n", kCommand, args.out);
        return kExitFailure;
    }
    const auto settings = pass_settings(args, params, first);
    const auto hold = hold_checkpoint(checkpoint, "every shard finished");
    if (!hold) return kExitFailure;
    PassRun pass(settings, checkpoint);
    std::error_code error;
    if (std::filesystem::exists(checkpoint, error) &&
        std::filesystem::file_size(checkpoint, error) > 0) {
        try {
            const auto cut = pass.resume(args.threads);
            complain("{}: resuming from '{}': {} of {} shards done, {} found\n", kCommand,
                     checkpoint, pass.done().reports.size(), args.shards,
                     count_of(pass.done().entries.size(), "class"));
            if (cut > 0)
                complain("{}: cut off the {} bytes of a shard that did not finish\n", kCommand,
                         cut);
        } catch (const OfflineFileError& e) {
            complain_file("--checkpoint", e);
            return kExitFailure;
        }
    } else if (!pass.start()) {
        complain("{}: --checkpoint '{}' cannot be written\n", kCommand, checkpoint);
        return kExitFailure;
    }

    const BatchRunHeader run_header = pass_run_header(settings);
    const auto start = std::chrono::steady_clock::now();
    int ran = 0;
    const auto shards_left = pass.shards_left();
    const int left = static_cast<int>(shards_left.size());
    for (const int shard : shards_left) {
        const auto shard_start = std::chrono::steady_clock::now();
        PassRun::Progress progress;
        if (args.progress) {
            progress = [&, last = std::make_shared<int>(-1),
                        mutex = std::make_shared<std::mutex>()](
                           std::uint64_t done, std::uint64_t total, std::size_t found) {
                const int percent =
                    static_cast<int>(100 * done / std::max<std::uint64_t>(total, 1));
                const std::lock_guard lock(*mutex);
                if (percent / 10 > *last / 10) {
                    *last = percent;
                    complain("  shard {}: {}% of its games, {} searched offline so far\n", shard,
                             percent, count_of(found, "class"));
                }
            };
        }
        PassShard result;
        try {
            if (!pass.run(shard, args.threads, progress, result)) {
                complain(
                    "{}: --checkpoint '{}' cannot be written: shard {} is lost, the shards before "
                    "it are kept\n",
                    kCommand, checkpoint, shard);
                return kExitFailure;
            }
        } catch (const std::exception& e) {
            complain("{}: shard {}: {}\n", kCommand, shard, e.what());
            return kExitFailure;
        }
        const auto& found = result.found;
        std::size_t unsplit = 0;
        for (const auto& e : found) unsplit += e.not_alone > 0;
        ++ran;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double took =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - shard_start).count();
        complain(
            "shard {}/{} done in {:.0f} s: {} searched offline, {} of them still not split; {} of "
            "{} shards left, ETA {:.0f} s\n",
            shard, args.shards, took, count_of(found.size(), "class"), unsplit, left - ran,
            args.shards, elapsed / ran * (left - ran));
    }

    const std::string command = fmt::format(
        "mastermind second-tests -P {} -K {} -B {} --seed {}{} --play-steps {} --steps {} "
        "--restarts {}",
        params.pegs, params.colours, params.batch, args.seed,
        first_test_option(args, first, params), args.play_steps, args.steps, args.restarts);
    const auto table = pass.table();
    if (!write_table(args.out, second_tests_source(table, params, command), checkpoint))
        return kExitFailure;
    const auto merged = pass.report();
    auto entries = table;
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.not_alone > b.not_alone; });
    std::size_t split = 0, left_alone = 0;
    for (const auto& e : entries) {
        split += e.not_alone == 0;
        left_alone += e.not_alone;
    }
    fmt::print(
        "table {}: {} searched offline, {} split into singletons, {} secrets still not "
        "alone; checksum {:016x}\n",
        args.out, count_of(entries.size(), "class"), split, left_alone,
        second_tests_checksum(table));
    for (std::size_t i = 0; i < entries.size() && i < 10 && entries[i].not_alone > 0; ++i) {
        fmt::print("  unsplit: class {:016x}, {} secrets, {} not alone\n", entries[i].class_key,
                   entries[i].size, entries[i].not_alone);
    }
    fmt::print("with this table:\n");
    print_batch_report(run_header, merged, false);
    // As evaluate: games the strategy failed are status 1 (the table is written all the same).
    return merged.failures ? kExitBadInput : kExitOk;
}

}  // namespace

void add_second_tests_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<SecondTestsArgs>();
    auto* cmd = app.add_subcommand("second-tests",
                                   "The offline pass behind adaptive-split's table of second "
                                   "tests: every answer class of its first "
                                   "test that the play-time search leaves unsplit, searched much "
                                   "longer (resumable; docs/strategies.md)");
    cmd->footer(
        "\nExamples:\n"
        "  mastermind second-tests -P 6 -K 7 -B 6 --play-steps 10 --out /tmp/second.inc    # a "
        "small game: seconds\n"
        "  mastermind second-tests --deepen src/batch/strategies/second_tests_9_10_9.inc "
        "--fresh-starts 10 --steps 3000000 --out deeper.inc --progress  # "
        "the 9/10/9 table's unsplit classes again, each from 10 random tests: hours; run it "
        "again to resume (add --so-far: the table from what is searched so far)\n"
        "  mastermind second-tests -P 5 -K 5 -B 3 --deepen /tmp/weak.inc --method repair --out "
        "/tmp/repaired.inc --progress  # each string replaced by a SAT solver's while one leaves "
        "fewer not alone: a second on a small game's table (make one: second-tests -P 5 -K 5 "
        "-B 3 --play-steps 1 --steps 1 --out /tmp/weak.inc); a day on the 9/10/9 table");
    add_game_options(cmd, args->game, GameOptions::batch_table);
    cmd->add_option("--seed", args->seed, "adaptive-split's seed")
        ->transform(seed_value())
        ->capture_default_str();
    cmd->add_option("--out", args->out, "the table's source, written when every shard is done")
        ->capture_default_str()
        ->check(output_file());
    cmd->add_option("--checkpoint", args->checkpoint,
                    "the finished shards, or with --deepen the finished classes (default: "
                    "OUT.checkpoint); an existing one is resumed")
        ->check(output_file());
    cmd->add_option("--shards", args->shards,
                    "shards of the game (one at a time in memory; the checkpoint's unit; at "
                    "most one per 1,000 secrets, the default lowered to that)")
        ->transform(integer_in(1, 100'000))
        ->capture_default_str();
    auto* steps =
        cmd->add_option(
               "--steps", args->steps,
               "annealing moves per class the play-time search left unsplit (--deepen with the "
               "annealing: 1000000)")
            ->transform(integer_in(1, 1'000'000'000))
            ->capture_default_str();
    cmd->add_option("--restarts", args->restarts, "restarts of that search from its best test")
        ->transform(integer_in(0, 1000))
        ->capture_default_str();
    cmd->add_option("--play-steps", args->play_steps,
                    "the play-time search's moves (the strategy's own budget; tests lower it)")
        ->transform(integer_in(1, 1'000'000'000))
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")
        ->transform(integer_in(0, kMaxThreads))
        ->capture_default_str();
    cmd->add_flag("--progress", args->progress,
                  "on stderr: each tenth of a shard's games (the pass; a line per finished shard "
                  "is written without it), each class finished (--deepen)");
    auto* stats = cmd->add_flag("--stats", args->stats,
                                "describe the classes of the checkpoint (its finished shards) by "
                                "size instead of running the pass");
    auto* deepen = cmd->add_option(
        "--deepen", args->deepen,
        "instead of the pass: search every class this table (or a pass's checkpoint) leaves "
        "unsplit "
        "again, from its test, and write the table with the better tests to --out (resumable)");
    auto* first_test =
        cmd->add_option("--first-test", args->first_test,
                        "the first test whose classes are searched, its B strings between quotes "
                        "(default: adaptive-split's own); "
                        "the pass for a candidate first test before it is compiled in");
    auto* deepen_seed = cmd->add_option("--deepen-seed", args->deepen_seed,
                                        "with --deepen (the annealing): the seed of its searches")
                            ->transform(seed_value())
                            ->capture_default_str();
    auto* fresh_starts =
        cmd->add_option("--fresh-starts", args->fresh_starts,
                        "with --deepen (the annealing): search each class from N seeded random "
                        "tests instead of from its recorded test, each search --steps moves and "
                        "--restarts restarts, until one splits it; the best replaces the class's "
                        "test when it leaves fewer not alone (0: from the recorded test; the "
                        "checkpoint names N, so it resumes only a run with the same N)")
            ->transform(integer_in(0, 1000))
            ->capture_default_str();
    auto* so_far =
        cmd->add_flag("--so-far", args->so_far,
                      "with --deepen: write --out from the checkpoint as it stands, searching "
                      "nothing more (the classes not searched yet keep their tests); it only "
                      "reads the checkpoint, also one a run under way appends to; the run "
                      "resumes later without it");
    auto* method =
        cmd->add_option("--method", args->method,
                        "with --deepen: anneal (a longer local search) or repair (each string of "
                        "a test in turn replaced by one a SAT solver finds that leaves fewer "
                        "secrets not alone, round the strings until the solver proves that none "
                        "does, or gives up within --conflicts)")
            ->check(one_of({"anneal", "repair"}))
            ->capture_default_str();
    auto* conflicts =
        cmd->add_option("--conflicts", args->conflicts,
                        "with --method repair: the SAT solver's conflicts per call (a string's "
                        "formula grows and is solved again while models break its sets) before "
                        "it gives the string up as undecided")
            ->transform(integer_in(1, 1'000'000'000))
            ->capture_default_str();
    deepen->excludes(stats);
    method->needs(deepen);
    conflicts->needs(deepen);
    so_far->needs(deepen);
    deepen->excludes(cmd->get_option("--shards"));
    deepen->excludes(cmd->get_option("--play-steps"));
    deepen_seed->needs(deepen);
    fresh_starts->needs(deepen);
    cmd->callback([args, cmd, steps, deepen, first_test, deepen_seed, fresh_starts, conflicts,
                   &exit_status] {
        args->steps_given = steps->count() > 0;
        args->shards_given = cmd->get_option("--shards")->count() > 0;
        args->deepen_given = deepen->count() > 0;
        args->first_test_given = first_test->count() > 0;
        args->repair = args->method == "repair";
        // Each search takes its own budget: an option of the other would be ignored.
        const auto* restarts = cmd->get_option("--restarts");
        for (const CLI::Option* option : std::initializer_list<const CLI::Option*>{
                 steps, restarts, deepen_seed, fresh_starts}) {
            if (args->repair && option->count() > 0) {
                complain("{}: {} belongs to the annealing; --method repair takes --conflicts\n",
                         kCommand, option->get_name());
                exit_status = kExitFailure;
                return;
            }
        }
        if (!args->repair && conflicts->count() > 0) {
            complain("{}: --conflicts belongs to --method repair (the annealing takes --steps)\n",
                     kCommand);
            exit_status = kExitFailure;
            return;
        }
        exit_status = run_second_tests(*args);
    });
}

}  // namespace mastermind::app
