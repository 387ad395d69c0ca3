// The second stage of the offline pass as a run that survives a stop (`mastermind second-tests
// --deepen TABLE` drives it; offline_pass.hpp has the files it reads and writes): every class a
// table leaves unsplit is searched again by a function given (the annealing, deepen_second_test,
// or the exact repair, repair_second_test), each finished class is appended to a checkpoint as
// "HASH ENTRY" (the hash of the input entry searched), and the table is rebuilt from the input
// with the checkpoint's results. A result serves any input entry with its hash, so a checkpoint
// made from part of a table serves the whole table later, and a class an earlier round improved
// is searched again while the others are not.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/second_tests.hpp"

namespace mastermind {

class DeepenRun {
  public:
    // `input`: the table's entries, each already checked against the first test
    // (first_untrue_entry); `header`: the checkpoint's first line for this run's settings
    // (deepen_checkpoint_header or repair_checkpoint_header).
    DeepenRun(const BatchParams& params, std::vector<PackedCode> first,
              std::vector<SecondTestEntry> input, std::string checkpoint, std::string header);

    // Takes the checkpoint's records: each checked against the first test as the input was,
    // and against the input entry it answers (the same class, no more secrets not alone); a
    // torn or stray last line cut off. Throws OfflineFileError, its what() beginning with the
    // checkpoint's path in quotes, when the file is not this run's or a record is not true; the
    // file is then left as it was. Returns the bytes cut off.
    std::uint64_t resume(int threads);
    // The same records, checked alike, with the file left as it is (a run may be appending to
    // it: a torn last line is not taken, and not cut).
    void take(int threads);
    // Starts a new checkpoint (its header); false if it cannot be written.
    bool start();

    // The input entries still to search: unsplit, no result in the checkpoint; smallest first
    // (a class's search takes longer the more secrets it holds, so the progress is steadier).
    std::vector<const SecondTestEntry*> work() const;
    std::size_t results() const { return done_.size(); }
    // Of the input's unsplit classes, those the checkpoint has a result for.
    std::size_t reused() const;
    std::size_t unsplit() const;
    // Secrets not alone over the input's entries.
    std::uint64_t not_alone_before() const;

    struct Found {
        SecondTestEntry result;
        int refuted = 0;  // strings proven unable to split the class (the repair), else 0
    };
    using Search = std::function<Found(const SecondTestEntry&)>;
    // Called under a lock as each class finishes, after its record is written.
    using Finished = std::function<void(const SecondTestEntry& searched, const Found& found)>;
    // Searches `work` (from work()) on `threads` threads, each class on the next free one, its
    // record appended to the checkpoint as it finishes. False, with `failure` set, when a search
    // throws or the checkpoint cannot be written: the classes finished before are kept.
    bool search(const std::vector<const SecondTestEntry*>& work, int threads, const Search& search,
                const Finished& finished, std::string& failure);

    // The input with every result of the checkpoint (and of this run) in place.
    std::vector<SecondTestEntry> table() const;

  private:
    // Reads and checks the records; returns the lines taken.
    std::size_t read(int threads);

    BatchParams params_;
    std::vector<PackedCode> first_;
    std::vector<SecondTestEntry> input_;
    std::string checkpoint_, header_;
    std::unordered_map<std::uint64_t, SecondTestEntry> done_;  // by the input entry's hash
};

}  // namespace mastermind
