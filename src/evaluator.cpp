#include "mastermind/evaluator.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include "mastermind/test_scorer.hpp"

namespace mastermind {

namespace {

// The key of the answers `secret` gets to `strings`: one string at a time, for small groups.
AnswerKey answer_key(const PackedCode& secret, const std::vector<PackedCode>& strings, const BatchParams& params) {
    std::array<HitBlow, BatchParams::kMaxBatch> answers{};
    for (std::size_t i = 0; i < strings.size(); ++i) answers[i] = secret.score(strings[i], params.pegs);
    return make_answer_key(std::span<const HitBlow>(answers.data(), strings.size()), params);
}

// The digits of the secret with this index, peg 0 first.
void digits_of(std::uint32_t index, const BatchParams& params, std::uint8_t* digits) {
    const auto k = static_cast<std::uint32_t>(params.colours);
    for (int p = params.pegs - 1; p >= 0; --p) {
        digits[p] = static_cast<std::uint8_t>(index % k);
        index /= k;
    }
}

struct Tally {
    std::uint64_t games = 0, failures = 0, calls = 0;
    std::vector<std::uint64_t> histogram;
    std::vector<std::uint32_t> worst;  // indices reaching the largest tests seen
    int worst_tests = -1;
    std::vector<std::pair<std::uint32_t, std::string>> failed;

    void win(std::uint32_t secret, int tests, std::size_t examples) {
        ++games;
        if (histogram.size() <= static_cast<std::size_t>(tests)) histogram.resize(static_cast<std::size_t>(tests) + 1);
        ++histogram[static_cast<std::size_t>(tests)];
        if (tests > worst_tests) {
            worst_tests = tests;
            worst.clear();
        }
        if (tests == worst_tests && worst.size() < examples) worst.push_back(secret);
    }
    void fail(std::uint32_t secret, const std::string& why, std::size_t examples) {
        ++games;
        ++failures;
        if (failed.size() < examples) failed.emplace_back(secret, why);
    }
};

// Above this size a group is split with a parallel two-pass counting sort and its subgroups
// are walked in parallel; below, a plain sort and recursion on the calling thread.
constexpr std::size_t kParallelGroup = 1 << 16;

class Walker {
public:
    Walker(const EvaluationOptions& options, bool exhaustive, std::uint64_t total)
        : options_(options), exhaustive_(exhaustive), total_(total),
          strategies_([&] { return options.strategy->make(options.params, options.seed); }) {}

    // Walks `group`, which it may reorder; `scratch` has the same size.
    void walk(std::span<std::uint32_t> group, std::span<std::uint32_t> scratch,
              std::vector<TestRecord>& history) {
        auto& tally = tallies_.local();
        auto& strategy = *strategies_.local();
        ++tally.calls;
        const int depth = static_cast<int>(history.size());
        Move move;
        try {
            move = exhaustive_ ? strategy.next(history, group) : strategy.next(history);
        } catch (const std::exception& e) {
            for (auto s : group) tally.fail(s, fmt::format("strategy error after {} tests: {}", depth, e.what()), options_.examples);
            finished(group.size());
            return;
        }
        const auto& p = options_.params;
        if (move.challenge) {
            const std::uint32_t guess = move.strings.empty() ? UINT32_MAX : static_cast<std::uint32_t>(move.strings[0].index(p));
            for (auto s : group) {
                if (s == guess) tally.win(s, depth, options_.examples);
                else tally.fail(s, fmt::format("challenged {} after {} tests", move.strings.empty() ? "nothing" : move.strings[0].to_string(p.pegs), depth), options_.examples);
            }
            finished(group.size());
            return;
        }
        if (auto why = check_test(move, history); !why.empty()) {
            for (auto s : group) tally.fail(s, why, options_.examples);
            finished(group.size());
            return;
        }
        // Split the group by the sorted answers to the test.
        std::vector<std::pair<AnswerKey, std::size_t>> parts;  // key, end offset
        if (group.size() >= kParallelGroup) {
            split_parallel(group, scratch, move.strings, parts);
        } else {
            split_small(group, move.strings, parts);
        }
        auto visit = [&](std::size_t part, std::vector<TestRecord>& h) {
            const std::size_t begin = part == 0 ? 0 : parts[part - 1].second;
            const std::size_t end = parts[part].second;
            h.push_back({move.strings, answers_from_key(parts[part].first, options_.params, static_cast<int>(move.strings.size()))});
            walk(group.subspan(begin, end - begin), scratch.subspan(begin, end - begin), h);
            h.pop_back();
        };
        if (group.size() >= kParallelGroup && parts.size() > 1) {
            tbb::parallel_for(std::size_t{0}, parts.size(), [&](std::size_t part) {
                std::vector<TestRecord> h = history;
                visit(part, h);
            });
        } else {
            for (std::size_t part = 0; part < parts.size(); ++part) visit(part, history);
        }
    }

    EvaluationResult result() {
        Tally all;
        std::vector<std::uint32_t> worst;
        std::vector<std::pair<std::uint32_t, std::string>> failed;
        for (auto& t : tallies_) {
            all.games += t.games;
            all.failures += t.failures;
            all.calls += t.calls;
            if (all.histogram.size() < t.histogram.size()) all.histogram.resize(t.histogram.size());
            for (std::size_t i = 0; i < t.histogram.size(); ++i) all.histogram[i] += t.histogram[i];
            if (t.worst_tests > all.worst_tests) {
                all.worst_tests = t.worst_tests;
                worst.clear();
            }
            if (t.worst_tests == all.worst_tests) worst.insert(worst.end(), t.worst.begin(), t.worst.end());
            failed.insert(failed.end(), t.failed.begin(), t.failed.end());
        }
        std::sort(worst.begin(), worst.end());
        std::sort(failed.begin(), failed.end());
        EvaluationResult r;
        r.games = all.games;
        r.failures = all.failures;
        r.strategy_calls = all.calls;
        r.histogram = all.histogram;
        r.worst = std::max(0, all.worst_tests);
        double sum = 0, won = 0;
        for (std::size_t t = 0; t < r.histogram.size(); ++t) {
            sum += static_cast<double>(t) * static_cast<double>(r.histogram[t]);
            won += static_cast<double>(r.histogram[t]);
        }
        r.mean = won > 0 ? sum / won : 0;
        const int pegs = options_.params.pegs;
        for (std::size_t i = 0; i < worst.size() && i < options_.examples; ++i) {
            r.worst_examples.push_back(PackedCode::from_index(worst[i], options_.params).to_string(pegs));
        }
        for (std::size_t i = 0; i < failed.size() && i < options_.examples; ++i) {
            r.failure_examples.push_back(PackedCode::from_index(failed[i].first, options_.params).to_string(pegs) + ": " + failed[i].second);
        }
        return r;
    }

private:
    std::string check_test(const Move& move, const std::vector<TestRecord>& history) const {
        const auto& p = options_.params;
        if (static_cast<int>(history.size()) >= p.max_tests) return fmt::format("a test after {} tests", p.max_tests);
        if (static_cast<int>(move.strings.size()) != p.batch) return fmt::format("a test of {} strings", move.strings.size());
        for (std::size_t i = 0; i < move.strings.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (move.strings[i] == move.strings[j]) return "a string twice in one test";
            }
            for (const auto& r : history) {
                for (const auto& s : r.strings) {
                    if (s == move.strings[i]) return fmt::format("{} sent twice", s.to_string(p.pegs));
                }
            }
        }
        return {};
    }

    void split_small(std::span<std::uint32_t> group, const std::vector<PackedCode>& strings,
                     std::vector<std::pair<AnswerKey, std::size_t>>& parts) const {
        std::vector<std::pair<AnswerKey, std::uint32_t>> keyed(group.size());
        for (std::size_t i = 0; i < group.size(); ++i) {
            keyed[i] = {answer_key(PackedCode::from_index(group[i], options_.params), strings, options_.params), group[i]};
        }
        std::sort(keyed.begin(), keyed.end());
        for (std::size_t i = 0; i < keyed.size(); ++i) {
            group[i] = keyed[i].second;
            if (i + 1 == keyed.size() || keyed[i + 1].first != keyed[i].first) parts.emplace_back(keyed[i].first, i + 1);
        }
    }

    // Two passes over chunks: count the keys of each chunk, then scatter each chunk's secrets to
    // their key's place, in order, so that every part keeps increasing indices.
    void split_parallel(std::span<std::uint32_t> group, std::span<std::uint32_t> scratch,
                        const std::vector<PackedCode>& strings,
                        std::vector<std::pair<AnswerKey, std::size_t>>& parts) const {
        using KeyHash = AnswerKeyHash;
        const TestScorer scorer(strings, options_.params);
        auto key_of = [&](std::uint32_t index) {
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            digits_of(index, options_.params, digits.data());
            return scorer.key(digits.data());
        };
        const std::size_t chunk_size = 1 << 16;
        const std::size_t chunks = (group.size() + chunk_size - 1) / chunk_size;
        std::vector<std::unordered_map<AnswerKey, std::size_t, KeyHash>> counts(chunks);
        tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
            const std::size_t end = std::min(group.size(), (c + 1) * chunk_size);
            for (std::size_t i = c * chunk_size; i < end; ++i) {
                ++counts[c][key_of(group[i])];
            }
        });
        std::map<AnswerKey, std::size_t> totals;
        for (const auto& m : counts) {
            for (const auto& [k, n] : m) totals[k] += n;
        }
        std::unordered_map<AnswerKey, std::size_t, KeyHash> start;
        std::size_t offset = 0;
        for (const auto& [k, n] : totals) {
            start[k] = offset;
            offset += n;
            parts.emplace_back(k, offset);
        }
        // Each chunk's first slot per key: the key's start plus the counts of earlier chunks.
        std::vector<std::unordered_map<AnswerKey, std::size_t, KeyHash>> next(chunks);
        std::unordered_map<AnswerKey, std::size_t, KeyHash> running = start;
        for (std::size_t c = 0; c < chunks; ++c) {
            for (const auto& [k, n] : counts[c]) {
                next[c][k] = running[k];
                running[k] += n;
            }
        }
        tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
            const std::size_t end = std::min(group.size(), (c + 1) * chunk_size);
            auto& slots = next[c];
            for (std::size_t i = c * chunk_size; i < end; ++i) {
                const auto key = key_of(group[i]);
                scratch[slots[key]++] = group[i];
            }
        });
        std::copy(scratch.begin(), scratch.end(), group.begin());
    }

    void finished(std::size_t n) {
        const auto before = done_.fetch_add(n);
        if (options_.progress && (before >> 20) != ((before + n) >> 20)) options_.progress(before + n, total_);
    }

    const EvaluationOptions& options_;
    bool exhaustive_;
    std::uint64_t total_;
    std::atomic<std::uint64_t> done_{0};
    tbb::enumerable_thread_specific<std::unique_ptr<Strategy>> strategies_;
    tbb::enumerable_thread_specific<Tally> tallies_;
};

EvaluationResult run(const EvaluationOptions& options, std::vector<std::uint32_t>& secrets, bool exhaustive) {
    const auto start = std::chrono::steady_clock::now();
    const int threads = options.threads > 0 ? options.threads : static_cast<int>(tbb::info::default_concurrency());
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    options.strategy->make(options.params, options.seed);  // fail early on unsupported games
    Walker walker(options, exhaustive, secrets.size());
    std::vector<std::uint32_t> scratch(secrets.size());
    std::vector<TestRecord> history;
    walker.walk(secrets, scratch, history);
    auto r = walker.result();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}  // namespace

EvaluationResult evaluate_all(const EvaluationOptions& options) {
    const auto n = options.params.secret_count();
    if (n > UINT32_MAX) throw std::invalid_argument("more than 2^32 secrets");
    std::vector<std::uint32_t> secrets(n);
    std::iota(secrets.begin(), secrets.end(), 0u);
    return run(options, secrets, true);
}

EvaluationResult evaluate_secrets(const EvaluationOptions& options, std::vector<std::uint32_t> secrets) {
    std::sort(secrets.begin(), secrets.end());
    return run(options, secrets, false);
}

}  // namespace mastermind
