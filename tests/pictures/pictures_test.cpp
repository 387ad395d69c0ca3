// The pictures as a library: escaping, what a judge log and a report are read into, and the
// limits of a tree picture. The CLI test (tests/cli/pictures_cli_test.sh) checks whole files.
#include "mastermind/pictures/pictures.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sstream>

#include "mastermind/pictures/svg.hpp"

namespace mastermind {
namespace {

TEST(Svg, TextAndAttributesAreEscaped) {
    EXPECT_EQ(svg::escape(R"(<a href="x">&'</a>)"),
              "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
    svg::Document doc(10, 10, "a < b");
    doc.text(1, 1, "x & y");
    const std::string out = doc.finish();
    EXPECT_NE(out.find("<title>a &lt; b</title>"), std::string::npos);
    EXPECT_NE(out.find(">x &amp; y</text>"), std::string::npos);
    EXPECT_EQ(out.substr(out.size() - 7), "</svg>\n");
}

TEST(Pictures, AJudgeLogIsReadIntoItsMoves) {
    std::istringstream log(
        R"({"event":"start","game":"ordinary","rules":"adjacent","pegs":4,"colours":6,"max_guesses":10,"secret":"3204"})"
        "\n"
        R"({"event":"guess","guess":1,"code":"0011","black":0,"grey":1,"white":0})"
        "\n"
        R"({"event":"guess","guess":2,"code":"3204","black":4,"grey":0,"white":0})"
        "\n"
        R"({"event":"verdict","verdict":"Accepted","tests":2,"detail":""})"
        "\n");
    const auto game = read_judge_log(log, "log");
    EXPECT_TRUE(game.ordinary);
    EXPECT_EQ(game.rules, Rules::adjacent);
    ASSERT_EQ(game.moves.size(), 2u);
    EXPECT_EQ(game.moves[0].codes.front(), "0011");
    EXPECT_EQ(game.moves[0].answers.front(), (Score{0, 1, 0}));
    EXPECT_EQ(game.verdict, "Accepted");
    const std::string svg = game_svg(game);
    EXPECT_NE(svg.find(">0 black, 1 grey, 0 white<"), std::string::npos);
    EXPECT_NE(svg.find(">2 guesses, verdict: Accepted<"), std::string::npos);
}

TEST(Pictures, WhatIsNotALogIsRefusedWithItsLine) {
    std::istringstream not_json("{\"event\":\"start\"}\nnot json\n");
    try {
        read_judge_log(not_json, "f.jsonl");
        FAIL() << "accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("f.jsonl:1:"), std::string::npos)
            << e.what();  // start lacks fields
    }
    std::istringstream no_start("{\"event\":\"guess\"}\n");
    EXPECT_THROW(read_judge_log(no_start, "g"), std::runtime_error);
    std::istringstream report("{\"histogram\":[0,1,2]}");
    EXPECT_THROW(read_evaluation_json(report, "r"), std::runtime_error);  // no games, total, game
}

TEST(Pictures, AHistogramHoldsEveryCount) {
    HistogramRecord h{"title", "guesses", {0, 1, 6, 62, 533, 694}, 1296, 5801, 5};
    const std::string svg = histogram_svg(h);
    for (auto n : h.counts) EXPECT_NE(svg.find(fmt::format(">{}<", n)), std::string::npos) << n;
    EXPECT_NE(svg.find("mean 4.4761"), std::string::npos);
}

TEST(Pictures, ATreeTooLargeToReadIsRefused) {
    DecisionTree tree;
    tree.pegs = 2, tree.colours = 2;
    tree.nodes.resize(5);
    EXPECT_NO_THROW(tree_dot(tree, 5));
    EXPECT_THROW(tree_dot(tree, 4), std::invalid_argument);
}

}  // namespace
}  // namespace mastermind
