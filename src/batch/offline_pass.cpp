#include "mastermind/batch/offline_pass.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <span>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "mastermind/core/hash.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/engine/work_queue.hpp"

namespace mastermind {

namespace {

// The lines of a table or a checkpoint: an entry is a few hundred bytes and a shard's report a
// few KiB on one line, the largest table (9/10/9) a few MB. A line over 64 KiB or a file over
// 256 MiB (/dev/zero, a wrong file) is refused with the path and the line.
class FileLines {
  public:
    explicit FileLines(const std::string& path)
        : path_(path), in_(path), lines_(in_, std::size_t{64} << 10, std::uint64_t{256} << 20) {
        if (!in_) throw OfflineFileError(fmt::format("'{}' cannot be read", path));
    }
    // The next line; false at the end.
    bool next(std::string& line) {
        const auto read = lines_.next(line);
        if (read == BoundedLines::Read::line) return true;
        if (read == BoundedLines::Read::end) return false;
        throw OfflineFileError(
            fmt::format("'{}':{}: {}", path_, lines_.number() + 1, lines_.why(read)));
    }
    // Whether the line just read was the last (a last line may be cut short by an interruption).
    bool at_end() { return in_.peek() == EOF; }
    std::size_t number() const { return lines_.number(); }

  private:
    const std::string& path_;
    std::ifstream in_;
    BoundedLines lines_;
};

// How a pass's checkpoint begins (pass_checkpoint_header).
constexpr std::string_view kPassHeader = "# mastermind second-tests checkpoint: ";

// The key of a class that `entries` hold twice, if any (a line copied by hand).
std::optional<std::uint64_t> class_twice(std::vector<SecondTestEntry> entries) {
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    const auto it =
        std::adjacent_find(entries.begin(), entries.end(),
                           [](const auto& a, const auto& b) { return a.class_key == b.class_key; });
    if (it == entries.end()) return std::nullopt;
    return it->class_key;
}

// What a shard's report says of the entries before it: their count and checksum.
nlohmann::json shard_classes(std::span<const SecondTestEntry> entries) {
    return {{"count", entries.size()},
            {"checksum", fmt::format("{:016x}", second_tests_checksum(entries))}};
}

// Where a checkpoint's first line first differs from this run's, as the setting that differs
// ("steps 5000 in the file, steps 200 in this run"): headers are "NAME VALUE" pairs after their
// title, so the word before the first that differs names it. Empty when the lines share no
// title (another kind of file). A setting only one line has (a build that added one) is named
// as missing from the other.
std::string header_difference(std::string_view found, std::string_view wanted) {
    const auto a = words_of(found), b = words_of(wanted);
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    // The settings start after the title, whose last word ends in ':'; before it, the files are
    // of different kinds, and the whole lines (which the message quotes) say more.
    std::size_t title = 0;
    while (title < b.size() && !b[title].ends_with(':')) ++title;
    if (i <= title || title == b.size()) return {};
    // A setting one line names and the other does not, before a setting both name (a setting
    // named only when given, as fresh-starts): the words differ where both lines have a name.
    const auto is_name = [](std::string_view w) {
        return !w.empty() && std::all_of(w.begin(), w.end(),
                                         [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
    };
    if (i < a.size() && i < b.size() && is_name(a[i]) && is_name(b[i])) {
        if (i + 2 < b.size() && b[i + 2] == a[i])
            return fmt::format(": {} {} in this run, not in the file", b[i], b[i + 1]);
        if (i + 2 < a.size() && a[i + 2] == b[i])
            return fmt::format(": {} {} in the file, not in this run", excerpt(a[i], 40),
                               excerpt(a[i + 1], 40));
    }
    if (i == a.size() && i + 1 < b.size())
        return fmt::format(": {} {} in this run, not in the file", b[i], b[i + 1]);
    if (i == b.size() && i + 1 < a.size())
        return fmt::format(": {} {} in the file, not in this run", excerpt(a[i], 40),
                           excerpt(a[i + 1], 40));
    if (i >= a.size() || i >= b.size()) return {};
    return fmt::format(": {} {} in the file, {} {} in this run", excerpt(a[i - 1], 40),
                       excerpt(a[i], 40), b[i - 1], b[i]);
}

// The checkpoint's first line must be this run's.
void expect_header(FileLines& lines, const std::string& path, const std::string& header,
                   const char* why_else) {
    std::string line;
    if (!lines.next(line) || line != header) {
        throw OfflineFileError(fmt::format(
            "'{}' was made by another run{}{} (its first line is '{}'; this run's is '{}'): "
            "give another checkpoint, or remove it to start over",
            path, why_else, header_difference(line, header), excerpt(line, 200), header));
    }
}

}  // namespace

std::string offline_pass_refuses(const BatchParams& p) {
    if (p.rules != Rules::classic || !has_compact_key(p, p.batch) ||
        p.secret_count() > UINT32_MAX) {
        return fmt::format(
            "adaptive-split's table needs classic rules, P <= 9, B <= 10 and K^P < 2^32 (got "
            "{}/{}/{}, {} rules)",
            p.pegs, p.colours, p.batch, to_string(p.rules));
    }
    // With fewer tests the second is the last: adaptive-split plays the secrets still possible
    // there instead of a test that splits the class, and no table is asked.
    if (p.max_tests < 3)
        return fmt::format(
            "adaptive-split's table is for games of at least 3 tests (got -M {}: the second test "
            "would be the last)",
            p.max_tests);
    return {};
}

std::uint64_t pass_search_signature(std::uint64_t play_steps) {
    strategies::SplitBudget budget;
    budget.second_tries = 1;
    budget.second_steps = std::min<std::uint64_t>(play_steps, 2000);
    const StrategyInfo probe{"adaptive-split", "signature",
                             [&](const BatchParams& p, std::uint64_t seed) {
                                 return strategies::make_adaptive_split(
                                     p, seed, budget, nullptr, std::span<const SecondTestEntry>{});
                             }};
    EvaluationOptions options;
    options.params = {5, 6, 5, 20};
    options.strategy = &probe;
    options.threads = 1;
    return evaluate_all(options).move_hash;
}

// The first three classes of the small game (every 101st secret's) of 30 members or more that a
// random test leaves with some not alone: milliseconds, where the pass's signature plays a game.
std::uint64_t deepen_search_signature() {
    const BatchParams params{5, 6, 5, 20};
    const auto first = strategies::adaptive_split_first_test(params, 1);
    std::vector<SecondTestEntry> results;
    Rng rng(1);
    for (std::uint64_t secret = 0; secret < params.secret_count() && results.size() < 3;
         secret += 101) {
        const auto record =
            answered_record(first, PackedCode::from_index(secret, params), params.pegs);
        const auto members = secrets_answering(record, params);
        if (members.size() < 30) continue;
        SecondTestEntry entry{compact_key(make_answer_key(record.answers, params)),
                              static_cast<std::uint32_t>(members.size()), 0,
                              random_distinct_strings(rng, params)};
        entry.not_alone =
            static_cast<std::uint32_t>(SplitSearch(params, members, first).not_alone(entry.test));
        if (entry.not_alone > 0)
            results.push_back(deepen_second_test(entry, first, params, 2000, 1, 1));
    }
    return second_tests_checksum(results);
}

std::uint64_t first_test_hash(const std::vector<PackedCode>& test, const BatchParams& p) {
    std::uint64_t h = 0;
    for (const auto& s : test) h = mix64(h ^ s.index(p));
    return h;
}

std::string pass_checkpoint_header(const PassSettings& s) {
    const auto& p = s.params;
    return fmt::format(
        "{}game {} {} {} {} seed {} first {:016x} play-steps {} steps {} restarts {} shards {} "
        "search {:016x}",
        kPassHeader, p.pegs, p.colours, p.batch, p.max_tests, s.seed, first_test_hash(s.first, p),
        s.play_steps, s.steps, s.restarts, s.shards, pass_search_signature(s.play_steps));
}

std::string deepen_checkpoint_header(const DeepenSettings& s) {
    const auto& p = s.params;
    return fmt::format(
        "# mastermind second-tests --deepen checkpoint: game {} {} {} {} seed {} first {:016x} "
        "deepen-seed {} steps {} "
        "restarts {}{} search {:016x}",
        p.pegs, p.colours, p.batch, p.max_tests, s.seed, first_test_hash(s.first, p), s.deepen_seed,
        s.steps, s.restarts,
        // Named only when given, so that the checkpoints of runs from the entries' tests still
        // match their header.
        s.fresh_starts > 0 ? fmt::format(" fresh-starts {}", s.fresh_starts) : std::string(),
        deepen_search_signature());
}

BatchRunHeader pass_run_header(const PassSettings& s) {
    return {"adaptive-split", s.seed, s.params,
            "all " + count_of(s.params.secret_count(), "secret")};
}

PassCheckpoint read_pass_checkpoint(const std::string& path, const std::string& header,
                                    const BatchParams& params, int shards) {
    PassCheckpoint r;
    r.done.assign(static_cast<std::size_t>(shards), false);
    FileLines lines(path);
    expect_header(lines, path, header, ", or by a build whose search behaves differently");
    std::vector<SecondTestEntry> pending;
    for (std::string line; lines.next(line);) {
        SecondTestEntry e;
        if (parse_second_test_line(line, params, e)) {
            pending.push_back(std::move(e));
            continue;
        }
        int shard = -1, used = 0;
        std::optional<ShardReport> report;
        nlohmann::json json;
        if (std::sscanf(line.c_str(), "shard %d %n", &shard, &used) == 1 && shard >= 0 &&
            shard < shards && used > 0) {
            try {
                json = nlohmann::json::parse(line.substr(static_cast<std::size_t>(used)));
                report = parse_shard_report(json);
            } catch (const std::exception&) {
            }
        }
        if (report && report->shard.index == shard && report->shard.count == shards &&
            !r.done[static_cast<std::size_t>(shard)]) {
            // The shard's entries leave as many secrets not alone as its games needed a third
            // test (or failed): a line lost or edited shows here.
            std::uint64_t not_alone = 0, third = report->result.failures;
            for (const auto& entry : pending) not_alone += entry.not_alone;
            for (std::size_t m = 3; m < report->result.histogram.size(); ++m)
                third += report->result.histogram[m];
            if (not_alone != third) {
                throw OfflineFileError(fmt::format(
                    "'{}':{}: shard {}'s entries leave {} secrets not alone, its report has {} "
                    "games of 3 tests or more (an entry lost or edited)",
                    path, lines.number(), shard, not_alone, third));
            }
            if (const auto twice = class_twice(pending)) {
                throw OfflineFileError(
                    fmt::format("'{}':{}: class {:016x} twice (an edited checkpoint)", path,
                                lines.number(), *twice));
            }
            // The entries' count and checksum, where the report has them (a checkpoint written
            // before they were added has not).
            if (json.contains("classes")) {
                if (json["classes"] != shard_classes(pending)) {
                    throw OfflineFileError(fmt::format(
                        "'{}':{}: shard {}'s {} are not those its report counts (an entry lost "
                        "or edited)",
                        path, lines.number(), shard, count_of(pending.size(), "entry", "entries")));
                }
            }
            r.done[static_cast<std::size_t>(shard)] = true;
            r.reports.push_back(std::move(report->result));
            r.entries.insert(r.entries.end(), pending.begin(), pending.end());
            pending.clear();
            r.lines = lines.number();
            continue;
        }
        if (lines.at_end())
            break;  // a last line cut short by an interruption: that shard runs again
        throw OfflineFileError(fmt::format("'{}':{}: not a line of a checkpoint: '{}'", path,
                                           lines.number(), excerpt(line)));
    }
    if (const auto twice = class_twice(r.entries)) {
        throw OfflineFileError(
            fmt::format("'{}': class {:016x} twice (an edited checkpoint)", path, *twice));
    }
    return r;
}

PassShard run_pass_shard(
    const PassSettings& settings, int shard, int threads,
    const std::function<void(std::uint64_t, std::uint64_t, std::size_t)>& progress) {
    strategies::SplitBudget budget;
    budget.second_steps = settings.play_steps;
    std::mutex mutex;
    PassShard result;
    strategies::OfflineSecondTests offline{settings.steps, settings.restarts,
                                           [&](const SecondTestEntry& e, std::size_t) {
                                               const std::lock_guard lock(mutex);
                                               result.found.push_back(e);
                                           },
                                           settings.first};
    const StrategyInfo pass{"adaptive-split", "adaptive-split, offline pass",
                            [&](const BatchParams& p, std::uint64_t seed) {
                                return strategies::make_adaptive_split(p, seed, budget, &offline);
                            }};
    EvaluationOptions options;
    options.params = settings.params;
    options.strategy = &pass;
    options.seed = settings.seed;
    options.threads = threads;
    options.shard = shard;
    options.shards = settings.shards;
    if (progress) {
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            std::size_t found = 0;
            {
                const std::lock_guard lock(mutex);
                found = result.found.size();
            }
            progress(done, total, found);
        };
    }
    result.report = evaluate_all(options);
    return result;
}

std::string pass_shard_block(const PassSettings& settings, int shard, const PassShard& result) {
    std::string block;
    for (const auto& e : result.found) block += second_test_line(e, settings.params) + "\n";
    // The report, with the count and checksum of the entries before it: an entry lost or
    // edited shows even where the counts of secrets not alone agree (a class split whole).
    auto report =
        shard_report_json(pass_run_header(settings), result.report, {shard, settings.shards});
    report["classes"] = shard_classes(result.found);
    block += fmt::format("shard {} {}\n", shard, report.dump());
    return block;
}

std::uint64_t entry_hash(const SecondTestEntry& e) {
    return second_tests_checksum(std::span<const SecondTestEntry>(&e, 1));
}

std::string deepen_checkpoint_line(std::uint64_t hash, const SecondTestEntry& result,
                                   const BatchParams& params) {
    return fmt::format("{:016x} {}\n", hash, second_test_line(result, params));
}

std::unordered_map<std::uint64_t, SecondTestEntry> read_deepen_checkpoint(const std::string& path,
                                                                          const std::string& header,
                                                                          const BatchParams& params,
                                                                          std::size_t* taken) {
    std::unordered_map<std::uint64_t, SecondTestEntry> done;
    FileLines lines(path);
    expect_header(lines, path, header, "");
    if (taken) *taken = 1;
    for (std::string line; lines.next(line);) {
        SecondTestEntry e;
        unsigned long long hash = 0;
        int used = 0;
        if (std::sscanf(line.c_str(), "%16llx %n", &hash, &used) == 1 && used == 17 &&
            parse_second_test_line(line.substr(17), params, e)) {
            done[hash] = std::move(e);
            if (taken) *taken = lines.number();
        } else if (!lines.at_end()) {  // a last line cut short: that class is searched again
            throw OfflineFileError(fmt::format("'{}':{}: not a line of a checkpoint: '{}'", path,
                                               lines.number(), excerpt(line)));
        }
    }
    return done;
}

std::vector<SecondTestEntry> read_table_entries(const std::string& path,
                                                const BatchParams& params) {
    std::vector<SecondTestEntry> entries;
    FileLines lines(path);
    const auto game = fmt::format("{}/{}/{}", params.pegs, params.colours, params.batch);
    std::optional<std::uint64_t> checksum;  // the header's, where the table has one
    bool pass_checkpoint = false;
    for (std::string line; lines.next(line);) {
        unsigned long long said = 0;
        int used = 0;
        if (std::sscanf(line.c_str(), "// checksum %16llx%n", &said, &used) == 1 &&
            static_cast<std::size_t>(used) == line.size()) {
            checksum = said;
            continue;
        }
        // A table says its game ("// Game P/K/B: ..."): one of another game is named as such.
        if (line.starts_with("// Game ") && !line.starts_with("// Game " + game + ":")) {
            const auto its =
                line.substr(8, line.find(':') == std::string::npos ? 20 : line.find(':') - 8);
            throw OfflineFileError(fmt::format(
                "'{}' is a table of the {} game, not of {} (give its sizes: -P, -K, -B)", path,
                its.substr(0, 20), game));
        }
        SecondTestEntry e;
        // A pass's checkpoint can be deepened while the pass writes it: its last line may be cut
        // short.
        if (lines.number() == 1) pass_checkpoint = line.starts_with(kPassHeader);
        if (parse_second_test_line(line, params, e)) {
            entries.push_back(std::move(e));
        } else if (pass_checkpoint && lines.at_end()) {
            break;
        } else if (!line.empty() && !line.starts_with("//") && !line.starts_with("#") &&
                   !line.starts_with("shard ")) {
            throw OfflineFileError(fmt::format(
                "'{}':{}: not a line of a table of second tests for {}/{}/{}: '{}'", path,
                lines.number(), params.pegs, params.colours, params.batch, excerpt(line)));
        }
    }
    if (const auto twice = class_twice(entries))
        throw OfflineFileError(fmt::format("'{}': class {:016x} twice", path, *twice));
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    // A table with its checksum and no entry is a pass that left nothing to search: a table
    // still. Without a checksum, a file of no entries is not a table.
    if (entries.empty() && !checksum)
        throw OfflineFileError(fmt::format("'{}' holds no entries of second tests", path));
    if (checksum && *checksum != second_tests_checksum(entries)) {
        throw OfflineFileError(fmt::format(
            "'{}': its header's checksum {:016x} is not its entries' {:016x} (an entry edited, "
            "added or lost; a table merged by hand on purpose: remove the checksum line)",
            path, *checksum, second_tests_checksum(entries)));
    }
    return entries;
}

std::string table_made_by(const std::string& path) {
    try {
        FileLines lines(path);
        std::string pass;  // the pass's header, when the file is its checkpoint
        int finished = 0;  // its shards finished (a pass under way has not finished them all)
        for (std::string line; lines.next(line);) {
            if (line.starts_with("// Made by: ")) return line.substr(12);
            // A pass's checkpoint says how the pass ran on its first line.
            if (lines.number() == 1 && line.starts_with(kPassHeader))
                pass = line.substr(kPassHeader.size());
            finished += !pass.empty() && line.starts_with("shard ");
        }
        if (!pass.empty()) {
            const auto at = pass.find(" shards ");
            const int shards = at == std::string::npos ? 0 : std::atoi(pass.c_str() + at + 8);
            return fmt::format(
                "the pass of mastermind second-tests ({}; its checkpoint {}, {} of {} shards)",
                pass, std::filesystem::path(path).filename().string(), finished, shards);
        }
    } catch (const OfflineFileError&) {
    }
    return {};
}

std::optional<UntrueEntry> first_untrue_entry(std::span<const SecondTestEntry> entries,
                                              const std::vector<PackedCode>& first,
                                              const BatchParams& params, int threads) {
    std::vector<std::string> why(entries.size());
    std::vector<char> wrong_size(entries.size(), 0);
    for_each_item(entries.size(), threads, [&](std::size_t i) {
        const auto& e = entries[i];
        const auto members = class_members(e.class_key, first, params);
        if (members.size() != e.size) {
            wrong_size[i] = 1;
            why[i] = fmt::format(
                "class {:016x} holds {} secrets by the table, {} by the first test's answers",
                e.class_key, e.size, members.size());
        } else if (const auto counted = SplitSearch(params, members, first).not_alone(e.test);
                   counted != e.not_alone) {
            why[i] = fmt::format("class {:016x}: {} secrets not alone by the table, {} by its test",
                                 e.class_key, e.not_alone, counted);
        }
        return true;
    });
    const auto it = std::find_if(why.begin(), why.end(), [](const auto& w) { return !w.empty(); });
    if (it == why.end()) return std::nullopt;
    const auto index = static_cast<std::size_t>(it - why.begin());
    return UntrueEntry{index, std::move(why[index]), wrong_size[index] != 0};
}

std::uint64_t cut_checkpoint_tail(const std::string& path, std::size_t lines) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) return 0;
    std::ifstream in(path, std::ios::binary);
    std::uint64_t keep = 0;
    bool unended = false;  // the last line taken lacks its newline (a stop just before it)
    std::string line;
    for (std::size_t n = 0; n < lines && std::getline(in, line); ++n) {
        if (in.eof()) {
            keep += line.size();
            unended = true;
            break;
        }
        keep += line.size() + 1;
    }
    in.close();
    if (unended && keep == size) {
        // The reader took it whole: it is ended, so that what is appended next starts a line.
        if (!append_durably(path, "\n"))
            throw OfflineFileError(fmt::format("'{}': cannot end its last line", path));
        return 0;
    }
    if (keep >= size) return 0;
    std::filesystem::resize_file(path, keep, error);
    if (error) {
        throw OfflineFileError(
            fmt::format("'{}': cannot cut off its unfinished tail: {}", path, error.message()));
    }
    return size - keep;
}

bool append_durably(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
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

bool replace_file(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".partial";
    std::ofstream out(temporary, std::ios::trunc);
    out << text;
    out.close();
    if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

}  // namespace mastermind
