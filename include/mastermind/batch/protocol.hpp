// The batch game's lines of the protocol (docs/protocol.md): the header "P K B M [adjacent]",
// a test, a challenge and the shuffled answers.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/engine/protocol.hpp"

namespace mastermind::protocol {

std::string format_header(const BatchParams& params);
// Empty on success, else what is wrong.
std::string parse_header(std::string_view line, BatchParams& params);

std::string format_test(std::span<const PackedCode> strings, int pegs);
std::string format_challenge(const PackedCode& guess, int pegs);

// "h1 b1 h2 b2 ..." under classic rules, "b1 g1 w1 b2 g2 w2 ..." under adjacent rules.
std::string format_answers(std::span<const HitBlow> answers, Rules rules = Rules::classic);
// Reads "h1 b1 ... hB bB" with each pair a possible score of P pegs; empty on success.
std::string parse_answers(std::string_view line, const BatchParams& params,
                          std::vector<HitBlow>& answers);

}  // namespace mastermind::protocol
