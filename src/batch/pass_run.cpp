#include "mastermind/batch/pass_run.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace mastermind {

int most_pass_shards(const BatchParams& params) {
    return static_cast<int>(std::min<std::uint64_t>(
        std::max<std::uint64_t>(1, params.secret_count() / kPassShardSecrets), 1'000'000));
}

PassRun::PassRun(PassSettings settings, std::string checkpoint)
    : settings_(std::move(settings)), checkpoint_(std::move(checkpoint)) {
    state_.done.assign(static_cast<std::size_t>(settings_.shards), false);
}

std::uint64_t PassRun::resume(int threads) {
    auto read = read_pass_checkpoint(checkpoint_, pass_checkpoint_header(settings_),
                                     settings_.params, settings_.shards);
    // The entries go into the table as they stand: each checked as --deepen checks its input
    // (a class twice the reader refuses).
    if (const auto bad =
            first_untrue_entry(read.entries, settings_.first, settings_.params, threads)) {
        throw OfflineFileError(
            fmt::format("'{}': {} (an edited checkpoint)", checkpoint_, bad->why));
    }
    const auto cut = cut_checkpoint_tail(checkpoint_, read.lines);
    state_ = std::move(read);
    return cut;
}

bool PassRun::start() {
    return append_durably(checkpoint_, pass_checkpoint_header(settings_) + "\n");
}

std::vector<int> PassRun::shards_left() const {
    std::vector<int> left;
    for (int shard = 0; shard < settings_.shards; ++shard)
        if (!state_.done[static_cast<std::size_t>(shard)]) left.push_back(shard);
    return left;
}

bool PassRun::run(int shard, int threads, const Progress& progress, PassShard& result) {
    result = run_pass_shard(settings_, shard, threads, progress);
    if (!append_durably(checkpoint_, pass_shard_block(settings_, shard, result))) return false;
    state_.done[static_cast<std::size_t>(shard)] = true;
    state_.entries.insert(state_.entries.end(), result.found.begin(), result.found.end());
    state_.reports.push_back(result.report);
    return true;
}

std::vector<SecondTestEntry> PassRun::table() const {
    auto entries = state_.entries;
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    return entries;
}

EvaluationResult PassRun::report() const {
    return merge_evaluations(state_.reports, settings_.params, 5);
}

}  // namespace mastermind
