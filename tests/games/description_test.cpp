// The one description of a game every front end asks: defaults filled in, each bad value refused
// with its field named as the front end names it, and the players of the game agreeing with the
// registries' own refusals.
#include <gtest/gtest.h>

#include "mastermind/batch/strategy.hpp"
#include "mastermind/games/description.hpp"
#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind {
namespace {

GameDescription described(const GameRequest& r) {
    std::string why;
    const auto d = GameDescription::make(r, why);
    EXPECT_TRUE(d) << why;
    EXPECT_EQ(why, "");
    return d ? *d : GameDescription{};
}

std::string refused(const GameRequest& r, const GameFieldNames& names = {}) {
    std::string why;
    EXPECT_FALSE(GameDescription::make(r, why, names));
    return why;
}

TEST(GameDescription, FillsInEachGamesDefaults) {
    const auto batch = described({});
    EXPECT_FALSE(batch.ordinary());
    EXPECT_EQ(batch.batch_params(), BatchParams{});
    EXPECT_EQ(batch.secrets(), 1'000'000'000u);
    EXPECT_EQ(batch.summary(), "batch 9/10/9, 20 tests, classic rules");
    const auto ordinary = described({"ordinary", "adjacent", 5, std::nullopt, std::nullopt, 12});
    EXPECT_TRUE(ordinary.ordinary());
    EXPECT_EQ(ordinary.rules(), Rules::adjacent);
    EXPECT_EQ(ordinary.ordinary_params().pegs, 5);
    EXPECT_EQ(ordinary.ordinary_params().colours, 6);
    EXPECT_EQ(ordinary.secrets(), 7776u);
    EXPECT_EQ(ordinary.summary(), "ordinary 5x6, 12 guesses, adjacent rules");
    EXPECT_EQ(described({"ordinary", "classic", std::nullopt, std::nullopt, 1, std::nullopt})
                  .ordinary_params()
                  .pegs,
              4);
}

TEST(GameDescription, RefusesEachBadValueNamingItsField) {
    EXPECT_EQ(refused({"chess"}), "game 'chess' is not batch, ordinary or bulls-and-cows");
    EXPECT_EQ(refused({"batch", "other"}), "rules 'other' are not classic or adjacent");
    const GameFieldNames options{
        "--game",  "--rules",          "--pegs (-P)",       "--colours (-K)",
        "--batch", "--max-tests (-M)", "--max-guesses (-M)"};
    EXPECT_EQ(refused({"ordinary", "classic", 9}, options),
              "--pegs (-P): the ordinary game has 1 to 8 pegs, got 9");
    EXPECT_EQ(refused({"ordinary", "classic", 9}),
              "pegs: the ordinary game has 1 to 8 pegs, got 9");
    EXPECT_EQ(
        refused({"ordinary", "classic", std::nullopt, std::nullopt, std::nullopt, 500}, options),
        "--max-guesses (-M): the ordinary game allows 1 to 100 guesses, got 500");
    EXPECT_EQ(refused({"ordinary", "classic", std::nullopt, std::nullopt, 3}),
              "the ordinary game has one guess a turn (got batch 3)");
    EXPECT_NE(refused({"batch", "classic", 2, 2, 5}), "");  // more strings than codes
    EXPECT_EQ(refused({"batch", "classic", 0}), "pegs: the batch game has 1 to 12 pegs, got 0");
    EXPECT_EQ(refused({"batch", "classic", 4, 6, 2000}, options),
              "--batch: the batch game has 1 to 16 strings a test, got 2000");
    EXPECT_EQ(refused({"batch", "classic", std::nullopt, 17}, options),
              "--colours (-K): the batch game has 2 to 16 colours, got 17");
    EXPECT_EQ(
        refused({"batch", "classic", std::nullopt, std::nullopt, std::nullopt, 1001}, options),
        "--max-tests (-M): the batch game has 1 to 1000 tests, got 1001");
    EXPECT_NE(refused({"ordinary", "classic", std::nullopt, 1}), "");  // one colour
    EXPECT_NE(refused({"batch", "classic", std::nullopt, std::nullopt, std::nullopt, 0}), "");
}

TEST(GameDescription, ItsPlayersAgreeWithTheRegistries) {
    for (const GameRequest& r : {GameRequest{}, GameRequest{"batch", "adjacent", 4, 6, 2, 5},
                                 GameRequest{"batch", "classic", 12, 16, 16, 20}}) {
        const auto d = described(r);
        const auto players = d.players();
        ASSERT_EQ(players.size(), all_strategies().size());
        for (const auto& p : players) {
            EXPECT_EQ(p.refuses, strategy_refuses(*find_strategy(p.name), d.batch_params()))
                << p.name;
        }
    }
    for (const GameRequest& r : {GameRequest{"ordinary"}, GameRequest{"ordinary", "classic", 5, 8},
                                 GameRequest{"ordinary", "classic", 8, 16}}) {
        const auto d = described(r);
        const auto& p = d.ordinary_params();
        const auto players = d.players();
        ASSERT_EQ(players.size(), all_codebreakers().size());
        for (const auto& fit : players) {
            const auto& info = *find_codebreaker(fit.name);
            EXPECT_EQ(fit.refuses, codebreaker_refuses(info, p.shape())) << fit.name;
            if (fit.refuses.empty())
                EXPECT_EQ(fit.refuses_hints, codebreaker_refuses_hints(info, p.code_count()))
                    << fit.name;
            else
                EXPECT_FALSE(fit.refuses_hints.empty()) << fit.name;
        }
    }
    // Knuth plays and hints 4x6; optimal plays 4x6 but, as every exact search, hints only in small
    // games.
    const auto classic = described({"ordinary"}).players();
    const auto knuth = std::find_if(classic.begin(), classic.end(),
                                    [](const auto& p) { return p.name == "knuth"; });
    ASSERT_NE(knuth, classic.end());
    EXPECT_EQ(knuth->refuses, "");
    EXPECT_EQ(knuth->refuses_hints, "");
    const auto tree = std::find_if(classic.begin(), classic.end(),
                                   [](const auto& p) { return p.name == "tree"; });
    ASSERT_NE(tree, classic.end());
    EXPECT_NE(tree->refuses_hints, "");
}

}  // namespace
}  // namespace mastermind
