// `mastermind score`: the Adjacent Mastermind scoring filter.
#include <fcntl.h>
#include <sys/stat.h>
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

// Every file is opened and checked before any line is scored, so a bad path in the list is reported
// with its name and nothing is half done; '-' is standard input.
struct OpenedInput {
    std::string name;
    int fd;
};

bool open_inputs(const std::vector<std::string>& files, std::vector<OpenedInput>& inputs) {
    for (const auto& file : files) {
        if (file == "-") {
            inputs.push_back({"<stdin>", STDIN_FILENO});
            continue;
        }
        const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
        struct stat info {};
        const char* why = nullptr;
        if (fd < 0) {
            why = nullptr;
        } else if (::fstat(fd, &info) != 0) {
            why = "cannot be examined";
        } else if (S_ISDIR(info.st_mode)) {
            why = "is a directory, expected a file of lines";
        }
        if (fd < 0 || why) {
            const std::string reason = why ? why : "cannot be opened: " + std::system_category().message(errno);
            complain("mastermind score: '{}' {}\n", file, reason);
            if (fd >= 0) ::close(fd);
            for (const auto& opened : inputs) {
                if (opened.fd != STDIN_FILENO) ::close(opened.fd);
            }
            return false;
        }
        inputs.push_back({file, fd});
    }
    return true;
}

// Read failures of an input, told apart from failures of the output.
struct ReadFailure {
    std::string message;
};

class InputFile final : public InputSource {
public:
    explicit InputFile(int fd) : in_(fd) {}
    std::size_t read(char* buffer, std::size_t capacity) override {
        try {
            return in_.read(buffer, capacity);
        } catch (const std::system_error& e) {
            throw ReadFailure{e.what()};
        }
    }

private:
    FdSource in_;
};

int run_score(const ScoreArgs& args) {
    const ScoreFilterOptions options{*parse_rules(args.rules), args.keep_going};
    std::vector<OpenedInput> inputs;
    if (!open_inputs(args.files.empty() ? std::vector<std::string>{"-"} : args.files, inputs)) return kExitFailure;
    FdSink out(STDOUT_FILENO);
    ScoreFilter filter(options, out, [](const LineError& e) {
        if (!complain("mastermind score: {}:{}: {}\n", e.source, e.line, e.message)) {
            throw std::system_error(errno, std::generic_category(), "cannot write to stderr");
        }
    });
    int status = kExitOk;
    std::size_t next = 0;
    try {
        for (; next < inputs.size(); ++next) {
            InputFile in(inputs[next].fd);
            ScoreFilter::Outcome outcome;
            try {
                outcome = filter.run(in, inputs[next].name);
            } catch (const ReadFailure& e) {
                filter.flush();  // the lines scored before the failure are kept
                complain("mastermind score: {}: {}\n", inputs[next].name, e.message);
                status = kExitFailure;
                break;
            }
            if (outcome != ScoreFilter::Outcome::end_of_input) break;
        }
        filter.flush();
    } catch (const std::system_error& e) {  // the output failed
        complain("mastermind score: {}\n", e.what());
        status = kExitFailure;
    }
    for (const auto& input : inputs) {
        if (input.fd != STDIN_FILENO) ::close(input.fd);
    }
    if (status != kExitOk) return status;
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
    cmd->footer("\nExamples:\n  mastermind score < tests/data/adjacent-sample.in\n"
                "  mastermind generate score-input --bytes 10M | mastermind score --keep-going > scores.txt");
    cmd->add_flag("-k,--keep-going", args->keep_going,
                  "report every bad line and score the rest, instead of stopping at the first");
    cmd->add_option("files", args->files,
                    "input files, read in order as one stream ('-' or none: standard input)");
    cmd->callback([args, &exit_status] { exit_status = run_score(*args); });
}

}  // namespace mastermind::app
