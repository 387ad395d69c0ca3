// `mastermind second-tests`: the offline pass that makes the table of second tests
// (include/mastermind/batch/second_tests.hpp). It plays adaptive-split over every secret of
// the game, shard by shard (the evaluator's shards: whole answer classes of the first test), with
// the compiled table switched off; wherever the play-time search leaves secrets of a class not
// alone, a much longer search goes on from there and the class's best test is recorded. Each
// finished shard is appended to a checkpoint file (its entries, then its report), so that a run
// that was stopped resumes at the first shard not finished. At the end: the table's source, and
// the report of the games the strategy plays with that table (the shards' reports merged).
// The second stage, --deepen TABLE: every class the table leaves unsplit searched again from its
// recorded test with a larger budget (deepen_second_test), classes in parallel, each finished
// class appended to a checkpoint of its own; then the table again with the better tests.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "evaluation_report.hpp"
#include "mastermind/engine/work_queue.hpp"
#include "game_options.hpp"
#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/second_tests.hpp"
#include "mastermind/batch/split_search.hpp"
#include "option_checks.hpp"
#include "output_paths.hpp"
#include "test_option.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "mastermind/core/hash.hpp"
#include "mastermind/batch/adaptive_split.hpp"

namespace mastermind::app {

namespace {

constexpr const char* kCommand = "mastermind second-tests";

// The lines of a table or a checkpoint this command reads: an entry is a few hundred bytes and a
// shard's report a few KiB on one line, the largest table (9/10/9) 2.4 MB. A line over 64 KiB or
// a file over 256 MiB (/dev/zero, a wrong file) is refused with the option, the path and the line.
class TableLines {
public:
    TableLines(std::istream& in, const char* option, const std::string& path)
        : lines_(in, std::size_t{64} << 10, std::uint64_t{256} << 20), option_(option), path_(path) {}
    // The next line; false at the end, or after a message (then failed()).
    bool next(std::string& line) {
        const auto read = lines_.next(line);
        if (read == BoundedLines::Read::line) return true;
        if (read != BoundedLines::Read::end) {
            complain("{}: {} '{}':{}: {}\n", kCommand, option_, path_, lines_.number() + 1, lines_.why(read));
            failed_ = true;
        }
        return false;
    }
    bool failed() const { return failed_; }

private:
    BoundedLines lines_;
    const char* option_;
    const std::string& path_;
    bool failed_ = false;
};

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
    std::string deepen;  // --deepen: a table (or a pass's checkpoint) whose unsplit classes are searched again
    bool deepen_given = false;
    bool steps_given = false;
    std::uint64_t deepen_seed = 1;
    bool so_far = false;  // --so-far: write --deepen's table from its checkpoint, search nothing more
    std::string first_test;  // --first-test: the pass for this first test instead of the compiled one
    bool first_test_given = false;
};

// --deepen's default budget: five times the pass's, where the pass's near misses split (docs/results.md).
constexpr std::uint64_t kDeepenSteps = 1'000'000;

// A signature of the second-test search's behaviour: the moves of adaptive-split, searching with
// one candidate and the given budget, over every secret of a small game. A checkpoint made by a
// build whose search behaves differently must not be resumed, whatever its options.
std::uint64_t search_signature(std::uint64_t play_steps) {
    strategies::SplitBudget budget;
    budget.second_tries = 1;
    budget.second_steps = std::min<std::uint64_t>(play_steps, 2000);
    const StrategyInfo probe{"adaptive-split", "signature", [&](const BatchParams& p, std::uint64_t seed) {
                                 return strategies::make_adaptive_split(p, seed, budget, nullptr, std::span<const SecondTestEntry>{});
                             }};
    EvaluationOptions options;
    options.params = {5, 6, 5, 20};
    options.strategy = &probe;
    options.threads = 1;
    return evaluate_all(options).move_hash;
}

// The same for --deepen, which calls deepen_second_test alone: its results on the first three
// classes of a small game (every 101st secret's) of 30 members or more that a random test leaves
// with some not alone (milliseconds; the pass's signature plays a whole game, about 0.5 s under
// the sanitizers).
std::uint64_t deepen_signature() {
    const BatchParams params{5, 6, 5, 20};
    const auto first = strategies::adaptive_split_first_test(params, 1);
    std::vector<SecondTestEntry> results;
    Rng rng(1);
    for (std::uint64_t secret = 0; secret < params.secret_count() && results.size() < 3; secret += 101) {
        const auto record = answered_record(first, PackedCode::from_index(secret, params), params.pegs);
        const auto members = secrets_answering(record, params);
        if (members.size() < 30) continue;
        SecondTestEntry entry{compact_key(make_answer_key(record.answers, params)), static_cast<std::uint32_t>(members.size()), 0,
                              random_distinct_strings(rng, params)};
        entry.not_alone = static_cast<std::uint32_t>(SplitSearch(params, members, first).not_alone(entry.test));
        if (entry.not_alone > 0) results.push_back(deepen_second_test(entry, first, params, 2000, 1, 1));
    }
    return second_tests_checksum(results);
}

// The first test's hash, for the checkpoints' first lines: its strings' indices, in order, mixed.
std::uint64_t test_hash(const std::vector<PackedCode>& test, const BatchParams& p) {
    std::uint64_t h = 0;
    for (const auto& s : test) h = mix64(h ^ s.index(p));
    return h;
}

// What the checkpoint's first line says: a checkpoint resumes only the run it was made for.
std::string checkpoint_header(const SecondTestsArgs& a, const BatchParams& p, const std::vector<PackedCode>& first) {
    return fmt::format("# mastermind second-tests checkpoint: game {} {} {} {} seed {} first {:016x} play-steps {} steps {} restarts {} shards {} "
                       "search {:016x}",
                       p.pegs, p.colours, p.batch, p.max_tests, a.seed, test_hash(first, p), a.play_steps, a.steps, a.restarts,
                       a.shards, search_signature(a.play_steps));
}

// The option that names a first test other than the compiled one, for a table's "Made by" line.
std::string first_test_option(const SecondTestsArgs& a, const std::vector<PackedCode>& first, const BatchParams& p) {
    if (!a.first_test_given) return {};
    std::string text;
    for (const auto& s : first) text += (text.empty() ? "" : " ") + s.to_string(p.pegs);
    return fmt::format(" --first-test \"{}\"", text);
}

struct Resumed {
    std::vector<SecondTestEntry> entries;
    std::vector<EvaluationResult> reports;
    std::vector<bool> done;
};

// The finished shards of a checkpoint: entry lines, then "shard I REPORT"; entries after the last
// shard line belong to a shard that did not finish and are dropped.
std::optional<Resumed> read_checkpoint(const std::string& path, const std::string& header, const BatchParams& params, int shards) {
    Resumed r;
    r.done.assign(static_cast<std::size_t>(shards), false);
    std::ifstream in(path);
    if (!in) {
        complain("{}: --checkpoint '{}' cannot be read\n", kCommand, path);
        return std::nullopt;
    }
    std::string line;
    TableLines lines(in, "--checkpoint", path);
    if (!lines.next(line) || line != header) {
        if (lines.failed()) return std::nullopt;
        complain("{}: --checkpoint '{}' was made by another run, or by a build whose search behaves differently (its first line is '{}'; this run's is '{}'): "
                 "give another --checkpoint, or remove it to start over\n",
                 kCommand, path, line.substr(0, 200), header);
        return std::nullopt;
    }
    std::vector<SecondTestEntry> pending;
    for (int number = 2; lines.next(line); ++number) {
        SecondTestEntry e;
        if (parse_second_test_line(line, params, e)) {
            pending.push_back(std::move(e));
            continue;
        }
        int shard = -1, used = 0;
        if (std::sscanf(line.c_str(), "shard %d %n", &shard, &used) == 1 && shard >= 0 && shard < shards && used > 0) {
            try {
                auto report = parse_shard_report(nlohmann::json::parse(line.substr(static_cast<std::size_t>(used))));
                if (report.shard.index == shard && report.shard.count == shards && !r.done[static_cast<std::size_t>(shard)]) {
                    r.done[static_cast<std::size_t>(shard)] = true;
                    r.reports.push_back(std::move(report.result));
                    r.entries.insert(r.entries.end(), pending.begin(), pending.end());
                    pending.clear();
                    continue;
                }
            } catch (const std::exception&) {
            }
        }
        if (in.peek() == EOF) break;  // a last line cut short by an interruption: that shard runs again
        complain("{}: --checkpoint '{}':{}: not a line of a checkpoint: '{}'\n", kCommand, path, number, line.substr(0, 120));
        return std::nullopt;
    }
    if (lines.failed()) return std::nullopt;
    return r;
}

// Appends `text` and flushes it to the disk: a finished shard survives a crash that follows.
bool append_durably(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return false;
    std::size_t written = 0;
    while (written < text.size()) {
        const auto n = ::write(fd, text.data() + written, text.size() - written);
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        written += static_cast<std::size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    return ::close(fd) == 0 && synced;
}

// --stats: which classes the longer search split, by size; and, against the guess that the
// members of one class sharing their colour counts (told apart by hits alone) are what resists,
// the largest such group's share of its class. Each class is enumerated from its answers.
void print_checkpoint_stats(const Resumed& r, const BatchParams& params, const std::vector<PackedCode>& first_test, int shards,
                            int threads) {
    struct Band {
        std::uint32_t below = 0;
        std::size_t classes = 0, unsplit = 0, not_alone = 0;
        std::vector<double> share_split, share_unsplit;
    };
    std::vector<Band> bands;
    for (std::uint32_t below : {1000u, 1500u, 2000u, 2500u, 3000u, 4000u, UINT32_MAX}) bands.emplace_back().below = below;
    std::vector<std::uint64_t> keys;
    for (const auto& e : r.entries) keys.push_back(e.class_key);
    const auto shares = same_count_shares(keys, first_test, params, threads);
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
        const auto& e = r.entries[i];
        auto& b = *std::find_if(bands.begin(), bands.end(), [&](const Band& band) { return e.size < band.below; });
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
    fmt::print("{} classes searched offline in {} of {} shards; by class size:\n", r.entries.size(), r.reports.size(), shards);
    fmt::print("| secrets | classes | not split | share | secrets not alone | largest same-count group's share (median): split / not split |\n");
    fmt::print("|---|---:|---:|---:|---:|---|\n");
    std::uint32_t from = 0;
    for (const auto& b : bands) {
        if (b.classes > 0) {
            const auto range = b.below == UINT32_MAX ? fmt::format("{}+", from) : fmt::format("{}-{}", from, b.below - 1);
            fmt::print("| {} | {} | {} | {:.0f}% | {} | {} / {} |\n", range, b.classes, b.unsplit,
                       100.0 * static_cast<double>(b.unsplit) / static_cast<double>(b.classes), b.not_alone, median(b.share_split),
                       median(b.share_unsplit));
        }
        from = b.below;
    }
}

bool writable_file(const std::string& option, const std::string& path) {
    if (const auto why = output_file_problem(path); !why.empty()) {
        complain("{}: {} {}\n", kCommand, option, why);
        return false;
    }
    // The table is written beside its path and renamed over it: a device or a pipe would be replaced.
    std::error_code error;
    if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error)) {
        complain("{}: {} '{}' is not a regular file\n", kCommand, option, path);
        return false;
    }
    return true;
}

// Writes the table's source beside `path` and renames it over `path` (so a table is never half
// written; writable_file() has refused a path that is not a regular file).
bool write_table(const std::string& path, const std::string& source, const std::string& checkpoint) {
    const std::string temporary = path + ".partial";
    std::ofstream out(temporary, std::ios::trunc);
    out << source;
    out.close();
    if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
        complain("{}: --out '{}' cannot be written (the checkpoint '{}' keeps the work done)\n", kCommand, path, checkpoint);
        return false;
    }
    return true;
}

// The entries of a table's source or of a pass's checkpoint: entry lines; comment lines ("//",
// "#"), a checkpoint's shard reports and blank lines are skipped, anything else is an error.
std::optional<std::vector<SecondTestEntry>> read_entries(const std::string& path, const BatchParams& params) {
    std::ifstream in(path);
    if (!in) {
        complain("{}: --deepen '{}' cannot be read\n", kCommand, path);
        return std::nullopt;
    }
    std::vector<SecondTestEntry> entries;
    std::string line;
    TableLines lines(in, "--deepen", path);
    for (int number = 1; lines.next(line); ++number) {
        SecondTestEntry e;
        if (parse_second_test_line(line, params, e)) {
            entries.push_back(std::move(e));
        } else if (!line.empty() && !line.starts_with("//") && !line.starts_with("#") && !line.starts_with("shard ")) {
            complain("{}: --deepen '{}':{}: not a line of a table of second tests for {}/{}/{}: '{}'\n", kCommand, path, number,
                     params.pegs, params.colours, params.batch, line.substr(0, 120));
            return std::nullopt;
        }
    }
    if (lines.failed()) return std::nullopt;
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    for (std::size_t i = 1; i < entries.size(); ++i) {
        if (entries[i].class_key == entries[i - 1].class_key) {
            complain("{}: --deepen '{}': class {:016x} twice\n", kCommand, path, entries[i].class_key);
            return std::nullopt;
        }
    }
    if (entries.empty()) {
        complain("{}: --deepen '{}' holds no entries of second tests\n", kCommand, path);
        return std::nullopt;
    }
    return entries;
}

// The "Made by" line of a table's source, if any.
std::string made_by(const std::string& path) {
    std::ifstream in(path);
    TableLines lines(in, "--deepen", path);
    for (std::string line; lines.next(line);) {
        if (line.starts_with("// Made by: ")) return line.substr(12);
    }
    return {};
}

// The index of the first entry whose class size is not what `first`'s answers give, if any;
// entries checked on `threads` threads (0: every core).
std::optional<std::size_t> first_wrong_size(const std::vector<SecondTestEntry>& entries, const std::vector<PackedCode>& first,
                                            const BatchParams& params, int threads) {
    std::vector<char> wrong(entries.size(), 0);
    for_each_item(entries.size(), threads, [&](std::size_t i) {
        wrong[i] = class_members(entries[i].class_key, first, params).size() != entries[i].size;
        return true;
    });
    const auto it = std::find(wrong.begin(), wrong.end(), 1);
    if (it == wrong.end()) return std::nullopt;
    return static_cast<std::size_t>(it - wrong.begin());
}

int run_deepen(const SecondTestsArgs& args, const BatchParams& params, const std::vector<PackedCode>& first) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(args.deepen, error)) {
        complain("{}: --deepen '{}' is not a file (give the table of a finished pass, or its checkpoint)\n", kCommand, args.deepen);
        return kExitFailure;
    }
    const std::string checkpoint = args.checkpoint.empty() ? args.out + ".checkpoint" : args.checkpoint;
    if (!writable_file("--out", args.out) || !writable_file("--checkpoint", checkpoint)) return kExitFailure;
    for (const auto& [a, b] : {std::pair{args.out, checkpoint}, {args.out, args.deepen}, {checkpoint, args.deepen}}) {
        if (std::filesystem::weakly_canonical(a) == std::filesystem::weakly_canonical(b)) {
            complain("{}: --deepen, --out and --checkpoint must be three files ('{}' is given twice)\n", kCommand, a);
            return kExitFailure;
        }
    }
    auto input = read_entries(args.deepen, params);
    if (!input) return kExitFailure;
    const std::uint64_t steps = args.steps_given ? args.steps : kDeepenSteps;
    const auto header = fmt::format("# mastermind second-tests --deepen checkpoint: game {} {} {} {} seed {} first {:016x} deepen-seed {} steps {} "
                                    "restarts {} search {:016x}",
                                    params.pegs, params.colours, params.batch, params.max_tests, args.seed, test_hash(first, params),
                                    args.deepen_seed, steps, args.restarts, deepen_signature());
    // Finished classes: "HASH ENTRY" lines, the hash of the entry that was searched (every field:
    // second_tests_checksum of it alone) and the result; a result is used for an input entry with
    // the same hash. So a checkpoint made from a pass's checkpoint of some shards serves the whole
    // table later. A last line cut short is searched again.
    auto entry_hash = [](const SecondTestEntry& e) { return second_tests_checksum(std::span<const SecondTestEntry>(&e, 1)); };
    std::unordered_map<std::uint64_t, SecondTestEntry> done;
    const bool resuming = std::filesystem::exists(checkpoint, error) && std::filesystem::file_size(checkpoint, error) > 0;
    if (args.so_far && !resuming) {
        complain("{}: --so-far writes the table from a checkpoint, and '{}' holds none (give the run's --checkpoint)\n", kCommand,
                 checkpoint);
        return kExitFailure;
    }
    // Every entry is checked against the first test before anything is written: its class must
    // hold the secrets it says (a table of another first test, a forgotten --first-test, an edited
    // size or a key no answers give all show here), and an entry is copied only when it is true.
    if (args.progress) complain("{}: checking the {} classes of '{}' against the first test\n", kCommand, input->size(), args.deepen);
    if (const auto bad = first_wrong_size(*input, first, params, args.threads)) {
        const auto& e = (*input)[*bad];
        complain("{}: --deepen '{}': class {:016x} holds {} secrets by the table, {} by the first test's answers (a table "
                 "of another first test? give it with --first-test)\n",
                 kCommand, args.deepen, e.class_key, e.size, class_members(e.class_key, first, params).size());
        return kExitFailure;
    }
    if (resuming) {
        std::ifstream in(checkpoint);
        std::string line;
        TableLines lines(in, "--checkpoint", checkpoint);
        if (!lines.next(line) || line != header) {
            if (lines.failed()) return kExitFailure;
            complain("{}: --checkpoint '{}' was made by another run (its first line is '{}'; this run's is '{}'): "
                     "give another --checkpoint, or remove it to start over\n",
                     kCommand, checkpoint, line.substr(0, 200), header);
            return kExitFailure;
        }
        for (int number = 2; lines.next(line); ++number) {
            SecondTestEntry e;
            unsigned long long hash = 0;
            int used = 0;
            if (std::sscanf(line.c_str(), "%16llx %n", &hash, &used) == 1 && used == 17 &&
                parse_second_test_line(line.substr(17), params, e)) {
                done[hash] = std::move(e);
            } else if (in.peek() != EOF) {
                complain("{}: --checkpoint '{}':{}: not a line of a checkpoint: '{}'\n", kCommand, checkpoint, number, line.substr(0, 120));
                return kExitFailure;
            }
        }
        if (lines.failed()) return kExitFailure;
    } else if (!append_durably(checkpoint, header + "\n")) {
        complain("{}: --checkpoint '{}' cannot be written\n", kCommand, checkpoint);
        return kExitFailure;
    }

    std::vector<const SecondTestEntry*> work;
    std::size_t before = 0, reused = 0;
    for (const auto& e : *input) {
        before += e.not_alone;
        if (e.not_alone == 0) continue;
        if (done.contains(entry_hash(e))) {
            ++reused;
        } else {
            work.push_back(&e);
        }
    }
    if (!done.empty()) {
        complain("{}: resuming from '{}': {} classes searched before, {} of them in this input\n", kCommand, checkpoint, done.size(), reused);
    }
    // The largest classes last: the progress and the ETA are steadier.
    std::stable_sort(work.begin(), work.end(), [](const auto* a, const auto* b) { return a->size < b->size; });
    const auto unsplit = std::count_if(input->begin(), input->end(), [](const auto& e) { return e.not_alone > 0; });
    // --so-far: the table as the checkpoint has it; the classes not searched yet keep their tests.
    const std::size_t not_searched = args.so_far ? work.size() : 0;
    if (args.so_far) {
        complain("{}: --so-far: {} of the {} classes of '{}' not split were searched; the other {} keep their tests\n", kCommand,
                 reused, unsplit, args.deepen, not_searched);
        work.clear();
    } else {
        complain("{}: {} classes of '{}' not split, {} to search ({} moves, {} restarts each)\n", kCommand, unsplit, args.deepen,
                 work.size(), steps, args.restarts);
    }
    std::mutex mutex;
    std::string failure;
    std::size_t finished = 0, improved = 0;
    const auto start = std::chrono::steady_clock::now();
    // Each class on the next free thread; a checkpoint that cannot be written stops the queue.
    const bool all_searched = for_each_item(work.size(), args.threads, [&](std::size_t i) {
        SecondTestEntry result;
        try {
            result = deepen_second_test(*work[i], first, params, steps, args.restarts, args.deepen_seed);
        } catch (const std::exception& e) {
            const std::lock_guard lock(mutex);
            if (failure.empty()) failure = e.what();
            return false;
        }
        const std::lock_guard lock(mutex);
        if (!failure.empty()) return false;
        const auto hash = entry_hash(*work[i]);
        if (!append_durably(checkpoint, fmt::format("{:016x} {}\n", hash, second_test_line(result, params)))) {
            failure = fmt::format("--checkpoint '{}' cannot be written (the classes before are kept)", checkpoint);
            return false;
        }
        ++finished;
        improved += result.not_alone < work[i]->not_alone;
        if (args.progress) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            complain("  class {:016x} ({} secrets): {} -> {} not alone; {} of {} done, {} better, ETA {:.0f} s\n", result.class_key,
                     result.size, work[i]->not_alone, result.not_alone, finished, work.size(), improved,
                     elapsed / static_cast<double>(finished) * static_cast<double>(work.size() - finished));
        }
        done[hash] = std::move(result);
        return true;
    });
    if (!all_searched) {
        complain("{}: {}\n", kCommand, failure);
        return kExitFailure;
    }

    auto table = *input;
    std::size_t after = 0, split = 0;
    for (auto& e : table) {
        if (const auto it = done.find(entry_hash(e)); it != done.end()) e = it->second;
        after += e.not_alone;
    }
    for (const auto& e : table) split += e.not_alone == 0;
    const auto pass = made_by(args.deepen);
    std::string command = fmt::format("{}{}mastermind second-tests --deepen {} --seed {}{} --deepen-seed {} --steps {} --restarts {}",
                                      pass, pass.empty() ? "" : ", then ", std::filesystem::path(args.deepen).filename().string(), args.seed,
                                      first_test_option(args, first, params), args.deepen_seed, steps, args.restarts);
    if (not_searched > 0) command += fmt::format(" --so-far ({} of the {} classes searched)", reused, unsplit);
    if (!write_table(args.out, second_tests_source(table, params, command), checkpoint)) return kExitFailure;
    fmt::print("table {}: {} classes, {} split into singletons; secrets not alone {} -> {}; checksum {:016x}{}\n", args.out, table.size(),
               split, before, after, second_tests_checksum(table),
               not_searched > 0 ? fmt::format(" ({} classes not searched yet: run again without --so-far to go on)", not_searched) : "");
    return kExitOk;
}

int run_second_tests(const SecondTestsArgs& args) {
    BatchParams params;
    if (args.game.ordinary()) {
        complain("{}: the table is for the batch game (got --game ordinary)\n", kCommand);
        return kExitFailure;
    }
    if (auto why = args.game.batch_params(params); !why.empty()) {
        complain("{}: {}\n", kCommand, why);
        return kExitFailure;
    }
    if (params.rules != Rules::classic || !has_compact_key(params, params.batch) || params.secret_count() > UINT32_MAX) {
        complain("{}: adaptive-split's table needs classic rules, P <= 9, B <= 10 and K^P < 2^32 (got {}/{}/{}, {} rules)\n",
                 kCommand, params.pegs, params.colours, params.batch, to_string(params.rules));
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
    const std::string checkpoint = args.checkpoint.empty() ? args.out + ".checkpoint" : args.checkpoint;
    if (args.stats) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(checkpoint, error)) {
            complain("{}: --stats: the checkpoint '{}' is not a file (give --checkpoint, or the --out of the pass)\n", kCommand, checkpoint);
            return kExitFailure;
        }
        const auto r = read_checkpoint(checkpoint, checkpoint_header(args, params, first), params, args.shards);
        if (!r) return kExitFailure;
        print_checkpoint_stats(*r, params, first, args.shards, args.threads);
        return kExitOk;
    }
    if (!writable_file("--out", args.out) || !writable_file("--checkpoint", checkpoint)) return kExitFailure;
    if (std::filesystem::weakly_canonical(args.out) == std::filesystem::weakly_canonical(checkpoint)) {
        complain("{}: --out and --checkpoint are the same file '{}'\n", kCommand, args.out);
        return kExitFailure;
    }
    const auto header = checkpoint_header(args, params, first);
    Resumed resumed;
    std::error_code error;
    if (std::filesystem::exists(checkpoint, error) && std::filesystem::file_size(checkpoint, error) > 0) {
        auto r = read_checkpoint(checkpoint, header, params, args.shards);
        if (!r) return kExitFailure;
        resumed = std::move(*r);
        complain("{}: resuming from '{}': {} of {} shards done, {} classes found\n", kCommand, checkpoint, resumed.reports.size(),
                 args.shards, resumed.entries.size());
    } else {
        resumed.done.assign(static_cast<std::size_t>(args.shards), false);
        if (!append_durably(checkpoint, header + "\n")) {
            complain("{}: --checkpoint '{}' cannot be written\n", kCommand, checkpoint);
            return kExitFailure;
        }
    }

    strategies::SplitBudget budget;
    budget.second_steps = args.play_steps;
    std::mutex found_mutex;
    std::vector<SecondTestEntry> found;
    strategies::OfflineSecondTests offline{args.steps, args.restarts, [&](const SecondTestEntry& e, std::size_t) {
                                               const std::lock_guard lock(found_mutex);
                                               found.push_back(e);
                                           },
                                           first};
    const StrategyInfo pass{"adaptive-split", "adaptive-split, offline pass",
                            [&](const BatchParams& p, std::uint64_t seed) { return strategies::make_adaptive_split(p, seed, budget, &offline); }};
    const BatchRunHeader run_header{"adaptive-split", args.seed, params, "all " + count_of(params.secret_count(), "secret")};
    const auto start = std::chrono::steady_clock::now();
    int ran = 0;
    const int left = static_cast<int>(std::count(resumed.done.begin(), resumed.done.end(), false));
    for (int shard = 0; shard < args.shards; ++shard) {
        if (resumed.done[static_cast<std::size_t>(shard)]) continue;
        EvaluationOptions options;
        options.params = params;
        options.strategy = &pass;
        options.seed = args.seed;
        options.threads = args.threads;
        options.shard = shard;
        options.shards = args.shards;
        const auto shard_start = std::chrono::steady_clock::now();
        if (args.progress) {
            options.progress = [&, last = std::make_shared<int>(-1)](std::uint64_t done, std::uint64_t total) {
                const int percent = static_cast<int>(100 * done / std::max<std::uint64_t>(total, 1));
                const std::lock_guard lock(found_mutex);
                if (percent / 10 > *last / 10) {
                    *last = percent;
                    complain("  shard {}: {}% of its games, {} classes searched offline so far\n", shard, percent, found.size());
                }
            };
        }
        found.clear();
        EvaluationResult result;
        try {
            result = evaluate_all(options);
        } catch (const std::exception& e) {
            complain("{}: shard {}: {}\n", kCommand, shard, e.what());
            return kExitFailure;
        }
        std::string block;
        for (const auto& e : found) block += second_test_line(e, params) + "\n";
        block += fmt::format("shard {} {}\n", shard, shard_report_json(run_header, result, {shard, args.shards}).dump());
        if (!append_durably(checkpoint, block)) {
            complain("{}: --checkpoint '{}' cannot be written: shard {} is lost, the shards before it are kept\n", kCommand,
                     checkpoint, shard);
            return kExitFailure;
        }
        std::size_t unsplit = 0;
        for (const auto& e : found) unsplit += e.not_alone > 0;
        ++ran;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - shard_start).count();
        complain("shard {}/{} done in {:.0f} s: {} classes searched offline, {} of them still not split; "
                 "{} of {} shards left, ETA {:.0f} s\n",
                 shard, args.shards, took, found.size(), unsplit, left - ran, args.shards, elapsed / ran * (left - ran));
        resumed.entries.insert(resumed.entries.end(), found.begin(), found.end());
        resumed.reports.push_back(std::move(result));
    }

    const std::string command = fmt::format("mastermind second-tests -P {} -K {} -B {} --seed {}{} --play-steps {} --steps {} --restarts {}",
                                            params.pegs, params.colours, params.batch, args.seed, first_test_option(args, first, params),
                                            args.play_steps, args.steps, args.restarts);
    std::sort(resumed.entries.begin(), resumed.entries.end(), [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    if (!write_table(args.out, second_tests_source(resumed.entries, params, command), checkpoint)) return kExitFailure;
    const auto merged = merge_evaluations(resumed.reports, params, 5);
    auto entries = resumed.entries;
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.not_alone > b.not_alone; });
    std::size_t split = 0, left_alone = 0;
    for (const auto& e : entries) {
        split += e.not_alone == 0;
        left_alone += e.not_alone;
    }
    fmt::print("table {}: {} classes searched offline, {} split into singletons, {} secrets still not alone; checksum {:016x}\n",
               args.out, entries.size(), split, left_alone, second_tests_checksum(resumed.entries));
    for (std::size_t i = 0; i < entries.size() && i < 10 && entries[i].not_alone > 0; ++i) {
        fmt::print("  unsplit: class {:016x}, {} secrets, {} not alone\n", entries[i].class_key, entries[i].size, entries[i].not_alone);
    }
    fmt::print("with this table:\n");
    print_batch_report(run_header, merged, false);
    return kExitOk;
}

}  // namespace

void add_second_tests_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<SecondTestsArgs>();
    auto* cmd = app.add_subcommand(
        "second-tests",
        "The offline pass behind adaptive-split's table of second tests: every answer class of its first "
        "test that the play-time search leaves unsplit, searched much longer (resumable; docs/strategies.md)");
    cmd->footer(
        "\nExamples:\n"
        "  mastermind second-tests -P 6 -K 7 -B 6 --play-steps 10 --out /tmp/second.inc    # a small game: seconds\n"
        "  mastermind second-tests --out src/batch/strategies/second_tests_9_10_9.inc --progress  # 9/10/9: hours; run it again to resume\n"
        "  mastermind second-tests --deepen second_tests_9_10_9.inc --out deeper.inc --progress  # its unsplit classes again, longer "
        "(add --so-far: the table from what is searched so far)");
    add_game_options(cmd, args->game);
    cmd->add_option("--seed", args->seed, "adaptive-split's seed")->check(seed_value())->capture_default_str();
    cmd->add_option("--out", args->out, "the table's source, written when every shard is done")
        ->capture_default_str()
        ->check(output_file());
    cmd->add_option("--checkpoint", args->checkpoint, "finished shards (default: OUT.checkpoint); an existing one is resumed")
        ->check(output_file());
    cmd->add_option("--shards", args->shards, "shards of the game (one at a time in memory; the checkpoint's unit)")
        ->check(integer_in(1, 100'000))
        ->capture_default_str();
    auto* steps = cmd->add_option("--steps", args->steps, "annealing moves per class the play-time search left unsplit (--deepen: 1000000)")
                      ->check(integer_in(1, 1'000'000'000))
                      ->capture_default_str();
    cmd->add_option("--restarts", args->restarts, "restarts of that search from its best test")->check(integer_in(0, 1000))->capture_default_str();
    cmd->add_option("--play-steps", args->play_steps, "the play-time search's moves (the strategy's own budget; tests lower it)")
        ->check(integer_in(1, 1'000'000'000))
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")->check(integer_in(0, kMaxThreads))->capture_default_str();
    cmd->add_flag("--progress", args->progress, "report each shard's progress on stderr");
    auto* stats = cmd->add_flag("--stats", args->stats,
                                "describe the classes of the checkpoint (its finished shards) by size instead of running the pass");
    auto* deepen = cmd->add_option("--deepen", args->deepen,
                                   "instead of the pass: search every class this table (or a pass's checkpoint) leaves unsplit "
                                   "again, from its test, and write the table with the better tests to --out (resumable)");
    auto* first_test = cmd->add_option("--first-test", args->first_test,
                    "the first test whose classes are searched, its B strings between quotes (default: adaptive-split's own); "
                    "the pass for a candidate first test before it is compiled in");
    auto* deepen_seed = cmd->add_option("--deepen-seed", args->deepen_seed, "with --deepen: the seed of its searches")
                            ->check(seed_value())
                            ->capture_default_str();
    auto* so_far = cmd->add_flag("--so-far", args->so_far,
                                 "with --deepen: write --out from the checkpoint as it stands, searching nothing more (the classes "
                                 "not searched yet keep their tests); the run resumes later without it");
    deepen->excludes(stats);
    so_far->needs(deepen);
    deepen->excludes(cmd->get_option("--shards"));
    deepen->excludes(cmd->get_option("--play-steps"));
    deepen_seed->needs(deepen);
    cmd->callback([args, steps, deepen, first_test, &exit_status] {
        args->steps_given = steps->count() > 0;
        args->deepen_given = deepen->count() > 0;
        args->first_test_given = first_test->count() > 0;
        exit_status = run_second_tests(*args);
    });
}

}  // namespace mastermind::app
