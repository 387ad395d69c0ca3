// Transcripts of games as docs/protocol.md shows them, read back: a fenced block
//   ```transcript
//   # mastermind judge --game ordinary --seed 7 --secret 1234
//   judge> ordinary 4 6 10 classic
//   solver> guess 0011
//   ...
//   ```
// and the `mastermind judge` command line at its top (also the `replay` field of a judge log)
// turned back into the game it plays. Both readers are strict and never trust their input: any
// text gives either a result or a message saying what is wrong (fuzz/transcript_fuzz.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/judge/judge.hpp"

namespace mastermind {

struct Transcript {
    std::string command;  // after "# ", if the block has such a line
    std::vector<std::string> judge, solver;
};

// Every ```transcript block of `text`; on a malformed block, what and where in `error` (the
// blocks before it are returned).
std::vector<Transcript> read_transcripts(std::string_view text, std::string& error);

// The game of `mastermind judge OPTIONS`: --game, --rules, -P/-K/-B/-M (and long forms),
// --secret, --seed; other judge options (--log, --timeout, ...) take a value and are ignored.
// nullopt with the reason in `error` if the line is not such a command or a value is invalid.
std::optional<JudgeConfig> judge_config_from_command(std::string_view command, std::string& error);

}  // namespace mastermind
