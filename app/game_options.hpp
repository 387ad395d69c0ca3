// --game, --rules and the size options, shared by judge, solve, arena and evaluate: presets that
// a user can override one value at a time.
//
//   --game batch           Batch Style Mastermind: 9 pegs, 10 colours, 9 strings a test, 20 tests
//   --game ordinary        one guess a turn, all black wins: 4 pegs, 6 colours, 10 guesses
//   --game bulls-and-cows  the ordinary game of 4 pegs, 10 colours, no colour twice (--distinct)
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include <fmt/format.h>

#include "option_checks.hpp"

#include "mastermind/batch/params.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/games/description.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind::app {

struct GameChoice {
    std::string game = "batch";
    std::string rules = "classic";
    std::optional<int> pegs, colours, batch, max_tests;
    bool distinct = false;

    // Whether the game is one of the ordinary family (bulls-and-cows is one).
    bool ordinary() const { return game != "batch"; }

    // The request, as the library's game description reads it.
    GameRequest request() const { return {game, rules, pegs, colours, batch, max_tests, distinct}; }
    // The game described (games/description.hpp), or nullopt and why, naming the options.
    std::optional<GameDescription> describe(std::string& why) const {
        return GameDescription::make(request(), why, option_names());
    }
    // The batch game's parameters with the user's overrides; empty string if valid.
    std::string batch_params(BatchParams& params) const {
        auto r = request();
        r.game = "batch";
        std::string why;
        if (const auto d = GameDescription::make(r, why, option_names()))
            params = d->batch_params();
        return why;
    }
    // The ordinary game with the user's overrides; empty string if valid.
    std::string ordinary_game(OrdinaryParams& params) const {
        auto r = request();
        if (r.game == "batch") r.game = "ordinary";
        std::string why;
        if (const auto d = GameDescription::make(r, why, option_names()))
            params = d->ordinary_params();
        return why;
    }
    // The options' names in messages.
    static const GameFieldNames& option_names() {
        static const GameFieldNames names{
            "--game",  "--rules",          "--pegs (-P)",        "--colours (-K)",
            "--batch", "--max-tests (-M)", "--max-guesses (-M)", "--distinct"};
        return names;
    }
    // The same, for the codebreakers, which also need every code in memory (CodeSpace).
    std::string ordinary_space_params(OrdinaryParams& params) const {
        if (auto why = ordinary_game(params); !why.empty()) return why;
        return CodeSpace::check(params.shape());
    }
};

// The choice with the ordinary game as its default (play, assist).
inline GameChoice ordinary_choice() {
    GameChoice choice;
    choice.game = "ordinary";
    return choice;
}

// Which games a command plays: both (--game and -B offered), the ordinary game alone (no
// --game, no -B; -P and -M in the ordinary game's ranges), or the batch game as adaptive-split's
// table of second tests holds it (no --game, --rules or --distinct; P <= 9 and B <= 10, the
// sizes its keys take: offline_pass_refuses() has the whole rule).
enum class GameOptions { both, ordinary_only, batch_table };

inline constexpr const char* kDistinctHelp =
    "codes without repeated colours, secrets and guesses alike (the ordinary game; "
    "--game bulls-and-cows implies it)";

inline void add_game_options(CLI::App* cmd, GameChoice& choice,
                             GameOptions games = GameOptions::both) {
    if (games == GameOptions::ordinary_only) {
        cmd->add_option("--game", choice.game,
                        "ordinary (4 pegs, 6 colours) or bulls-and-cows (4 pegs, 10 colours, "
                        "none twice)")
            ->check(one_of({"ordinary", "bulls-and-cows"}))
            ->capture_default_str();
        cmd->add_option("--rules", choice.rules,
                        "classic (black/white) or adjacent (black/grey/white)")
            ->check(one_of({"classic", "adjacent"}))
            ->capture_default_str();
        cmd->add_option("--pegs,-P", choice.pegs, "pegs per code (1..8; default 4)")
            ->transform(integer_in(1, OrdinaryParams::kMaxPegs));
        cmd->add_option("--colours,-K", choice.colours,
                        "colours, written 0-9 then A-F (2..16; default 6)")
            ->transform(integer_in(2, OrdinaryParams::kMaxColours));
        cmd->add_option("--max-guesses,-M", choice.max_tests,
                        "guesses allowed (1..100; default 10)")
            ->transform(integer_in(1, OrdinaryParams::kMaxGuesses));
        cmd->add_flag("--distinct", choice.distinct, kDistinctHelp);
        return;
    }
    if (games == GameOptions::batch_table) {
        const BatchParams d;
        constexpr int kTablePegs = 9, kTableBatch = 10;
        cmd->add_option("--pegs,-P", choice.pegs,
                        fmt::format("pegs per string (1..{}; default {})", kTablePegs, d.pegs))
            ->transform(integer_in(1, kTablePegs));
        cmd->add_option("--colours,-K", choice.colours,
                        fmt::format("colours, written 0-9 then A-F (2..{}; default {})",
                                    BatchParams::kMaxColours, d.colours))
            ->transform(integer_in(2, BatchParams::kMaxColours));
        cmd->add_option("--batch,-B", choice.batch,
                        fmt::format("strings per test (1..{}; default {})", kTableBatch, d.batch))
            ->transform(integer_in(1, kTableBatch));
        cmd->add_option("--max-tests,-M", choice.max_tests,
                        fmt::format("tests allowed (3..1000: the table is of the second test, "
                                    "not the last; default {})",
                                    d.max_tests))
            ->transform(integer_in(3, 1000));
        return;
    }
    cmd->add_option("--game", choice.game,
                    "batch (9 pegs, 10 colours, 9 strings a test, 20 tests), ordinary "
                    "(one guess a turn: 4 pegs, 6 colours, 10 guesses) or bulls-and-cows "
                    "(ordinary, 4 pegs, 10 colours, none twice)")
        ->check(one_of({"batch", "ordinary", "bulls-and-cows"}))
        ->capture_default_str();
    cmd->add_option("--rules", choice.rules, "classic (black/white) or adjacent (black/grey/white)")
        ->check(one_of({"classic", "adjacent"}))
        ->capture_default_str();
    cmd->add_option("--pegs,-P", choice.pegs,
                    "pegs per code (batch 1..12, ordinary 1..8; default by --game)")
        ->transform(integer_in(1, BatchParams::kMaxPegs,
                           fmt::format("batch 1 to {}, ordinary 1 to {}", BatchParams::kMaxPegs,
                                       OrdinaryParams::kMaxPegs)));
    cmd->add_option("--colours,-K", choice.colours,
                    "colours, written 0-9 then A-F (2..16; default by --game)")
        ->transform(integer_in(2, BatchParams::kMaxColours));
    cmd->add_option("--batch,-B", choice.batch, "strings per test (batch 1..16; ordinary 1)")
        ->transform(integer_in(1, BatchParams::kMaxBatch));
    cmd->add_option("--max-tests,--max-guesses,-M", choice.max_tests,
                    "tests (guesses) allowed (batch 1..1000, ordinary 1..100; default by --game)")
        ->transform(integer_in(1, 1000,
                           fmt::format("batch 1 to 1000 tests, ordinary 1 to {} guesses",
                                       OrdinaryParams::kMaxGuesses)));
    cmd->add_flag("--distinct", choice.distinct, kDistinctHelp);
}

}  // namespace mastermind::app
