// The ordinary game's lines of the protocol (docs/protocol.md): the header
// "ordinary P K M RULES", with " distinct" after it for codes without repeated colours, and the
// answers "b w" (classic) or "b g w" (adjacent).
#pragma once

#include <string>
#include <string_view>

#include "mastermind/engine/protocol.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind::protocol {

std::string format_ordinary_header(const OrdinaryParams& params);
bool is_ordinary_header(std::string_view line);
std::string parse_ordinary_header(std::string_view line, OrdinaryParams& params);
std::string format_score(const Score& score, Rules rules);
// Reads a possible score of the game's rules and pegs; empty on success.
std::string parse_score(std::string_view line, const OrdinaryParams& params, Score& score);

}  // namespace mastermind::protocol
