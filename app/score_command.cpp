// `mastermind score`: the Adjacent Mastermind scoring filter.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/filter/score_filter.hpp"

namespace mastermind::app {

namespace {

struct ScoreArgs {
    std::string rules = "adjacent";
    bool keep_going = false;
    std::vector<std::string> files;
};

int run_score(const ScoreArgs& args) {
    const ScoreFilterOptions options{*parse_rules(args.rules), args.keep_going};
    FdSink out(STDOUT_FILENO);
    ScoreFilter filter(options, out, [](const LineError& e) {
        fmt::print(stderr, "mastermind score: {}:{}: {}\n", e.source, e.line, e.message);
    });
    std::vector<std::string> files = args.files;
    if (files.empty()) files.push_back("-");
    try {
        for (const auto& file : files) {
            const bool is_stdin = file == "-";
            const int fd = is_stdin ? STDIN_FILENO : ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) {
                filter.flush();
                fmt::print(stderr, "mastermind score: cannot open '{}': {}\n", file,
                           std::system_category().message(errno));
                return kExitFailure;
            }
            FdSource in(fd);
            ScoreFilter::Outcome outcome;
            try {
                outcome = filter.run(in, is_stdin ? "<stdin>" : file);
            } catch (...) {
                if (!is_stdin) ::close(fd);
                throw;
            }
            if (!is_stdin) ::close(fd);
            if (outcome != ScoreFilter::Outcome::end_of_input) break;
        }
        filter.flush();
    } catch (const std::system_error& e) {
        fmt::print(stderr, "mastermind score: {}\n", e.what());
        return kExitFailure;
    }
    return filter.bad_lines() > 0 ? kExitBadInput : kExitOk;
}

}  // namespace

void add_score_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<ScoreArgs>();
    CLI::App* cmd = app.add_subcommand(
        "score",
        "Score Adjacent Mastermind guesses: reads lines 'TARGET GUESS' (2 to 50 letters A-Z each, "
        "equal lengths, one space) and writes 'GUESS: b black, g grey, w white' for each. A line "
        "holding only '#' ends the input. Exit status: 0 all lines scored, 1 some line was bad "
        "(reported on stderr with its line number), 2 a file or the output failed.");
    cmd->add_option("--rules", args->rules,
                    "adjacent: black/grey/white (grey = a maximum matching of neighbours); "
                    "classic: black/white, written 'GUESS: b black, w white'")
        ->check(CLI::IsMember({"adjacent", "classic"}))
        ->capture_default_str();
    cmd->add_flag("-k,--keep-going", args->keep_going,
                  "report every bad line and score the rest, instead of stopping at the first");
    cmd->add_option("files", args->files,
                    "input files, read in order as one stream ('-' or none: standard input)");
    cmd->callback([args, &exit_status] { exit_status = run_score(*args); });
}

}  // namespace mastermind::app
