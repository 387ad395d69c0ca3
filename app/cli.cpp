// The command line: parses it and runs one subcommand (run_cli), for `mastermind` (main.cpp) and
// the MPI front end `mastermind-mpi` (mpi_main.cpp).
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "commands.hpp"

namespace {

// The name of the subcommand that ran, for messages that come from main.
std::string command_name(const CLI::App& app) {
    const auto chosen = app.get_subcommands();
    return chosen.empty() ? "mastermind" : "mastermind " + chosen.front()->get_name();
}

}  // namespace

namespace mastermind::app {

int run_cli(int argc, char** argv) {
    // A closed output pipe is reported as a write error with status 2, never a silent death by
    // SIGPIPE: every write path checks its result (fmt::print throws std::system_error, the
    // filters' FdSink throws it, and stdout is flushed and checked before exit).
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{
        "mastermind: exact, fast tools for Mastermind-family games.\n"
        "Run 'mastermind COMMAND --help' for the options of each command."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mastermind 0.1");
    app.footer("\nExamples:\n  mastermind evaluate --game ordinary --strategy knuth --all\n"
               "  mastermind generate score-input --bytes 1M | mastermind score | head");
    int exit_status = kExitOk;
    add_score_command(app, exit_status);
    add_generate_command(app, exit_status);
    add_judge_command(app, exit_status);
    add_solve_command(app, exit_status);
    add_arena_command(app, exit_status);
    add_evaluate_command(app, exit_status);
    add_merge_command(app, exit_status);
    add_second_tests_command(app, exit_status);
    add_first_test_command(app, exit_status);
    add_bench_command(app, exit_status);
    add_play_command(app, exit_status);
    add_draw_command(app, exit_status);
    add_assist_command(app, exit_status);
    add_serve_command(app, exit_status);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        exit_status = app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        exit_status = app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        exit_status = app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitFailure;
    } catch (const std::system_error& e) {  // the output could not be written
        complain("{}: cannot write the output: {}\n", command_name(app), e.code().message());
        return kExitFailure;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        complain("{}: cannot write the output: {}\n", command_name(app), std::strerror(errno));
        return kExitFailure;
    }
    return exit_status;
}

}  // namespace mastermind::app
