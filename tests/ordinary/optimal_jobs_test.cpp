// The exact search handed out as jobs (optimal_jobs.hpp) against the search in one piece: the
// same optimum and first guess however the jobs are interleaved, cut or resumed from a
// checkpoint, and a strategy that reaches it; checkpoints torn by a kill, or wrong, handled.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/optimal_jobs.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind {
namespace {

// The total, squares and longest game of `tree` over every code of the game.
std::tuple<std::uint64_t, std::uint64_t, int> replayed(const CodeSpace& space,
                                                       const DecisionTree& tree) {
    std::uint64_t total = 0, squares = 0;
    int worst = 0;
    for (std::uint32_t s = 0; s < space.size(); ++s) {
        std::int64_t node = 0;
        std::uint64_t d = 1;
        while (space.feedback(tree.nodes[static_cast<std::size_t>(node)].guess, s) != space.win()) {
            node = tree.child(static_cast<std::uint32_t>(node),
                              space.feedback(tree.nodes[static_cast<std::size_t>(node)].guess, s));
            if (node < 0) return {0, 0, -1};
            ++d;
        }
        total += d, squares += d * d;
        worst = std::max(worst, static_cast<int>(d));
    }
    return {total, squares, worst};
}

// The jobs run by `workers` simulated workers in an order drawn from `seed`: at each step a free
// worker takes a job, or a running job (drawn at random) ends; a job the coordinator says to cut
// is cut or, at random, finishes anyway (a cut that arrives too late). Each finished job is
// recorded in `checkpoint`, and the run stops after `stop_after` of them (as a kill would).
struct Simulation {
    int workers = 3;
    std::uint64_t seed = 1;
    std::size_t stop_after = SIZE_MAX;
    std::size_t ran = 0;
};

void simulate(const CodeSpace& space, OptimalJobs& jobs, Simulation& sim, std::ostream* checkpoint) {
    OptimalSearch worker(space);  // one search for every worker: tables are facts, shared or not
    std::mt19937_64 random(sim.seed);
    std::vector<OptimalJobs::Job> running;
    std::vector<bool> to_cut;
    while (!jobs.done() && sim.ran < sim.stop_after) {
        const bool can_take = static_cast<int>(running.size()) < sim.workers;
        std::optional<OptimalJobs::Job> job;
        if (can_take && (running.empty() || random() % 2 == 0)) job = jobs.next();
        if (job) {
            running.push_back(std::move(*job));
            to_cut.push_back(false);
            continue;
        }
        ASSERT_FALSE(running.empty()) << "no job running and none to start, yet not done";
        const std::size_t i = random() % running.size();
        const OptimalJobs::Job ending = std::move(running[i]);
        const bool cut = to_cut[i] && random() % 4 != 0;
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        to_cut.erase(to_cut.begin() + static_cast<std::ptrdiff_t>(i));
        if (cut) {
            jobs.cut(ending.id);
            continue;
        }
        const auto outcome = OptimalJobs::run(worker, ending);
        if (checkpoint) OptimalJobs::record(*checkpoint, space, ending, outcome);
        ++sim.ran;
        for (const auto id : jobs.finish(ending.id, outcome)) {
            for (std::size_t r = 0; r < running.size(); ++r) {
                if (running[r].id == id) to_cut[r] = true;
            }
        }
    }
}

struct Whole {
    bool possible = false;
    OptimalSearch::Optimum value;
    std::uint32_t first = 0;
};

Whole in_one_piece(const CodeSpace& space, int left) {
    OptimalSearch search(space);
    const auto all = all_codes(space);
    const auto optimum = search.solve({}, all, left);
    if (!optimum) return {};
    return {true, *optimum, search.move(all, left)->guess};
}

void expect_answer(const CodeSpace& space, const OptimalJobs& jobs, const Whole& want,
                   const std::string& what) {
    ASSERT_TRUE(jobs.done()) << what;
    const auto answer = jobs.answer();
    ASSERT_EQ(answer.has_value(), want.possible) << what;
    if (!answer) return;
    EXPECT_EQ(answer->value.total, want.value.total) << what;
    EXPECT_EQ(answer->value.squares, want.value.squares) << what;
    EXPECT_EQ(answer->first, want.first) << what;
    const auto [total, squares, worst] = replayed(space, answer->tree);
    EXPECT_EQ(total, want.value.total) << what << ": the strategy replayed";
    EXPECT_EQ(squares, want.value.squares) << what << ": the strategy replayed";
    EXPECT_EQ(worst, answer->depth) << what;
}

TEST(OptimalJobs, EqualTheSearchInOnePieceHoweverTheJobsInterleave) {
    const int seeds = test_support::kSanitized ? 2 : 6;
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (const auto& [p, k] : {std::pair{3, 4}, std::pair{4, 4}, std::pair{3, 6}}) {
            const CodeSpace space(rules, p, k);
            // No limit, one that binds or not, one no strategy meets.
            for (int left : {OptimalSearch::kUnbounded, 5, 4, 3}) {
                const auto want = in_one_piece(space, left);
                for (int seed = 1; seed <= seeds; ++seed) {
                    for (int workers : {1, 2, 5}) {
                        OptimalSearch lister(space);
                        OptimalJobs jobs(space, lister, left);
                        Simulation sim{workers, static_cast<std::uint64_t>(seed)};
                        simulate(space, jobs, sim, nullptr);
                        expect_answer(space, jobs, want,
                                      fmt::format("{} {}x{} within {}, seed {}, {} workers",
                                                  to_string(rules), p, k, left, seed, workers));
                    }
                }
            }
        }
    }
}

TEST(OptimalJobs, AGivenFirstGuessAndALimitNoStrategyMeets) {
    const CodeSpace space(Rules::classic, 4, 4);
    OptimalSearch lister(space);
    // 0123 first: then the search's optimum with that first guess.
    OptimalJobs given(space, lister, OptimalSearch::kUnbounded, *space.parse("0123"));
    Simulation sim{2, 1};
    simulate(space, given, sim, nullptr);
    ASSERT_TRUE(given.answer());
    EXPECT_EQ(given.answer()->first, *space.parse("0123"));
    OptimalSearch check(space);
    std::vector<std::uint32_t> all = all_codes(space);
    std::uint64_t total = 1;  // 0123 itself
    for (std::uint32_t fb = 0; fb < space.feedback_slots(); ++fb) {
        std::vector<std::uint32_t> part;
        for (auto s : all) {
            if (space.feedback(*space.parse("0123"), s) == fb && fb != space.win()) part.push_back(s);
        }
        if (part.empty()) continue;
        const Guess h[] = {{*space.parse("0123"), fb}};
        total += check.solve(h, part, OptimalSearch::kUnbounded)->total + part.size();
    }
    EXPECT_EQ(given.answer()->value.total, total);
    // Within 2 guesses no strategy finds 256 secrets.
    OptimalJobs impossible(space, lister, 2);
    Simulation again{2, 1};
    simulate(space, impossible, again, nullptr);
    EXPECT_TRUE(impossible.done());
    EXPECT_FALSE(impossible.answer());
}

TEST(OptimalJobs, ResumeFromACheckpointKilledAnywhere) {
    const CodeSpace space(Rules::classic, 4, 4);
    const auto want = in_one_piece(space, OptimalSearch::kUnbounded);
    // The whole run's checkpoint, to count its jobs.
    std::ostringstream whole;
    {
        OptimalSearch lister(space);
        OptimalJobs jobs(space, lister, OptimalSearch::kUnbounded);
        whole << jobs.header() << '\n';
        Simulation sim{1, 1};
        simulate(space, jobs, sim, &whole);
        expect_answer(space, jobs, want, "the whole run");
    }
    const std::string full = whole.str();
    std::size_t records = 0;  // every record starts a line with "part "
    for (auto at = full.find("\npart "); at != std::string::npos; at = full.find("\npart ", at + 1))
        ++records;
    ASSERT_GT(records, 3u);
    // Killed after a few jobs, with the last record torn at several places.
    for (std::size_t kept : {std::size_t{1}, std::size_t{3}}) {
        std::ostringstream first_run;
        OptimalSearch lister(space);
        {
            OptimalJobs jobs(space, lister, OptimalSearch::kUnbounded);
            first_run << jobs.header() << '\n';
            Simulation sim{1, 1, kept};  // one worker: the whole run's first jobs
            simulate(space, jobs, sim, &first_run);
        }
        const std::string text = first_run.str();
        for (std::size_t cut : {std::size_t{0}, std::size_t{1}, std::size_t{9}}) {
            // The record being written when the run was killed: a prefix of a real record.
            std::ostringstream next;
            {
                OptimalJobs jobs(space, lister, OptimalSearch::kUnbounded);
                std::istringstream in(text);
                jobs.resume(in, "first");
                auto job = jobs.next();
                ASSERT_TRUE(job);
                OptimalJobs::record(next, space, *job, OptimalJobs::run(lister, *job));
            }
            const std::string torn = next.str().substr(0, std::min(cut + 5, next.str().size() - 1));
            OptimalJobs jobs(space, lister, OptimalSearch::kUnbounded);
            std::istringstream in(text + torn);
            const auto resumed = jobs.resume(in, "checkpoint");
            EXPECT_EQ(resumed.records, kept);
            EXPECT_EQ(resumed.torn, 1u);
            EXPECT_EQ(resumed.good_bytes, text.size());
            Simulation rest{1, 1};
            simulate(space, jobs, rest, nullptr);
            expect_answer(space, jobs, want, fmt::format("resumed after {} jobs", kept));
            // Only the jobs the checkpoint did not hold were run again.
            EXPECT_EQ(jobs.finished(), records - kept);
        }
    }
    // A whole checkpoint: nothing left to search.
    OptimalSearch lister(space);
    OptimalJobs done(space, lister, OptimalSearch::kUnbounded);
    std::istringstream in(full);
    const auto resumed = done.resume(in, "whole");
    EXPECT_EQ(resumed.torn, 0u);
    EXPECT_EQ(resumed.good_bytes, full.size());
    EXPECT_TRUE(done.done());
    EXPECT_FALSE(done.next());
    expect_answer(space, done, want, "from the whole checkpoint");
}

TEST(OptimalJobs, RefusesACheckpointOfAnotherGameOrWithAWrongValue) {
    const CodeSpace space(Rules::classic, 4, 4);
    OptimalSearch lister(space);
    OptimalJobs jobs(space, lister, OptimalSearch::kUnbounded);
    auto refused = [&](const std::string& text, const std::string& why) {
        OptimalJobs fresh(space, lister, OptimalSearch::kUnbounded);
        std::istringstream in(text);
        try {
            fresh.resume(in, "cp");
            ADD_FAILURE() << "accepted: " << text.substr(0, 200);
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what() << " (wanted: " << why << ")";
        }
    };
    refused("mastermind-optimal-jobs 1 adjacent 4 4\n", "cp:1: expected the header");
    refused("hello\n", "cp:1: expected the header");
    const auto job = jobs.next();
    ASSERT_TRUE(job);
    std::ostringstream record;
    const auto outcome = OptimalJobs::run(lister, *job);
    ASSERT_TRUE(outcome.result.exact);
    OptimalJobs::record(record, space, *job, outcome);
    const std::string good = jobs.header() + "\n" + record.str();
    {
        OptimalJobs fresh(space, lister, OptimalSearch::kUnbounded);
        std::istringstream in(good);
        EXPECT_EQ(fresh.resume(in, "cp").records, 1u);
    }
    // The same record claiming one guess fewer than its strategy takes.
    std::string lie = good;
    const auto at = lie.find(" exact ") + 7;
    const auto end = lie.find(' ', at);
    const auto total = std::stoull(lie.substr(at, end - at));
    lie.replace(at, end - at, std::to_string(total - 1));
    refused(lie, "cp:2: its strategy totals");
    // A tail without its newline is cut off only when it is the start of a record.
    refused(good + "pzrt", ": expected a record");
    refused(good + "part 0123 xyz+/", ": expected a record");
    refused("precious notes, no newline", "cp:1: expected the header");
    {
        OptimalJobs fresh(space, lister, OptimalSearch::kUnbounded);
        std::istringstream in(good + "part 01");
        const auto resumed = fresh.resume(in, "cp");
        EXPECT_EQ(resumed.torn, 1u);
        EXPECT_EQ(resumed.good_bytes, good.size());
    }
    // Two records of one part that contradict each other; the same record twice counts once.
    const std::string part_line = record.str().substr(0, record.str().find('\n'));
    std::istringstream fields(part_line.substr(part_line.find(" exact ") + 7));
    std::uint64_t exact_total = 0, exact_squares = 0;
    fields >> exact_total >> exact_squares;
    const std::string bound_line =
        part_line.substr(0, part_line.find(" exact ")) +
        fmt::format(" at-least {} {}\n", exact_total + 1, exact_squares);
    refused(good + bound_line, "contradicts an earlier record");
    {
        OptimalJobs fresh(space, lister, OptimalSearch::kUnbounded);
        std::istringstream in(good + record.str());
        EXPECT_EQ(fresh.resume(in, "cp").records, 1u);
    }
    refused(jobs.header() + "\npart 0123 9 9 255 exact 1 1 1 2\n", "answer '9' is not a peg count");
    refused(jobs.header() + "\npart 0123 1 0 255 maybe 1 1\n", "expected 'exact");
    refused(jobs.header() + "\npart 0123 4 0 255 at-least 1 1\n", "no secret gives that answer");
}

}  // namespace
}  // namespace mastermind
