// What a front end shows a person of a game against a hidden secret, in either game, as JSON: the
// one shape that `mastermind serve`'s API answers and the browser build's engine (web/) returns,
// so that a page reads both alike.
//
//   {"game": "ordinary"|"batch", "rules": "classic"|"adjacent", "pegs", "colours",
//    "symbols": "012345", "max": guesses or tests, "distinct" (ordinary) or "batch" (strings a
//    test), "rows": the board, "outcome": "playing"|"won"|"lost"|"gave up", "over",
//    and once over: "secret", "seed" (as text: 64 bits), "replay" (the command that plays the same
//    game in a terminal)}
//
// A row of the ordinary game is {"code", "black", "grey", "white"}; of the batch game
// {"strings": [...], "answers": [[hit, blow] or [hit, grey, blow], ...]} as the judge shuffled
// them. The secret is not computed, let alone sent, before the game is over.
#pragma once

#include <nlohmann/json.hpp>

#include "mastermind/batch/table.hpp"
#include "mastermind/ordinary/table.hpp"

namespace mastermind {

nlohmann::json table_state(const OrdinaryTable& table);
nlohmann::json table_state(const BatchTable& table);

}  // namespace mastermind
