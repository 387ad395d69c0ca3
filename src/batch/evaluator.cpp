#include "mastermind/batch/evaluator.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/core/hash.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/engine/tree_walk.hpp"
#include "parallel_partition.hpp"

namespace mastermind {

namespace {

// The key of the answers `secret` gets to `strings`: one string at a time, for small groups.
AnswerKey answer_key(const PackedCode& secret, const std::vector<PackedCode>& strings,
                     const BatchParams& params) {
    std::array<HitBlow, BatchParams::kMaxBatch> answers{};
    for (std::size_t i = 0; i < strings.size(); ++i)
        answers[i] = secret.score(strings[i], params.pegs, params.rules);
    return make_answer_key(std::span<const HitBlow>(answers.data(), strings.size()), params);
}

// From this size on, one QueryScorer for the group beats scoring string by string.
constexpr std::size_t kScorerGroup = 32;

// Above this size a group is split in parallel (a two-pass counting sort) and its subgroups
// are walked in parallel; below, a plain sort and recursion on the calling thread.
constexpr std::size_t kParallelGroup = 1 << 16;
// From EvaluationOptions::bucketed_split_from on, and when the answers fit one word, groups are
// split by buckets of compact keys instead of a map per chunk: a first test with tens of
// millions of answer classes would otherwise hold each class once per chunk.

// The classes a test splits a group into: their answers and where each ends in the group.
struct Parts {
    std::vector<AnswerKey> keys;         // one per class, or
    std::vector<std::uint64_t> compact;  // their compact forms (bucketed splits)
    std::vector<std::size_t> ends;
    void add(const AnswerKey& key, std::size_t end) { keys.push_back(key), ends.push_back(end); }
    void clear() { keys.clear(), compact.clear(), ends.clear(); }
    AnswerKey key(std::size_t i, int batch) const {
        return compact.empty() ? keys[i] : expand_compact_key(compact[i], batch);
    }
};

// A Bloom filter of the strings a history has sent: 4096 bits, two per string. A test none of
// whose strings may have been sent needs no scan of the history; one that may, gets the exact
// scan (Walker::check_test). The scan of every node had been 13% of counts-then-locate's walk
// (17 tests of 9 strings a game).
struct SentFilter {
    std::array<std::uint64_t, 64> words{};
    void add(const PackedCode& c) {
        const auto h = hash(c);
        words[h >> 58] |= std::uint64_t{1} << (h >> 52 & 63);
        words[h >> 40 & 63] |= std::uint64_t{1} << (h >> 34 & 63);
    }
    bool may_hold(const PackedCode& c) const {
        const auto h = hash(c);
        return (words[h >> 58] >> (h >> 52 & 63) & 1) &&
               (words[h >> 40 & 63] >> (h >> 34 & 63) & 1);
    }
    static std::uint64_t hash(const PackedCode& c) { return c.nibbles() * 0x9E3779B97F4A7C15ULL; }
};

// What the nodes of a subtree walked on one thread reuse, one slot per depth: each node's parts,
// its history record and its filter of sent strings, so that a node allocates nothing for them.
// Made at the subtree's root (the first group under the parallel size: no node below it waits on
// other tasks) and handed down, so that a thread never shares it with another subtree.
struct SubtreeScratch {
    std::deque<Parts> parts;
    std::deque<QueryRecord> records;
    std::deque<SentFilter> sent;  // sent[d]: the strings of the first d records of the history

    // Slot `depth` of a pool, grown on first use (a deque: the slots of shallower nodes stay put).
    template <class T>
    static T& at(std::deque<T>& pool, std::size_t depth) {
        while (pool.size() <= depth) pool.emplace_back();
        return pool[depth];
    }
};

// One move of the decision tree, as a number: the group it was played for (its least secret and
// size), its depth and the strings it holds (or the challenge).
std::uint64_t move_signature(std::uint64_t least, std::uint64_t size, int depth, const Move& move) {
    std::uint64_t h =
        mix64(least << 24 ^ size ^ std::uint64_t(depth) << 56 ^ (move.challenge ? 1ULL << 60 : 0));
    for (const auto& s : move.strings) h = mix64(h + s.nibbles());
    return h;
}
template <class Index>
std::uint64_t move_signature(std::span<Index> group, int depth, const Move& move) {
    const std::uint64_t least = group.empty() ? 0 : *std::min_element(group.begin(), group.end());
    return move_signature(least, group.size(), depth, move);
}

// The report of a tally, its examples written as codes of the game.
EvaluationResult summarize(const Tally& all, const BatchParams& params) {
    return all.report([&](std::uint64_t secret) {
        return PackedCode::from_index(secret, params).to_string(params.pegs);
    });
}

// The walk of one run, over secret indices of one width (position.hpp): 32 bits for games that
// fit them (the 10^9 secrets of the 9-peg game take 8 bytes each, the group and its scratch),
// 64 beyond.
template <class Index>
class Walker {
  public:
    Walker(const EvaluationOptions& options, bool exhaustive, std::uint64_t total)
        : options_(options),
          exhaustive_(exhaustive),
          total_(total),
          tree_([&] { return options.strategy->make(options.params, options.seed); },
                options.examples, total, options.progress) {}

    // Walks `group`, which it may reorder; `scratch` has the same size.
    // `before_last`: the consistent set of the parent position, when it was computed (walks of
    // given secrets, whose groups are not the consistent sets).
    // `reuse`: the scratch of the subtree on this thread that `group` belongs to, if any.
    void walk(std::span<Index> group, std::span<Index> scratch, std::vector<QueryRecord>& history,
              const SecretSet* before_last = nullptr, SubtreeScratch* reuse = nullptr) {
        auto& tally = tree_.tally();
        auto& strategy = tree_.player();
        options_.budget.check("the evaluation");
        tally.node();
        const int depth = static_cast<int>(history.size());
        Move move;
        const auto position =
            exhaustive_ ? Position::exact(options_.params, history, std::span<const Index>(group))
                        : Position::lazy(options_.params, history, before_last);
        try {
            // A move that lists the consistent secrets of a huge game answers to the run's
            // budget too.
            const BudgetScope scope(options_.budget);
            move = strategy.next(position);
        } catch (const std::exception& e) {
            if (options_.budget.exhausted()) throw;  // the run's budget ends the run
            tree_.fail_all(group, fmt::format("strategy error after {}: {}",
                                              count_of(depth, "test"), e.what()));
            return;
        }
        const auto& p = options_.params;
        tally.move(move_signature(group, depth, move));
        if (move.challenge) {
            const std::uint64_t guess =
                move.strings.empty() ? UINT64_MAX : move.strings[0].index(p);
            for (auto s : group) {
                if (s == guess)
                    tally.win(s, depth);
                else
                    tally.fail(
                        s, fmt::format(
                               "challenged {} after {}",
                               move.strings.empty() ? "nothing" : move.strings[0].to_string(p.pegs),
                               count_of(depth, "test")));
            }
            finished(group.size());
            return;
        }
        descend(group, scratch, history, move, position.computed(), reuse);
    }

    // The root of one shard (evaluate_all): the first test `move`, played for every secret, of
    // which `group` holds this shard's (increasing); the root counts in shard 0 only.
    void walk_shard(const Move& move, std::uint64_t all_secrets, bool count_root,
                    std::span<Index> group, std::span<Index> scratch) {
        if (count_root) {
            auto& tally = tree_.tally();
            tally.node();
            tally.move(move_signature(0, all_secrets, 0, move));
        }
        std::vector<QueryRecord> history;
        descend(group, scratch, history, move, nullptr);
    }

    // Below the test `move` played for `group`: splits the group by its answers and walks each
    // part. `computed`: the group's consistent set, when it was computed. `reuse`: as walk's.
    void descend(std::span<Index> group, std::span<Index> scratch,
                 std::vector<QueryRecord>& history, const Move& move, const SecretSet* computed,
                 SubtreeScratch* reuse = nullptr) {
        // A group below the parallel size is walked on this thread with all of its subtree (its
        // parts are smaller still) with one SubtreeScratch: a node then checks its test without
        // reading the history, and allocates nothing (counts-then-locate's walk is mostly nodes
        // of one or a few secrets).
        const bool on_this_thread =
            group.size() < std::min(kParallelGroup, options_.bucketed_split_from);
        const auto depth = history.size();
        std::optional<SubtreeScratch> own;
        SubtreeScratch* pools = on_this_thread ? reuse : nullptr;
        const SentFilter* sent = nullptr;
        if (on_this_thread) {
            if (!pools) {  // the subtree's root: its filter from the history
                pools = &own.emplace();
                auto& filter = SubtreeScratch::at(pools->sent, depth);
                for (const auto& r : history) {
                    for (const auto& c : r.strings) filter.add(c);
                }
            }
            sent = &SubtreeScratch::at(pools->sent, depth);
        }
        if (auto why = check_test(move, history, sent); !why.empty()) {
            tree_.fail_all(group, why);
            return;
        }
        if (pools) {
            auto& next = SubtreeScratch::at(pools->sent, depth + 1);
            next = *sent;
            for (const auto& c : move.strings) next.add(c);
        }
        if (group.size() == 1 && pools) {
            // One secret: its answers, sorted as a key's are, go straight into the record (a key
            // made and read back for one secret was most of a long game's splitting).
            history.emplace_back();
            auto& record = history.back();
            std::swap(record, SubtreeScratch::at(pools->records, depth));
            record.strings.assign(move.strings.begin(), move.strings.end());
            const auto& p = options_.params;
            const auto secret = PackedCode::from_index(group[0], p);
            record.answers.resize(move.strings.size());
            for (std::size_t i = 0; i < move.strings.size(); ++i)
                record.answers[i] = secret.score(move.strings[i], p.pegs, p.rules);
            std::sort(record.answers.begin(), record.answers.end());
            walk(group, scratch, history, computed, pools);
            std::swap(history.back(), SubtreeScratch::at(pools->records, depth));
            history.pop_back();
            return;
        }
        Parts local_parts;
        Parts& parts = pools ? SubtreeScratch::at(pools->parts, depth) : local_parts;
        parts.clear();
        // Split the group by the sorted answers to the test.
        const int batch = static_cast<int>(move.strings.size());
        if (group.size() >= options_.bucketed_split_from &&
            has_compact_key(options_.params, batch)) {
            split_bucketed(group, scratch, move.strings, parts);
        } else if (group.size() >= kParallelGroup && options_.params.rules == Rules::classic) {
            split_parallel(group, scratch, move.strings, parts);
        } else {
            split_small(group, move.strings, parts);
        }
        // Each part is walked with the test and its answers appended to the history (`h` ends
        // with the test already: only the answers change from part to part).
        auto visit = [&](std::size_t part, std::vector<QueryRecord>& h) {
            const std::size_t begin = part == 0 ? 0 : parts.ends[part - 1];
            const std::size_t end = parts.ends[part];
            answers_from_key(parts.key(part, batch), options_.params, batch, h.back().answers);
            walk(group.subspan(begin, end - begin), scratch.subspan(begin, end - begin), h,
                 computed, pools);
        };
        // A task of its own copies the history; in order, the parts share this one.
        const bool parallel = !pools;
        if (!parallel || parts.ends.size() == 1) {
            history.emplace_back();
            if (pools) std::swap(history.back(), SubtreeScratch::at(pools->records, depth));
            history.back().strings.assign(move.strings.begin(), move.strings.end());
        }
        TreeWalk<Strategy>::visit_parts(parts.ends.size(), parallel,
                                        [&](std::size_t part, bool own_task) {
                                            if (!own_task) return visit(part, history);
                                            std::vector<QueryRecord> h = history;
                                            h.push_back({move.strings, {}});
                                            visit(part, h);
                                        });
        if (!parallel || parts.ends.size() == 1) {
            if (pools) std::swap(history.back(), SubtreeScratch::at(pools->records, depth));
            history.pop_back();
        }
    }

    EvaluationResult result() { return summarize(tree_.merged(), options_.params); }

  private:
    // Why `move` may not be played after `history`, or "". `sent`: a filter of the history's
    // strings, if the caller has one.
    std::string check_test(const Move& move, const std::vector<QueryRecord>& history,
                           const SentFilter* sent) const {
        const auto& p = options_.params;
        if (static_cast<int>(history.size()) >= p.max_tests)
            return fmt::format("a test after {} tests", p.max_tests);
        if (static_cast<int>(move.strings.size()) != p.batch)
            return fmt::format("a test of {} strings", move.strings.size());
        // The first string (in the test's order) sent before: the history is scanned once through
        // a 64-bit filter of the test's strings (one bit each), and only a string whose bit is set
        // is compared with them. Comparing every pair had been 11% of counts-then-locate's walk.
        auto bit = [](const PackedCode& c) {
            return std::uint64_t{1} << (c.nibbles() * 0x9E3779B97F4A7C15ULL >> 58);
        };
        std::uint64_t filter = 0;
        for (const auto& t : move.strings) filter |= bit(t);
        std::size_t first_sent = move.strings.size();
        const bool may_repeat =
            !sent || std::any_of(move.strings.begin(), move.strings.end(),
                                 [&](const PackedCode& c) { return sent->may_hold(c); });
        for (const auto& r :
             may_repeat ? std::span<const QueryRecord>(history) : std::span<const QueryRecord>()) {
            for (const auto& s : r.strings) {
                if ((filter & bit(s)) == 0) continue;
                for (std::size_t i = 0; i < first_sent; ++i) {
                    if (move.strings[i] == s) first_sent = i;
                }
            }
        }
        // Then as one pass over the test would find them: a repeat within the test before it.
        for (std::size_t i = 0; i < move.strings.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (move.strings[i] == move.strings[j]) return "a string twice in one test";
            }
            if (i == first_sent)
                return fmt::format("{} sent twice", move.strings[i].to_string(p.pegs));
        }
        return {};
    }

    void split_small(std::span<Index> group, const std::vector<PackedCode>& strings,
                     Parts& parts) const {
        // The thread's buffer (nothing below runs other tasks): one allocation per thread, not per
        // node.
        thread_local std::vector<std::pair<AnswerKey, Index>> keyed;
        keyed.resize(group.size());
        if (group.size() >= kScorerGroup && options_.params.rules == Rules::classic) {
            const QueryScorer scorer(strings, options_.params);
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            for (std::size_t i = 0; i < group.size(); ++i) {
                digits_of_index(group[i], options_.params, digits.data());
                keyed[i] = {scorer.key(digits.data()), group[i]};
            }
        } else {
            for (std::size_t i = 0; i < group.size(); ++i) {
                keyed[i] = {answer_key(PackedCode::from_index(group[i], options_.params), strings,
                                       options_.params),
                            group[i]};
            }
        }
        std::sort(keyed.begin(), keyed.end());
        for (std::size_t i = 0; i < keyed.size(); ++i) {
            group[i] = keyed[i].second;
            if (i + 1 == keyed.size() || keyed[i + 1].first != keyed[i].first)
                parts.add(keyed[i].first, i + 1);
        }
    }

    // Two passes over chunks: count the keys of each chunk, then scatter each chunk's secrets to
    // their key's place, in order, so that every part keeps increasing indices.
    void split_parallel(std::span<Index> group, std::span<Index> scratch,
                        const std::vector<PackedCode>& strings, Parts& parts) const {
        using KeyHash = AnswerKeyHash;
        const QueryScorer scorer(strings, options_.params);
        auto key_of = [&](Index index) {
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            digits_of_index(index, options_.params, digits.data());
            return scorer.key(digits.data());
        };
        const std::size_t chunk_size = 1 << 16;
        const std::size_t chunks = (group.size() + chunk_size - 1) / chunk_size;
        std::vector<std::unordered_map<AnswerKey, std::size_t, KeyHash>> counts(chunks);
        // Each chunk asks the run's budget: the split of a large root takes seconds, and a run
        // whose output's reader has gone stops within a chunk.
        tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
            options_.budget.check("the evaluation");
            const std::size_t end = std::min(group.size(), (c + 1) * chunk_size);
            for (std::size_t i = c * chunk_size; i < end; ++i) {
                ++counts[c][key_of(group[i])];
            }
        });
        // The merges below are serial and, with many classes, as long as the counting: they ask
        // the budget chunk by chunk too.
        std::map<AnswerKey, std::size_t> totals;
        for (const auto& m : counts) {
            options_.budget.check("the evaluation");
            for (const auto& [k, n] : m) totals[k] += n;
        }
        std::unordered_map<AnswerKey, std::size_t, KeyHash> start;
        std::size_t offset = 0;
        for (const auto& [k, n] : totals) {
            start[k] = offset;
            offset += n;
            parts.add(k, offset);
        }
        // Each chunk's first slot per key: the key's start plus the counts of earlier chunks.
        std::vector<std::unordered_map<AnswerKey, std::size_t, KeyHash>> next(chunks);
        std::unordered_map<AnswerKey, std::size_t, KeyHash> running = start;
        for (std::size_t c = 0; c < chunks; ++c) {
            options_.budget.check("the evaluation");
            for (const auto& [k, n] : counts[c]) {
                next[c][k] = running[k];
                running[k] += n;
            }
        }
        tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
            options_.budget.check("the evaluation");
            const std::size_t end = std::min(group.size(), (c + 1) * chunk_size);
            auto& slots = next[c];
            for (std::size_t i = c * chunk_size; i < end; ++i) {
                const auto key = key_of(group[i]);
                scratch[slots[key]++] = group[i];
            }
        });
        std::copy(scratch.begin(), scratch.end(), group.begin());
    }

    // The split of huge groups, in two stages that each touch memory in order. First a counting
    // sort by bucket (the top bits of a mix of the compact key: about 2^20 secrets per bucket),
    // chunk by chunk so that each bucket keeps increasing indices; then each bucket, on its own,
    // sorts its (compact key, index) pairs and writes them back. One shared table of classes
    // scattered secrets at random over the whole group, a cache and TLB miss per secret.
    void split_bucketed(std::span<Index> group, std::span<Index> scratch,
                        const std::vector<PackedCode>& strings, Parts& parts) const {
        const QueryScorer scorer(strings, options_.params);
        auto compact_of = [&](Index index) {
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            digits_of_index(index, options_.params, digits.data());
            return compact_key(scorer.key(digits.data()));
        };
        int bucket_bits = 0;
        while (bucket_bits < 12 && (group.size() >> bucket_bits) > (std::size_t{1} << 20))
            ++bucket_bits;
        const std::size_t buckets = std::size_t{1} << bucket_bits;
        auto bucket_of = [&](std::uint64_t compact) {
            return bucket_bits == 0
                       ? std::size_t{0}
                       : static_cast<std::size_t>(derive_seed(0, compact) >> (64 - bucket_bits));
        };
        const auto bucket_begin = detail::parallel_partition<Index>(
            group, scratch, buckets, [&](Index index) { return bucket_of(compact_of(index)); });
        std::vector<std::vector<std::uint64_t>> keys(buckets);
        std::vector<std::vector<std::size_t>> ends(buckets);
        tbb::parallel_for(std::size_t{0}, buckets, [&](std::size_t b) {
            options_.budget.check("the evaluation");
            const std::size_t begin = bucket_begin[b], end = bucket_begin[b + 1];
            std::vector<std::pair<std::uint64_t, Index>> keyed(end - begin);
            for (std::size_t i = begin; i < end; ++i)
                keyed[i - begin] = {compact_of(scratch[i]), scratch[i]};
            std::sort(keyed.begin(), keyed.end());
            for (std::size_t i = 0; i < keyed.size(); ++i) {
                group[begin + i] = keyed[i].second;
                if (i + 1 == keyed.size() || keyed[i + 1].first != keyed[i].first) {
                    keys[b].push_back(keyed[i].first);
                    ends[b].push_back(begin + i + 1);
                }
            }
        });
        for (std::size_t b = 0; b < buckets; ++b) {
            parts.compact.insert(parts.compact.end(), keys[b].begin(), keys[b].end());
            parts.ends.insert(parts.ends.end(), ends[b].begin(), ends[b].end());
            keys[b] = {};
            ends[b] = {};
        }
    }

    void finished(std::size_t n) { tree_.finished(n); }

    const EvaluationOptions& options_;
    bool exhaustive_;
    std::uint64_t total_;
    TreeWalk<Strategy> tree_;
};

// What every run does before it walks: the strategy's refusal of the game is an error (and a
// strategy that cannot be made for it fails here, early); the thread limit is returned for the
// caller to hold while it walks.
std::unique_ptr<tbb::global_control> begin_run(const EvaluationOptions& options) {
    if (auto why = strategy_refuses(*options.strategy, options.params); !why.empty())
        throw std::invalid_argument(why);
    options.strategy->make(options.params, options.seed);
    const int threads =
        options.threads > 0 ? options.threads : static_cast<int>(tbb::info::default_concurrency());
    return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                 static_cast<std::size_t>(threads));
}

template <class Index>
EvaluationResult run(const EvaluationOptions& options, std::vector<Index>& secrets,
                     bool exhaustive) {
    const auto start = std::chrono::steady_clock::now();
    const auto limit = begin_run(options);
    Walker<Index> walker(options, exhaustive, secrets.size());
    std::vector<Index> scratch(secrets.size());
    std::vector<QueryRecord> history;
    walker.walk(secrets, scratch, history);
    auto r = walker.result();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

// The secrets of shard `options.shard`, increasing: those whose answers to `first` hash to it.
template <class Index>
std::vector<Index> shard_secrets(const EvaluationOptions& options, const Move& first) {
    const auto& params = options.params;
    const std::uint64_t n = params.secret_count();
    const auto shards = static_cast<std::uint64_t>(options.shards);
    const bool scorer_keys = params.rules == Rules::classic;
    const QueryScorer scorer(first.strings, params);
    // The shard of the secret with these digits (its index: `index`).
    auto shard_of = [&](const std::uint8_t* digits, Index index) {
        const AnswerKey key =
            scorer_keys ? scorer.key(digits)
                        : answer_key(PackedCode::from_index(index, params), first.strings, params);
        return mix64(AnswerKeyHash{}(key)) % shards;
    };
    const std::uint64_t chunk = std::uint64_t{1} << 20;
    std::vector<std::vector<Index>> kept((n + chunk - 1) / chunk);
    std::atomic<std::uint64_t> chunks_done{0};
    const std::uint64_t report_every = std::max<std::uint64_t>(1, kept.size() / 100);
    tbb::parallel_for(std::size_t{0}, kept.size(), [&](std::size_t c) {
        const std::uint64_t end = std::min(n, (c + 1) * chunk);
        // The digits of each secret in turn, counted up like an odometer from the chunk's first
        // (one division per chunk, not P per secret: the pass is repeated for every shard).
        std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
        digits_of_index(static_cast<Index>(c * chunk), params, digits.data());
        const auto top = static_cast<std::uint8_t>(params.colours - 1);
        for (std::uint64_t i = c * chunk; i < end; ++i) {
            if (shard_of(digits.data(), static_cast<Index>(i)) ==
                static_cast<std::uint64_t>(options.shard)) {
                kept[c].push_back(static_cast<Index>(i));
            }
            for (int p = params.pegs - 1; p >= 0 && digits[static_cast<std::size_t>(p)]++ == top;
                 --p) {
                digits[static_cast<std::size_t>(p)] = 0;
            }
        }
        const auto done = chunks_done.fetch_add(1) + 1;
        if (options.pass_progress && (done % report_every == 0 || done == kept.size())) {
            options.pass_progress(std::min(n, done * chunk), n);
        }
    });
    std::size_t size = 0;
    for (const auto& k : kept) size += k.size();
    std::vector<Index> secrets;
    secrets.reserve(size);
    for (auto& k : kept) {
        secrets.insert(secrets.end(), k.begin(), k.end());
        k = {};
    }
    return secrets;
}

// Whether this run walks 64-bit indices: the game needs them, or a test asks for them.
bool walk_wide(const EvaluationOptions& options) {
    return options.wide_indices || wide_indices(options.params);
}

EvaluationResult run_shard(const EvaluationOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const auto limit = begin_run(options);
    // The first move, as the whole run's root asks it (without every secret in memory: the
    // strategies' first moves do not enumerate the secrets).
    const std::vector<QueryRecord> none;
    std::optional<Move> first;
    try {
        first = options.strategy->make(options.params, options.seed)
                    ->next(Position::lazy(options.params, none));
    } catch (const std::exception&) {
    }
    if (!first || first->challenge ||
        static_cast<int>(first->strings.size()) != options.params.batch) {
        // Nothing to divide: a challenge, a broken first test or a strategy error ends every game
        // at the root, so shard 0 plays the whole run and the others are empty.
        EvaluationOptions whole = options;
        whole.shards = 1;
        if (options.shard == 0) return evaluate_all(whole);
        EvaluationResult empty;
        empty.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return empty;
    }
    auto walk = [&]<class Index>(std::vector<Index> secrets) {
        Walker<Index> walker(options, true, secrets.size());
        std::vector<Index> scratch(secrets.size());
        walker.walk_shard(*first, options.params.secret_count(), options.shard == 0, secrets,
                          scratch);
        return walker.result();
    };
    auto r = walk_wide(options) ? walk(shard_secrets<std::uint64_t>(options, *first))
                                : walk(shard_secrets<std::uint32_t>(options, *first));
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

template <class Index>
EvaluationResult run_all(const EvaluationOptions& options) {
    std::vector<Index> secrets(options.params.secret_count());
    std::iota(secrets.begin(), secrets.end(), Index{0});
    return run(options, secrets, true);
}

}  // namespace

EvaluationResult evaluate_all(const EvaluationOptions& options) {
    if (options.shards < 1 || options.shard < 0 || options.shard >= options.shards) {
        throw std::invalid_argument(fmt::format("shard {} of {}: a shard is 0 .. shards - 1",
                                                options.shard, options.shards));
    }
    if (options.shards > 1) return run_shard(options);
    return walk_wide(options) ? run_all<std::uint64_t>(options) : run_all<std::uint32_t>(options);
}

std::uint64_t shards_for_memory(std::uint64_t secrets, std::uint64_t limit_bytes,
                                std::uint64_t index_bytes) {
    if (limit_bytes <= kShardOverheadBytes) return 0;
    const std::uint64_t need = walk_bytes(secrets, index_bytes);
    const std::uint64_t room = limit_bytes - kShardOverheadBytes;
    const std::uint64_t shards = std::max<std::uint64_t>(1, (need + room - 1) / room);
    return shards <= std::max<std::uint64_t>(1, secrets) ? shards : 0;
}

std::uint64_t evaluate_all_bytes(const BatchParams& params, std::uint64_t shards) {
    const std::uint64_t per_shard =
        (params.secret_count() + shards - 1) / std::max<std::uint64_t>(shards, 1);
    return walk_bytes(per_shard, index_bytes(params)) + kShardOverheadBytes;
}

EvaluationResult evaluate_all_in_shards(const EvaluationOptions& options, int shards) {
    std::vector<EvaluationResult> parts;
    EvaluationOptions one = options;
    one.shards = shards;
    for (int shard = 0; shard < shards; ++shard) {
        one.shard = shard;
        parts.push_back(evaluate_all(one));
    }
    return merge_evaluations(parts, options.params, options.examples);
}

EvaluationResult merge_evaluations(std::span<const EvaluationResult> shards,
                                   const BatchParams& params, std::size_t examples) {
    Tally all(examples);
    double seconds = 0;
    for (const auto& r : shards) {
        all.absorb(r);
        seconds = std::max(seconds, r.seconds);
    }
    auto r = summarize(all, params);
    r.seconds = seconds;
    return r;
}

EvaluationResult evaluate_secrets(const EvaluationOptions& options,
                                  std::vector<std::uint64_t> secrets) {
    for (auto s : secrets) {
        if (s >= options.params.secret_count()) {
            throw std::invalid_argument(fmt::format("secret index {} of a game of {} secrets", s,
                                                    options.params.secret_count()));
        }
    }
    std::sort(secrets.begin(), secrets.end());
    if (walk_wide(options)) return run(options, secrets, false);
    std::vector<std::uint32_t> narrow(secrets.begin(), secrets.end());
    secrets = {};
    return run(options, narrow, false);
}

}  // namespace mastermind
