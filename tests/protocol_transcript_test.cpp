// Replays every transcript of docs/protocol.md against the judge: the solver's lines go in, and
// the judge's lines must come out byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mastermind/judge.hpp"
#include "mastermind/protocol.hpp"
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
    std::string word, secret;
    BatchParams params;
    std::uint64_t seed = 0;
    while (words >> word) {
        if (word == "-P") words >> params.pegs;
        else if (word == "-K") words >> params.colours;
        else if (word == "-B") words >> params.batch;
        else if (word == "-M") words >> params.max_tests;
        else if (word == "--secret") words >> secret;
        else if (word == "--seed") words >> seed;
    }
    return make_judge_config(params, PackedCode::parse(secret, params), seed);
}

TEST(ProtocolDoc, EveryTranscriptReplaysByteForByte) {
    const auto transcripts = transcripts_in(MASTERMIND_DOCS "/protocol.md");
    ASSERT_GE(transcripts.size(), 5u);
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
