#include "mastermind/ordinary/evaluation.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "mastermind/core/hash.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/engine/tree_walk.hpp"
#include "mastermind/ordinary/consistent_set.hpp"

namespace mastermind {

namespace {

// Groups at least this large are split in parallel, subtree by subtree.
constexpr std::size_t kParallelSet = 512;

// Each thread's codebreaker, told the game's guess limit (which `optimal` plans for).
std::unique_ptr<Codebreaker> make_breaker(const CodeSpace& space,
                                          const OrdinaryEvaluationOptions& options) {
    CodebreakerOptions o = options.codebreaker_options;
    o.max_guesses = options.max_guesses;
    o.threads = options.threads;  // the evaluation's threads (0: every core) for `optimal`'s search
    if (!o.budget.limited()) o.budget = options.budget;
    return options.codebreaker->make(space, o);
}

// The decision tree of the walk, built by the threads that walk it: a node's children are added
// by the task of that node, under a lock (the walk spends its time in the codebreaker).
class TreeRecorder {
  public:
    explicit TreeRecorder(const CodeSpace& space) {
        tree_.rules = space.rules();
        tree_.pegs = space.pegs();
        tree_.colours = space.colours();
        tree_.distinct = space.distinct();
        tree_.nodes.emplace_back();
    }
    void set_guess(std::uint32_t node, std::uint32_t guess) {
        const std::lock_guard lock(mutex_);
        tree_.nodes[node].guess = guess;
    }
    std::uint32_t add_child(std::uint32_t node, std::uint32_t feedback) {
        const std::lock_guard lock(mutex_);
        const auto child = static_cast<std::uint32_t>(tree_.nodes.size());
        tree_.nodes.emplace_back();
        tree_.nodes[node].children.emplace_back(feedback, child);
        return child;
    }
    DecisionTree take() { return std::move(tree_); }

  private:
    std::mutex mutex_;
    DecisionTree tree_;
};

class OrdinaryWalker {
  public:
    OrdinaryWalker(const CodeSpace& space, const OrdinaryEvaluationOptions& options)
        : space_(space),
          options_(options),
          tree_([&] { return make_breaker(space, options); }, options.examples, space.size(),
                options.progress) {
        if (options.record_tree) recorder_ = std::make_unique<TreeRecorder>(space);
    }

    void walk(std::span<const std::uint32_t> set, std::vector<Guess>& history, std::uint32_t node) {
        auto& tally = tree_.tally();
        const int depth = static_cast<int>(history.size());
        if (depth >= options_.max_guesses) {
            tree_.fail_all(set, fmt::format("not found in {}",
                                            count_of(static_cast<std::uint64_t>(depth), "guess")));
            return;
        }
        options_.budget.check("the evaluation");
        tally.node();
        std::uint32_t guess = 0;
        try {
            guess = tree_.player().next(OrdinaryPosition{space_, history, set});
        } catch (const std::exception& e) {
            // The run's budget ends the run; anything else (a codebreaker's own budget
            // included) fails the games below.
            if (options_.budget.exhausted()) throw;
            tree_.fail_all(set,
                           fmt::format("codebreaker error after {} guesses: {}", depth, e.what()));
            return;
        }
        if (guess >= space_.size()) {
            tree_.fail_all(set, fmt::format("guess {} is not a code", guess));
            return;
        }
        if (depth == 0) first_guess_ = guess;
        // The move as a number: the set it was played for (least code and size), depth, guess.
        tally.move(mix64(mix64(std::uint64_t{set.front()} << 32 ^ set.size()) ^
                         std::uint64_t(depth) << 48 ^ guess));
        const auto parts = split_by_feedback(space_, set, guess);
        std::vector<std::uint32_t> children(parts.feedback.size(), 0);
        if (recorder_) {
            recorder_->set_guess(node, guess);
            for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
                if (parts.feedback[i] != space_.win())
                    children[i] = recorder_->add_child(node, parts.feedback[i]);
            }
        }
        auto visit = [&](std::size_t i, std::vector<Guess>& h) {
            if (parts.feedback[i] == space_.win()) {
                tree_.tally().win(guess, depth + 1);
                tree_.finished(1);
                return;
            }
            h.push_back({guess, parts.feedback[i]});
            walk(parts.part(i), h, children[i]);
            h.pop_back();
        };
        // A task of its own copies the history.
        TreeWalk<Codebreaker>::visit_parts(parts.feedback.size(), set.size() >= kParallelSet,
                                           [&](std::size_t i, bool own_task) {
                                               if (!own_task) return visit(i, history);
                                               std::vector<Guess> h = history;
                                               visit(i, h);
                                           });
    }

    Tally merged() const { return tree_.merged(); }
    std::optional<std::uint32_t> first_guess() const { return first_guess_; }
    std::shared_ptr<DecisionTree> tree() {
        if (!recorder_) return nullptr;
        auto tree = std::make_shared<DecisionTree>(recorder_->take());
        // Children in answer order, whatever order the threads added them in.
        for (auto& n : tree->nodes) std::sort(n.children.begin(), n.children.end());
        return tree;
    }

  private:
    const CodeSpace& space_;
    const OrdinaryEvaluationOptions& options_;
    TreeWalk<Codebreaker> tree_;
    std::unique_ptr<TreeRecorder> recorder_;    // with record_tree
    std::optional<std::uint32_t> first_guess_;  // none when the codebreaker failed at the start
};

OrdinaryEvaluation finish(const CodeSpace& space, const Tally& all,
                          std::chrono::steady_clock::time_point start) {
    OrdinaryEvaluation r;
    static_cast<Report&>(r) = all.report(
        [&](std::uint64_t code) { return space.to_string(static_cast<std::uint32_t>(code)); });
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::unique_ptr<tbb::global_control> limit_threads(int threads) {
    const auto n = threads > 0 ? static_cast<std::size_t>(threads)
                               : static_cast<std::size_t>(tbb::info::default_concurrency());
    return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, n);
}

}  // namespace

PlayedGame play_ordinary_game(const CodeSpace& space, Codebreaker& breaker, std::uint32_t secret,
                              int max_guesses) {
    PlayedGame game;
    std::vector<std::uint32_t> set = all_codes(space);
    while (static_cast<int>(game.guesses.size()) < max_guesses) {
        std::uint32_t guess = 0;
        try {
            guess = breaker.next(OrdinaryPosition{space, game.guesses, set});
        } catch (const std::exception& e) {
            game.error = e.what();
            return game;
        }
        if (guess >= space.size()) {
            game.error = fmt::format("guess {} is not a code", guess);
            return game;
        }
        const auto feedback = space.feedback(guess, secret);
        game.guesses.push_back({guess, feedback});
        if (feedback == space.win()) {
            game.won = true;
            return game;
        }
        set = narrow(space, set, guess, feedback);
    }
    return game;
}

OrdinaryEvaluation evaluate_ordinary_all(const CodeSpace& space,
                                         const OrdinaryEvaluationOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const auto limit = limit_threads(options.threads);
    OrdinaryWalker walker(space, options);
    const auto codes = all_codes(space);
    std::vector<Guess> history;
    walker.walk(codes, history, 0);
    auto r = finish(space, walker.merged(), start);
    if (const auto first = walker.first_guess()) r.first_guess = space.to_string(*first);
    r.tree = walker.tree();
    return r;
}

OrdinaryEvaluation evaluate_ordinary_games(const CodeSpace& space,
                                           const OrdinaryEvaluationOptions& options,
                                           const std::vector<std::uint32_t>& secrets) {
    const auto start = std::chrono::steady_clock::now();
    const auto limit = limit_threads(options.threads);
    // One game per secret, as real play runs it: no tree to split, the same bookkeeping.
    TreeWalk<Codebreaker> games([&] { return make_breaker(space, options); }, options.examples,
                                secrets.size(), options.progress);
    // The games' first guess, as the tree walk reports it: the one every game opened with (a
    // codebreaker asked with no history answers alike; "varies" if one did not).
    std::mutex first_mutex;
    std::optional<std::uint32_t> first;
    bool first_varies = false;
    tbb::parallel_for(std::size_t{0}, secrets.size(), [&](std::size_t i) {
        options.budget.check("the evaluation");
        auto& tally = games.tally();
        const auto game =
            play_ordinary_game(space, games.player(), secrets[i], options.max_guesses);
        if (!game.guesses.empty()) {
            const std::lock_guard lock(first_mutex);
            if (!first) first = game.guesses.front().code;
            first_varies = first_varies || *first != game.guesses.front().code;
        }
        tally.node(game.guesses.size());
        if (game.won)
            tally.win(secrets[i], static_cast<int>(game.guesses.size()));
        else
            tally.fail(secrets[i], game.error.empty()
                                       ? fmt::format("not found in {}",
                                                     count_of(static_cast<std::uint64_t>(
                                                                  options.max_guesses),
                                                              "guess"))
                                       : game.error);
        games.finished(1);
    });
    const Tally all = games.merged();
    auto r = finish(space, all, start);
    if (first) r.first_guess = first_varies ? "varies" : space.to_string(*first);
    return r;
}

}  // namespace mastermind
