// The command line: parses it and runs one subcommand (run_cli), for `mastermind` (main.cpp) and
// the MPI front end `mastermind-mpi` (mpi_main.cpp).
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/version.hpp"

namespace {

// The name of the subcommand that ran, for messages that come from main.
std::string command_name(const CLI::App& app) {
    std::string name = "mastermind";
    for (const CLI::App* at = &app; !at->get_subcommands().empty();) {  // "mastermind draw tree"
        at = at->get_subcommands().front();
        name += " " + at->get_name();
    }
    return name;
}

// The option CLI11 calls `name` with every spelling it has, as a user may have typed another:
// "--max-tests (or --max-guesses, -M)".
std::string all_spellings(const CLI::App& app, const std::string& name) {
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
    const CLI::Option* option = at->get_option_no_throw(name);
    if (option == nullptr) return name;
    std::string others;
    for (const auto& long_name : option->get_lnames()) {
        if ("--" + long_name != name) others += fmt::format(", --{}", long_name);
    }
    for (const auto& short_name : option->get_snames()) others += fmt::format(", -{}", short_name);
    return others.empty() ? name : fmt::format("{} (or {})", name, others.substr(2));
}

// CLI11's message for `e`, with the two about how many values an option got said plainly:
// "--first: 1 required TEXT missing" (`--first=`) and "--first: At Most 1 required but received
// 2" (`--first A --first B`).
std::string plain_message(const CLI::App& app, const CLI::ParseError& e) {
    std::string what = e.what();
    if (!dynamic_cast<const CLI::ArgumentMismatch*>(&e)) return what;
    const auto colon = what.find(": ");
    if (colon == std::string::npos) return what;
    const std::string option = all_spellings(app, what.substr(0, colon)),
                      rest = what.substr(colon + 2);
    if (rest.ends_with(" missing")) return option + ": needs a value, and got none";
    if (const auto at = rest.find("but received "); rest.starts_with("At Most 1 ") &&
                                                    at != std::string::npos) {
        return fmt::format("{}: given {} times; give it once", option,
                           rest.substr(at + std::string_view("but received ").size()));
    }
    return what;
}

// Every option of `app` and its subcommands that takes a value refuses one that is an option
// word: CLI11 gives `--write-tree --progress` the value "--progress", and the run would write its
// tree to a file of that name and print no progress.
void refuse_options_as_values(CLI::App& app) {
    for (CLI::Option* option : app.get_options()) {
        // A flag takes no value; a positional one has it after "--" (an arena's program).
        if (option->get_type_size_max() == 0 || !option->nonpositional()) continue;
        option->check(CLI::Validator(
            [](std::string& value) -> std::string {
                if (value == "--") return "needs a value, not '--'";
                // (A file whose name starts with "--" is given as ./--name.)
                if (value.starts_with("--"))
                    return fmt::format("needs a value, not the option '{}'", value);
                return {};
            },
            "", "not an option word"));
    }
    for (CLI::App* sub : app.get_subcommands({})) refuse_options_as_values(*sub);
}

}  // namespace

namespace mastermind::app {

namespace {
std::span<char* const> the_command_line;
}  // namespace

std::span<char* const> command_line() {
    return the_command_line;
}

int run_cli(int argc, char** argv) {
    the_command_line = {argv, static_cast<std::size_t>(argc)};
    // A closed output pipe is reported as a write error with status 2, never a silent death by
    // SIGPIPE: every write path checks its result (fmt::print throws std::system_error, the
    // filters' FdSink throws it, and stdout is flushed and checked before exit).
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{
        "mastermind: exact, fast tools for Mastermind-family games.\n"
        "Run 'mastermind COMMAND --help' for the options of each command."};
    app.require_subcommand(1);
    app.set_version_flag("--version", fmt::format("mastermind {}", version()));  // project(VERSION)
    app.footer(
        "\nExamples:\n  mastermind evaluate --game ordinary --strategy knuth --all\n"
        "  mastermind generate score-input --bytes 1M | mastermind score | head");
    int exit_status = kExitOk;
    // Each command's options are many (CLI11 builds an object per option): a command line that
    // names a command builds that command alone. A short run starts in 5.2 ms instead of 5.6 in
    // release and 32 instead of 53 under the sanitizers, whose test suite starts ~600 (the arena
    // starts a solver per game). Any other line (no command, --help, --version, a misspelt
    // command) builds them all, so the listing and the error messages are the same.
    using AddCommand = void (*)(CLI::App&, int&);
    static constexpr std::pair<std::string_view, AddCommand> commands[]{
        {"score", add_score_command},
        {"generate", add_generate_command},
        {"judge", add_judge_command},
        {"solve", add_solve_command},
        {"arena", add_arena_command},
        {"evaluate", add_evaluate_command},
        {"merge", add_merge_command},
        {"second-tests", add_second_tests_command},
        {"first-test", add_first_test_command},
        {"bench", add_bench_command},
        {"play", add_play_command},
        {"draw", add_draw_command},
        {"assist", add_assist_command},
        {"serve", add_serve_command},
    };
    const std::string_view named = argc > 1 ? argv[1] : "";
    const auto only = std::find_if(std::begin(commands), std::end(commands),
                                   [&](const auto& command) { return command.first == named; });
    if (only == std::end(commands) && !named.empty() && named.front() != '-') {
        std::string names;
        for (const auto& command : commands)
            names += fmt::format("{}{}", names.empty() ? "" : ", ", command.first);
        complain(
            "mastermind: unknown command '{}' (the commands: {}; mastermind --help lists them)\n",
            named, names);
        return kExitFailure;
    }
    if (only != std::end(commands)) {
        only->second(app, exit_status);
    } else {
        for (const auto& command : commands) command.second(app, exit_status);
    }
    refuse_options_as_values(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        exit_status = app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        exit_status = app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        exit_status = app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line, naming the command, the option and why: CLI11's own adds a second line.
        const std::string name = command_name(app);
        complain("{}: {} (see {} --help)\n", name, plain_message(app, e), name);
        return kExitFailure;
    } catch (const std::system_error& e) {  // fmt::print could not write to stdout
        complain("{}: cannot write the output to standard output: {}\n", command_name(app),
                 output_error(e));
        return kExitFailure;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        complain("{}: cannot write the output to standard output: {}\n", command_name(app),
                 output_error(errno));
        return kExitFailure;
    }
    return exit_status;
}

}  // namespace mastermind::app
