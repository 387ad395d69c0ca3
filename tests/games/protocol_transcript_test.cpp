// Replays every transcript of docs/protocol.md against the judge: the solver's lines go in, and
// the judge's lines must come out byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "mastermind/games/judge.hpp"
#include "mastermind/games/protocol.hpp"
#include "scripted_channel.hpp"

namespace mastermind {
namespace {

struct Transcript {
    std::string command;
    std::vector<std::string> judge, solver;
};

std::vector<Transcript> transcripts_in(const std::string& path) {
    std::ifstream in(path);
    std::vector<Transcript> out;
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line == "```transcript") {
            inside = true;
            out.emplace_back();
        } else if (inside && line == "```") {
            inside = false;
        } else if (inside && line.starts_with("# ")) {
            out.back().command = line.substr(2);
        } else if (inside && line.starts_with("judge> ")) {
            out.back().judge.push_back(line.substr(7));
        } else if (inside && line.starts_with("solver> ")) {
            out.back().solver.push_back(line.substr(8));
        } else if (inside) {
            ADD_FAILURE() << "unexpected transcript line: " << line;
        }
    }
    return out;
}

// The options of a "mastermind judge ..." line that matter for the replay.
JudgeConfig config_from(const std::string& command) {
    std::istringstream words(command);
    std::string word, secret, game = "batch", rules = "classic";
    BatchParams params;
    OrdinaryParams ordinary;
    std::optional<int> pegs, colours, limit;
    std::uint64_t seed = 0;
    while (words >> word) {
        if (word == "-P") words >> pegs.emplace();
        else if (word == "-K") words >> colours.emplace();
        else if (word == "-B") words >> params.batch;
        else if (word == "-M") words >> limit.emplace();
        else if (word == "--secret") words >> secret;
        else if (word == "--seed") words >> seed;
        else if (word == "--game") words >> game;
        else if (word == "--rules") words >> rules;
    }
    if (game == "ordinary") {
        ordinary.rules = *parse_rules(rules);
        ordinary.pegs = pegs.value_or(ordinary.pegs);
        ordinary.colours = colours.value_or(ordinary.colours);
        ordinary.max_guesses = limit.value_or(ordinary.max_guesses);
        return make_ordinary_judge_config(ordinary, parse_game_code(secret, ordinary.pegs, ordinary.colours), seed);
    }
    params.rules = *parse_rules(rules);
    params.pegs = pegs.value_or(params.pegs);
    params.colours = colours.value_or(params.colours);
    params.max_tests = limit.value_or(params.max_tests);
    return make_judge_config(params, PackedCode::parse(secret, params), seed);
}

TEST(ProtocolDoc, EveryTranscriptReplaysByteForByte) {
    const auto transcripts = transcripts_in(MASTERMIND_DOCS "/protocol.md");
    ASSERT_GE(transcripts.size(), 10u);
    for (const auto& t : transcripts) {
        ASSERT_TRUE(t.command.starts_with("mastermind judge")) << t.command;
        testing::ScriptedChannel channel(t.solver);
        run_judge(channel, config_from(t.command));
        EXPECT_EQ(channel.written, t.judge) << t.command;
    }
}

TEST(Protocol, ParsesSolverLinesStrictly) {
    using Kind = protocol::SolverMessage::Kind;
    EXPECT_EQ(protocol::parse_solver_line("test 01 23").kind, Kind::test);
    EXPECT_EQ(protocol::parse_solver_line("test 01 23\r").strings.back(), "23");
    EXPECT_EQ(protocol::parse_solver_line("challenge 0123").kind, Kind::challenge);
    for (const char* bad : {"", " test 01", "test 01 ", "test  01", "test", "challenge",
                            "challenge 01 23", "TEST 01", "test\t01", "guess 01"}) {
        const auto m = protocol::parse_solver_line(bad);
        EXPECT_EQ(m.kind, Kind::invalid) << bad;
        EXPECT_FALSE(m.error.empty()) << bad;
    }
    EXPECT_NE(protocol::parse_solver_line(std::string("test 0\0001", 8)).error.find("byte 0x00"),
              std::string::npos);
    // The ordinary game takes 'guess CODE' and nothing else.
    EXPECT_EQ(protocol::parse_solver_line("guess 0123", true).kind, Kind::guess);
    for (const char* bad : {"test 0123", "challenge 0123", "guess", "guess 01 23", "Guess 0123", ""}) {
        EXPECT_EQ(protocol::parse_solver_line(bad, true).kind, Kind::invalid) << bad;
    }
}

TEST(Protocol, BatchGameUnderAdjacentRules) {
    BatchParams p;
    EXPECT_EQ(protocol::parse_header("4 6 2 20 adjacent", p), "");
    EXPECT_EQ(p.rules, Rules::adjacent);
    EXPECT_EQ(protocol::format_header(p), "4 6 2 20 adjacent");
    EXPECT_NE(protocol::parse_header("4 6 2 20 classic", p), "");
    EXPECT_EQ(protocol::parse_header("4 6 2 20", p), "");
    EXPECT_EQ(p.rules, Rules::classic);
    const BatchParams adjacent{4, 6, 2, 20, Rules::adjacent};
    std::vector<HitBlow> answers;
    EXPECT_EQ(protocol::parse_answers("1 2 1 0 0 0", adjacent, answers), "");
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(answers[0], (HitBlow{1, 1, 2}));  // hit = black, blow = white, grey
    EXPECT_EQ(protocol::format_answers(answers, Rules::adjacent), "1 2 1 0 0 0");
    for (const char* bad : {"1 2 1 0 0", "1 2 1 0", "3 0 1 0 0 0", "2 2 1 0 0 0"}) {
        EXPECT_NE(protocol::parse_answers(bad, adjacent, answers), "") << bad;
    }
}

TEST(Protocol, ReadsOrdinaryHeadersAndScoresOnlyWhenPossible) {
    OrdinaryParams p;
    EXPECT_EQ(protocol::parse_ordinary_header("ordinary 5 8 12 adjacent", p), "");
    EXPECT_EQ(p, (OrdinaryParams{Rules::adjacent, 5, 8, 12}));
    EXPECT_EQ(protocol::format_ordinary_header(p), "ordinary 5 8 12 adjacent");
    for (const char* bad : {"ordinary 5 8 12", "ordinary 5 8 12 fancy", "ordinary 9 8 12 classic", "ordinary 5 1 12 classic",
                            "ordinary 5 8 0 classic", "5 8 12 classic"}) {
        EXPECT_NE(protocol::parse_ordinary_header(bad, p), "") << bad;
    }
    const OrdinaryParams classic{Rules::classic, 4, 6, 10};
    const OrdinaryParams adjacent{Rules::adjacent, 4, 6, 10};
    Score s;
    EXPECT_EQ(protocol::parse_score("1 2", classic, s), "");
    EXPECT_EQ(s, (Score{1, 0, 2}));
    EXPECT_EQ(protocol::parse_score("1 2 1", adjacent, s), "");
    EXPECT_EQ(s, (Score{1, 2, 1}));
    for (const char* bad : {"1 2 1", "3 1", "4 1", "-1 0", "01 0"}) EXPECT_NE(protocol::parse_score(bad, classic, s), "") << bad;
    for (const char* bad : {"1 2", "3 1 0", "3 0 1", "2 2 1"}) EXPECT_NE(protocol::parse_score(bad, adjacent, s), "") << bad;
}

TEST(Protocol, ReadsAnswersAndHeadersOnlyWhenPossible) {
    const BatchParams p{4, 6, 2, 20};
    std::vector<HitBlow> answers;
    EXPECT_EQ(protocol::parse_answers("4 0 1 2", p, answers), "");
    EXPECT_EQ(answers.size(), 2u);
    EXPECT_NE(protocol::parse_answers("4 0 1", p, answers), "");
    EXPECT_NE(protocol::parse_answers("3 1 0 0", p, answers), "");   // 3 hits and 1 blow cannot be
    EXPECT_NE(protocol::parse_answers("2 3 0 0", p, answers), "");   // more than 4 pegs
    EXPECT_NE(protocol::parse_answers("01 0 0 0", p, answers), "");  // leading zero
    EXPECT_NE(protocol::parse_answers("-1 0 0 0", p, answers), "");
    BatchParams h;
    EXPECT_EQ(protocol::parse_header("9 10 9 20", h), "");
    EXPECT_EQ(h, BatchParams{});
    EXPECT_NE(protocol::parse_header("9 10 9", h), "");
    EXPECT_NE(protocol::parse_header("13 10 9 20", h), "");
    EXPECT_NE(protocol::parse_header("9 x 9 20", h), "");
}

}  // namespace
}  // namespace mastermind
