// One validated description of a game of the family, the one every front end asks (the command
// line, `serve`, the bindings): which game, its sizes and rules with the defaults filled in, every
// value checked once (so that no command meets a game it cannot hold), and which players
// (strategies, codebreakers) can play it and give a person hints in it, or why not.
//
//   batch           Batch Style Mastermind: 9 pegs, 10 colours, 9 strings a test, 20 tests
//   ordinary        one guess a turn, all black wins: 4 pegs, 6 colours, 10 guesses
//   bulls-and-cows  the ordinary game of 4 pegs, 10 colours, no colour twice in a code
//
// `distinct` (codes without repeated colours) is a rule of the ordinary game; the batch game's
// secrets are every string of digits, so it refuses it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind {

// What a user asks for: a game, its rules, and the sizes that differ from the game's defaults.
struct GameRequest {
    std::string game = "batch";     // "batch", "ordinary" or "bulls-and-cows"
    std::string rules = "classic";  // "classic" or "adjacent"
    std::optional<int> pegs{}, colours{}, batch{},
        max_moves{};        // max_moves: tests (batch) or guesses
    bool distinct = false;  // codes without repeated colours (bulls-and-cows implies it)
};

// The games a request can name, as the help and messages list them.
inline constexpr const char* kGameNames[] = {"batch", "ordinary", "bulls-and-cows"};

// How a front end names the request's fields in messages ("--pegs (-P)" on the command line,
// "pegs" in a web form).
struct GameFieldNames {
    std::string game = "game", rules = "rules", pegs = "pegs", colours = "colours", batch = "batch";
    std::string max_tests = "max tests", max_guesses = "max guesses";
    std::string distinct = "distinct";
};

// A player of the game and what it can do there: `refuses` empty when it plays the game,
// `refuses_hints` empty when it also answers a person's hint quickly (play, serve, assist).
struct PlayerFit {
    std::string name;
    std::string refuses;
    std::string refuses_hints;
};

class GameDescription {
  public:
    // The game `request` asks for, or nullopt and `why` (naming the field by `names`): a game and
    // rules of the family, sizes in the game's ranges. (A judge plays any such game; a player
    // may still refuse it, as players() says: the codebreakers hold every code in memory.)
    static std::optional<GameDescription> make(const GameRequest& request, std::string& why,
                                               const GameFieldNames& names = {});

    bool ordinary() const { return ordinary_; }
    Rules rules() const { return ordinary_ ? ordinary_params_.rules : batch_params_.rules; }
    // The game's parameters (the batch one's for the batch game, the ordinary one's otherwise).
    const BatchParams& batch_params() const { return batch_params_; }
    const OrdinaryParams& ordinary_params() const { return ordinary_params_; }
    // The secrets of the game.
    std::uint64_t secrets() const {
        return ordinary_ ? ordinary_params_.code_count() : batch_params_.secret_count();
    }
    // "batch 9/10/9, 20 tests, classic rules", "ordinary 4x6, 10 guesses, adjacent rules",
    // "ordinary 4x10 distinct, 10 guesses, classic rules".
    std::string summary() const;

    // Every strategy (batch) or codebreaker (ordinary) of the project, with what it can do here.
    std::vector<PlayerFit> players() const;
    // The names of those that give a person hints here (refuses_hints empty), the best for the
    // game first: a front end's menu of hints (serve, the page). Empty when none does.
    std::vector<std::string> helpers() const;

  private:
    bool ordinary_ = false;
    BatchParams batch_params_;
    OrdinaryParams ordinary_params_;
};

}  // namespace mastermind
