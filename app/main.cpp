// Entry point: parses the command line and runs one subcommand.
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

int main(int argc, char** argv) {
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
    int exit_status = mastermind::app::kExitOk;
    mastermind::app::add_score_command(app, exit_status);
    mastermind::app::add_generate_command(app, exit_status);
    mastermind::app::add_judge_command(app, exit_status);
    mastermind::app::add_solve_command(app, exit_status);
    mastermind::app::add_arena_command(app, exit_status);
    mastermind::app::add_evaluate_command(app, exit_status);
    mastermind::app::add_merge_command(app, exit_status);
    mastermind::app::add_first_test_command(app, exit_status);
    mastermind::app::add_bench_command(app, exit_status);
    mastermind::app::add_play_command(app, exit_status);
    mastermind::app::add_draw_command(app, exit_status);
    mastermind::app::add_assist_command(app, exit_status);
    mastermind::app::add_serve_command(app, exit_status);
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
        return mastermind::app::kExitFailure;
    } catch (const std::system_error& e) {  // the output could not be written
        mastermind::app::complain("{}: cannot write the output: {}\n", command_name(app), e.code().message());
        return mastermind::app::kExitFailure;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        mastermind::app::complain("{}: cannot write the output: {}\n", command_name(app), std::strerror(errno));
        return mastermind::app::kExitFailure;
    }
    return exit_status;
}
