// The line protocol between a judge and a solver of Batch Style Mastermind (docs/protocol.md):
// reading and writing each kind of message, strictly.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/games/batch_params.hpp"
#include "mastermind/games/ordinary_game.hpp"
#include "mastermind/games/packed_code.hpp"

namespace mastermind::protocol {

inline constexpr std::size_t kMaxLineBytes = 4096;  // longer lines are a violation
inline constexpr std::string_view kAccepted = "Accepted";
inline constexpr std::string_view kWrongAnswer = "Wrong Answer";
inline constexpr std::string_view kErrorPrefix = "error ";

struct SolverMessage {
    enum class Kind { test, challenge, guess, invalid };
    Kind kind = Kind::invalid;
    std::vector<std::string_view> strings;  // views into the parsed line
    std::string error;                      // set when kind == invalid
};

// `line` is one line without its "\n" (a final "\r" is tolerated and ignored).
// The batch game takes `test` and `challenge`; the ordinary game (`ordinary`) takes `guess` only.
SolverMessage parse_solver_line(std::string_view line, bool ordinary = false);

std::string format_header(const BatchParams& params);
// Empty on success, else what is wrong.
std::string parse_header(std::string_view line, BatchParams& params);

// The ordinary game: header "ordinary P K M RULES", answers "b w" (classic) or "b g w".
std::string format_ordinary_header(const OrdinaryParams& params);
bool is_ordinary_header(std::string_view line);
std::string parse_ordinary_header(std::string_view line, OrdinaryParams& params);
std::string format_score(const Score& score, Rules rules);
// Reads a possible score of the game's rules and pegs; empty on success.
std::string parse_score(std::string_view line, const OrdinaryParams& params, Score& score);

std::string format_test(std::span<const PackedCode> strings, int pegs);
std::string format_challenge(const PackedCode& guess, int pegs);

// "h1 b1 h2 b2 ..." under classic rules, "b1 g1 w1 b2 g2 w2 ..." under adjacent rules.
std::string format_answers(std::span<const HitBlow> answers, Rules rules = Rules::classic);
// Reads "h1 b1 ... hB bB" with each pair a possible score of P pegs; empty on success.
std::string parse_answers(std::string_view line, const BatchParams& params,
                          std::vector<HitBlow>& answers);

// Splits on single spaces; empty if a token is empty (a leading, trailing or double space),
// and then `bad_column` is the 1-based column of the offending space.
std::vector<std::string_view> split_tokens(std::string_view line, std::size_t& bad_column);

}  // namespace mastermind::protocol
