// The offline search behind adaptive-split's table of second tests, without a command line
// (`mastermind second-tests` drives it): the pass plays adaptive-split over every secret of the
// game, shard by shard, with the compiled table switched off, and wherever the play-time search
// leaves secrets of a class not alone a much longer search records the class's best test; the
// deepen stage searches a table's unsplit classes again with a larger budget. Both append each
// finished piece to a checkpoint (durably: a crash loses at most the piece in progress), whose
// first line names the run and a signature of the search's behaviour, so that a checkpoint
// resumes only the run it was made for, with a build that searches the same way.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/report_json.hpp"
#include "mastermind/batch/second_tests.hpp"

namespace mastermind {

// A file that cannot be read as it must: what() begins with the file's path in quotes, for a
// front end to put the option that named it first ("'PATH':LINE: not a line of a checkpoint").
class OfflineFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What a pass runs with; its checkpoint resumes only a run with the same.
struct PassSettings {
    BatchParams params;
    std::uint64_t seed = 1;
    std::vector<PackedCode> first;  // adaptive-split's first test
    std::uint64_t play_steps = 0;   // the play-time search's budget
    std::uint64_t steps = 0;        // the offline search's, per class left unsplit
    int restarts = 0;
    int shards = 1;
};

// What a deepen run runs with.
struct DeepenSettings {
    BatchParams params;
    std::uint64_t seed = 1;
    std::vector<PackedCode> first;
    std::uint64_t deepen_seed = 1;
    std::uint64_t steps = 0;
    int restarts = 0;
    int fresh_starts = 0;  // searches from random tests instead of the entry's (0: the entry's)
};

// Why adaptive-split's table cannot be made for this game, or "" (its classes need classic
// rules, compact answer keys and 32-bit secret indices).
std::string offline_pass_refuses(const BatchParams& params);

// Signatures of the searches' behaviour: adaptive-split's moves over every secret of a small
// game (the pass), deepen_second_test's results on a few classes of it (deepen).
std::uint64_t pass_search_signature(std::uint64_t play_steps);
std::uint64_t deepen_search_signature();
// The first test's strings' indices, in order, mixed.
std::uint64_t first_test_hash(const std::vector<PackedCode>& test, const BatchParams& params);
std::string pass_checkpoint_header(const PassSettings& settings);
std::string deepen_checkpoint_header(const DeepenSettings& settings);

// The pass's run, as its shard reports name it.
BatchRunHeader pass_run_header(const PassSettings& settings);

// The finished shards of a pass's checkpoint: entry lines, then "shard I REPORT"; entries after
// the last shard line belong to a shard that did not finish and are dropped, as is a last line
// cut short. Throws OfflineFileError (unreadable, another run's, a line that is neither, a class
// twice).
struct PassCheckpoint {
    std::vector<SecondTestEntry> entries;
    std::vector<EvaluationResult> reports;
    std::vector<bool> done;  // [shard]
    std::size_t lines = 1;   // up to the last shard taken: what a resumed run keeps (the header's)
};
PassCheckpoint read_pass_checkpoint(const std::string& path, const std::string& header,
                                    const BatchParams& params, int shards);

// One shard of the pass: its report and the classes searched offline in it. `progress` (if set)
// is called now and then with (games done, games in the shard, classes found so far).
struct PassShard {
    EvaluationResult report;
    std::vector<SecondTestEntry> found;
};
PassShard run_pass_shard(
    const PassSettings& settings, int shard, int threads,
    const std::function<void(std::uint64_t, std::uint64_t, std::size_t)>& progress = {});
// What a finished shard appends to the checkpoint.
std::string pass_shard_block(const PassSettings& settings, int shard, const PassShard& result);

// A deepen checkpoint: "HASH ENTRY" lines, the hash of the entry searched (entry_hash) and the
// result; a result serves any input entry with that hash. Throws OfflineFileError.
std::uint64_t entry_hash(const SecondTestEntry& entry);
std::string deepen_checkpoint_line(std::uint64_t hash, const SecondTestEntry& result,
                                   const BatchParams& params);
// `lines` (if given) gets how many lines were taken: what a resumed run keeps.
std::unordered_map<std::uint64_t, SecondTestEntry> read_deepen_checkpoint(
    const std::string& path, const std::string& header, const BatchParams& params,
    std::size_t* lines = nullptr);

// The entries of a table's source or of a pass's checkpoint, by class key: entry lines; comment
// lines ("//", "#"), shard reports and blank lines are skipped. Throws OfflineFileError (another
// line, a class twice, no entry).
std::vector<SecondTestEntry> read_table_entries(const std::string& path, const BatchParams& params);
// The "Made by" line of a table's source (what follows "// Made by: "), what a pass's checkpoint
// says of its pass, or "".
std::string table_made_by(const std::string& path);
// The first entry that is not true of its class, and what is wrong with it: a class size that is
// not what `first`'s answers give (a table of another first test), or a count of secrets not
// alone that is not what the entry's test leaves (an edited line). Checked on `threads` threads
// (0: every core).
struct UntrueEntry {
    std::size_t index = 0;
    std::string why;  // "class KEY holds N secrets by the table, M by the first test's answers"
    bool wrong_size = false;  // the class's size (another first test), not its count
};
std::optional<UntrueEntry> first_untrue_entry(std::span<const SecondTestEntry> entries,
                                              const std::vector<PackedCode>& first,
                                              const BatchParams& params, int threads);

// Cuts a checkpoint to its first `lines` lines, the ones its reader took, before a resumed run
// appends: what a stop left after them (a line cut short, a last line that is not a record, the
// entries of a shard whose report is missing) would otherwise sit between records, or count
// twice. A last line taken whole but without its newline gets one. Returns the bytes cut off
// (0: nothing). Throws OfflineFileError if it cannot cut.
std::uint64_t cut_checkpoint_tail(const std::string& path, std::size_t lines);

// Appends `text` to `path` (made if missing) and flushes it to the disk; false if it cannot.
bool append_durably(const std::string& path, const std::string& text);
// Writes `text` beside `path` and renames it over `path`, so that the file is never half written.
bool replace_file(const std::string& path, const std::string& text);

}  // namespace mastermind
