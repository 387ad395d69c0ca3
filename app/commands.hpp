// The subcommands of the `mastermind` executable, one file each. Each adds itself to the app and
// stores its exit status in `exit_status` when it runs.
#pragma once

#include <CLI/CLI.hpp>

namespace mastermind::app {

// Exit statuses shared by the filters.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;  // some input line was rejected
inline constexpr int kExitFailure = 2;   // usage error, unreadable file, unwritable output

void add_score_command(CLI::App& app, int& exit_status);
void add_generate_command(CLI::App& app, int& exit_status);
void add_judge_command(CLI::App& app, int& exit_status);
void add_solve_command(CLI::App& app, int& exit_status);
void add_arena_command(CLI::App& app, int& exit_status);
void add_evaluate_command(CLI::App& app, int& exit_status);
void add_first_test_command(CLI::App& app, int& exit_status);

}  // namespace mastermind::app
