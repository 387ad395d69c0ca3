// Replays every transcript of docs/protocol.md against the judge: the solver's lines go in, and
// the judge's lines must come out byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "mastermind/batch/protocol.hpp"
#include "mastermind/judge/judge.hpp"
#include "mastermind/judge/transcript.hpp"
#include "mastermind/ordinary/protocol.hpp"
#include "scripted_channel.hpp"

namespace mastermind {
namespace {

std::string document_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(ProtocolDoc, EveryTranscriptReplaysByteForByte) {
    std::string error;
    const auto transcripts = read_transcripts(document_text(MASTERMIND_DOCS "/protocol.md"), error);
    EXPECT_EQ(error, "");
    ASSERT_GE(transcripts.size(), 10u);
    for (const auto& t : transcripts) {
        const auto config = judge_config_from_command(t.command, error);
        ASSERT_TRUE(config) << t.command << ": " << error;
        testing::ScriptedChannel channel(t.solver);
        run_judge(channel, *config);
        EXPECT_EQ(channel.written, t.judge) << t.command;
    }
}

TEST(Transcript, ReadsBlocksStrictly) {
    std::string error;
    auto t = read_transcripts(
        "text\n```transcript\n# mastermind judge --seed 3\njudge> 9 10 9 20\r\nsolver> challenge "
        "1\n```\n",
        error);
    EXPECT_EQ(error, "");
    ASSERT_EQ(t.size(), 1u);
    EXPECT_EQ(t[0].command, "mastermind judge --seed 3");
    EXPECT_EQ(t[0].judge, std::vector<std::string>{"9 10 9 20"});
    EXPECT_EQ(t[0].solver, std::vector<std::string>{"challenge 1"});
    EXPECT_TRUE(read_transcripts("```transcript\njudge> 1\nnonsense\n```\n", error).empty());
    EXPECT_NE(error.find("line 3"), std::string::npos) << error;
    EXPECT_TRUE(read_transcripts("```transcript\njudge> 1\n", error).empty());
    EXPECT_NE(error, "");
}

TEST(Transcript, ReadsJudgeCommandsBackIntoTheirGames) {
    std::string error;
    const auto batch = judge_config_from_command(
        "mastermind judge -P 4 -K 6 -B 2 -M 7 --rules adjacent --seed 5 --secret 0123", error);
    ASSERT_TRUE(batch) << error;
    EXPECT_EQ(batch->params, (BatchParams{4, 6, 2, 7, Rules::adjacent}));
    EXPECT_EQ(secret_text(*batch), "0123");
    const auto ordinary =
        judge_config_from_command("mastermind judge --game ordinary -P 5 -K 8 --seed 9", error);
    ASSERT_TRUE(ordinary) << error;
    EXPECT_EQ(ordinary->ordinary->pegs, 5);
    // The replay command a log records gives the logged game back.
    const auto logged = make_judge_config(BatchParams{}, std::nullopt, 77);
    const auto again = judge_config_from_command(replay_command(logged), error);
    ASSERT_TRUE(again) << replay_command(logged) << ": " << error;
    EXPECT_EQ(secret_text(*again), secret_text(logged));
    EXPECT_EQ(again->shuffle_seed, logged.shuffle_seed);
    // The same for a game without repeated colours: the rule is in the command.
    const OrdinaryParams bulls{Rules::classic, 4, 10, 10, true};
    const auto distinct = make_ordinary_judge_config(bulls, std::nullopt, 78);
    const auto replayed = judge_config_from_command(replay_command(distinct), error);
    ASSERT_TRUE(replayed) << replay_command(distinct) << ": " << error;
    EXPECT_EQ(*replayed->ordinary, bulls);
    EXPECT_EQ(replayed->ordinary_secret, distinct.ordinary_secret);
    const auto preset = judge_config_from_command("mastermind judge --game bulls-and-cows", error);
    ASSERT_TRUE(preset) << error;
    EXPECT_EQ(*preset->ordinary, bulls);
    for (const char* bad :
         {"", "mastermind", "mastermind solve", "mastermind judge -P", "mastermind judge -P x",
          "mastermind judge -P 99", "mastermind judge --game chess 1", "mastermind judge --frob 1",
          "mastermind judge --seed -1", "mastermind judge --secret 12",
          "mastermind judge --game ordinary -B 2", "mastermind judge --distinct",
          "mastermind judge --game bulls-and-cows --secret 1123",
          "mastermind judge --game ordinary -P 5 -K 4 --distinct"}) {
        EXPECT_FALSE(judge_config_from_command(bad, error)) << bad;
        EXPECT_NE(error, "") << bad;
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
    for (const char* bad :
         {"test 0123", "challenge 0123", "guess", "guess 01 23", "Guess 0123", ""}) {
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
    EXPECT_EQ(protocol::parse_ordinary_header("ordinary 4 10 10 classic distinct", p), "");
    EXPECT_EQ(p, (OrdinaryParams{Rules::classic, 4, 10, 10, true}));
    EXPECT_EQ(protocol::format_ordinary_header(p), "ordinary 4 10 10 classic distinct");
    for (const char* bad : {"ordinary 5 8 12", "ordinary 5 8 12 fancy", "ordinary 9 8 12 classic",
                            "ordinary 5 1 12 classic", "ordinary 5 8 0 classic", "5 8 12 classic",
                            "ordinary 4 10 10 classic unique", "ordinary 5 4 10 classic distinct",
                            "ordinary 4 10 10 classic distinct x"}) {
        EXPECT_NE(protocol::parse_ordinary_header(bad, p), "") << bad;
    }
    const OrdinaryParams classic{Rules::classic, 4, 6, 10};
    const OrdinaryParams adjacent{Rules::adjacent, 4, 6, 10};
    Score s;
    EXPECT_EQ(protocol::parse_score("1 2", classic, s), "");
    EXPECT_EQ(s, (Score{1, 0, 2}));
    EXPECT_EQ(protocol::parse_score("1 2 1", adjacent, s), "");
    EXPECT_EQ(s, (Score{1, 2, 1}));
    for (const char* bad : {"1 2 1", "3 1", "4 1", "-1 0", "01 0"})
        EXPECT_NE(protocol::parse_score(bad, classic, s), "") << bad;
    for (const char* bad : {"1 2", "3 1 0", "3 0 1", "2 2 1"})
        EXPECT_NE(protocol::parse_score(bad, adjacent, s), "") << bad;
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
