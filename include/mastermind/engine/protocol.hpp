// The line protocol between a judge and a solver (docs/protocol.md), the part both games share:
// the limits, the verdict lines, the solver's messages and the strict reading of tokens. Each
// game's own lines are in batch/protocol.hpp and ordinary/protocol.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

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

// Splits on single spaces; empty if a token is empty (a leading, trailing or double space),
// and then `bad_column` is the 1-based column of the offending space.
std::vector<std::string_view> split_tokens(std::string_view line, std::size_t& bad_column);

// What the games' readers share: `line` without a final "\r"; a decimal integer 0..999999 with
// no sign and no leading zeros (-1 if not); at most 40 characters of `text` with the
// unprintable ones escaped, for messages.
std::string_view without_cr(std::string_view line);
int parse_small(std::string_view token);
std::string printable(std::string_view text);

}  // namespace mastermind::protocol
