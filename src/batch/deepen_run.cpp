#include "mastermind/batch/deepen_run.hpp"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <utility>

#include <fmt/format.h>

#include "mastermind/batch/offline_pass.hpp"
#include "mastermind/engine/work_queue.hpp"

namespace mastermind {

DeepenRun::DeepenRun(const BatchParams& params, std::vector<PackedCode> first,
                     std::vector<SecondTestEntry> input, std::string checkpoint, std::string header)
    : params_(params),
      first_(std::move(first)),
      input_(std::move(input)),
      checkpoint_(std::move(checkpoint)),
      header_(std::move(header)) {}

std::uint64_t DeepenRun::resume(int threads) {
    const std::size_t taken = read(threads);
    return cut_checkpoint_tail(checkpoint_, taken);
}

void DeepenRun::take(int threads) {
    read(threads);
}

std::size_t DeepenRun::read(int threads) {
    std::size_t taken = 1;  // the checkpoint's lines read as records (and its header)
    auto done = read_deepen_checkpoint(checkpoint_, header_, params_, &taken);
    // A result goes into the table as it stands, so each is checked as the input was.
    std::vector<SecondTestEntry> results;
    for (const auto& [hash, e] : done) results.push_back(e);
    if (const auto bad = first_untrue_entry(results, first_, params_, threads)) {
        throw OfflineFileError(
            fmt::format("'{}': {} (an edited record; move the checkpoint away to search again)",
                        checkpoint_, bad->why));
    }
    for (const auto& e : input_) {
        const auto it = done.find(entry_hash(e));
        if (it != done.end() &&
            (it->second.class_key != e.class_key || it->second.not_alone > e.not_alone)) {
            throw OfflineFileError(fmt::format(
                "'{}': the record for class {:016x} holds class {:016x} with {} secrets not "
                "alone, where the input leaves {} (an edited record)",
                checkpoint_, e.class_key, it->second.class_key, it->second.not_alone, e.not_alone));
        }
    }
    done_ = std::move(done);
    return taken;
}

bool DeepenRun::start() {
    return append_durably(checkpoint_, header_ + "\n");
}

std::vector<const SecondTestEntry*> DeepenRun::work() const {
    std::vector<const SecondTestEntry*> work;
    for (const auto& e : input_) {
        if (e.not_alone > 0 && !done_.contains(entry_hash(e))) work.push_back(&e);
    }
    std::stable_sort(work.begin(), work.end(),
                     [](const auto* a, const auto* b) { return a->size < b->size; });
    return work;
}

std::size_t DeepenRun::reused() const {
    return static_cast<std::size_t>(std::count_if(input_.begin(), input_.end(), [&](const auto& e) {
        return e.not_alone > 0 && done_.contains(entry_hash(e));
    }));
}

std::size_t DeepenRun::unsplit() const {
    return static_cast<std::size_t>(
        std::count_if(input_.begin(), input_.end(), [](const auto& e) { return e.not_alone > 0; }));
}

std::uint64_t DeepenRun::not_alone_before() const {
    std::uint64_t n = 0;
    for (const auto& e : input_) n += e.not_alone;
    return n;
}

bool DeepenRun::search(const std::vector<const SecondTestEntry*>& work, int threads,
                       const Search& search, const Finished& finished, std::string& failure) {
    std::mutex mutex;
    failure.clear();
    // Each class on the next free thread; a checkpoint that cannot be written stops the queue.
    return for_each_item(work.size(), threads, [&](std::size_t i) {
        Found found;
        try {
            found = search(*work[i]);
        } catch (const std::exception& e) {
            const std::lock_guard lock(mutex);
            if (failure.empty()) failure = e.what();
            return false;
        }
        const std::lock_guard lock(mutex);
        if (!failure.empty()) return false;
        const auto hash = entry_hash(*work[i]);
        if (!append_durably(checkpoint_, deepen_checkpoint_line(hash, found.result, params_))) {
            failure = fmt::format(
                "--checkpoint '{}' cannot be written (the classes before are kept)", checkpoint_);
            return false;
        }
        if (finished) finished(*work[i], found);
        done_[hash] = std::move(found.result);
        return true;
    });
}

std::vector<SecondTestEntry> DeepenRun::table() const {
    auto table = input_;
    for (auto& e : table) {
        if (const auto it = done_.find(entry_hash(e)); it != done_.end()) e = it->second;
    }
    return table;
}

}  // namespace mastermind
