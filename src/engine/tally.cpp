#include "mastermind/engine/tally.hpp"

#include <algorithm>

#include "mastermind/core/histogram.hpp"

namespace mastermind {

namespace {

// Inserts `item` into the sorted `kept` if it is among the `limit` smallest.
template <class T>
void keep_smallest(std::vector<T>& kept, T item, std::size_t limit) {
    if (kept.size() >= limit && (limit == 0 || !(item < kept.back()))) return;
    kept.insert(std::upper_bound(kept.begin(), kept.end(), item), std::move(item));
    if (kept.size() > limit) kept.pop_back();
}

}  // namespace

void Tally::win(std::uint64_t secret, int moves) {
    ++games_;
    const auto m = static_cast<std::size_t>(moves);
    if (histogram_.size() <= m) histogram_.resize(m + 1);
    ++histogram_[m];
    if (moves > worst_) {
        worst_ = moves;
        worst_secrets_.clear();
    }
    if (moves == worst_) keep_smallest(worst_secrets_, secret, examples_);
}

void Tally::fail(std::uint64_t secret, std::string why) {
    ++games_;
    ++failures_;
    keep_smallest(failed_, std::make_pair(secret, std::move(why)), examples_);
}

void Tally::absorb(const Tally& t) {
    games_ += t.games_;
    failures_ += t.failures_;
    nodes_ += t.nodes_;
    move_hash_ += t.move_hash_;
    if (histogram_.size() < t.histogram_.size()) histogram_.resize(t.histogram_.size());
    for (std::size_t i = 0; i < t.histogram_.size(); ++i) histogram_[i] += t.histogram_[i];
    if (t.worst_ > worst_) {
        worst_ = t.worst_;
        worst_secrets_.clear();
    }
    if (t.worst_ == worst_) {
        for (auto s : t.worst_secrets_) keep_smallest(worst_secrets_, s, examples_);
    }
    for (const auto& f : t.failed_) keep_smallest(failed_, f, examples_);
}

void Tally::absorb(const Report& r) {
    Tally t(examples_);
    t.games_ = r.games;
    t.failures_ = r.failures;
    t.nodes_ = r.nodes;
    t.move_hash_ = r.move_hash;
    t.histogram_ = r.histogram;
    t.worst_ = histogram_totals(r.histogram).worst;
    for (auto s : r.worst_secrets) keep_smallest(t.worst_secrets_, s, examples_);
    for (const auto& f : r.failed_secrets) keep_smallest(t.failed_, f, examples_);
    absorb(t);
}

Report Tally::report(const std::function<std::string(std::uint64_t)>& name) const {
    Report r;
    r.games = games_;
    r.failures = failures_;
    r.nodes = nodes_;
    r.move_hash = move_hash_;
    r.histogram = histogram_;
    const auto totals = histogram_totals(histogram_);
    r.worst = std::max(0, worst_);
    r.total = totals.total;
    r.mean = totals.mean();
    r.worst_secrets = worst_secrets_;
    r.failed_secrets = failed_;
    for (auto s : worst_secrets_) r.worst_examples.push_back(name(s));
    for (const auto& [secret, why] : failed_)
        r.failure_examples.push_back(name(secret) + ": " + why);
    return r;
}

}  // namespace mastermind
