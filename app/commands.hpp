// The subcommands of the `mastermind` executable, one file each. Each adds itself to the app and
// stores its exit status in `exit_status` when it runs.
#pragma once

#include <CLI/CLI.hpp>

#include "cli.hpp"

namespace mastermind::app {

void add_score_command(CLI::App& app, int& exit_status);
void add_generate_command(CLI::App& app, int& exit_status);
void add_judge_command(CLI::App& app, int& exit_status);
void add_solve_command(CLI::App& app, int& exit_status);
void add_arena_command(CLI::App& app, int& exit_status);
void add_evaluate_command(CLI::App& app, int& exit_status);
void add_first_test_command(CLI::App& app, int& exit_status);
void add_bench_command(CLI::App& app, int& exit_status);
void add_play_command(CLI::App& app, int& exit_status);
void add_draw_command(CLI::App& app, int& exit_status);
void add_assist_command(CLI::App& app, int& exit_status);
void add_serve_command(CLI::App& app, int& exit_status);
void add_merge_command(CLI::App& app, int& exit_status);
void add_second_tests_command(CLI::App& app, int& exit_status);

}  // namespace mastermind::app
