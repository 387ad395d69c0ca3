// Entry point: parses the command line and runs one subcommand.
#include <csignal>

#include <fmt/format.h>

#include "commands.hpp"

int main(int argc, char** argv) {
    // A closed output pipe is reported by the command as a write error, not a silent death.
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{
        "mastermind: exact, fast tools for Mastermind-family games.\n"
        "Run 'mastermind COMMAND --help' for the options of each command."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mastermind 0.1");
    int exit_status = mastermind::app::kExitOk;
    mastermind::app::add_score_command(app, exit_status);
    mastermind::app::add_generate_command(app, exit_status);
    mastermind::app::add_judge_command(app, exit_status);
    mastermind::app::add_solve_command(app, exit_status);
    mastermind::app::add_arena_command(app, exit_status);
    mastermind::app::add_evaluate_command(app, exit_status);
    mastermind::app::add_first_test_command(app, exit_status);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return mastermind::app::kExitFailure;
    }
    return exit_status;
}
