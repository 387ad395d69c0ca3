// `mastermind score`: the Adjacent Mastermind scoring filter.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/filter/score_filter.hpp"
#include "option_checks.hpp"

namespace mastermind::app {

namespace {

struct ScoreArgs {
    std::string rules = "adjacent";
    std::string kernel = "auto";
    int threads =
        static_cast<int>(std::max(1u, std::min(64u, std::thread::hardware_concurrency())));
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
            const std::string reason =
                why ? why : "cannot be opened: " + std::system_category().message(errno);
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

// A regular file is scored in place (MappedFile). If another program shrinks it meanwhile, reading
// the lost pages raises SIGBUS: reported as a message naming the file, status 2, not a crash.
// (The lines scored but still in the output buffer are lost then; the file changed under us.)
char g_mapped_name[512];
extern "C" void on_sigbus(int) {
    static const char before[] = "mastermind score: '";
    static const char after[] = "' shrank while it was being read\n";
    [[maybe_unused]] ssize_t ignored = ::write(STDERR_FILENO, before, sizeof before - 1);
    ignored = ::write(STDERR_FILENO, g_mapped_name, std::strlen(g_mapped_name));
    ignored = ::write(STDERR_FILENO, after, sizeof after - 1);
    ::_exit(kExitFailure);
}
void watch_for_shrinking(const std::string& name) {
    std::snprintf(g_mapped_name, sizeof g_mapped_name, "%s", name.c_str());
    struct sigaction action {};
    action.sa_handler = on_sigbus;
    ::sigaction(SIGBUS, &action, nullptr);
}

std::string supported_kernels() {
    std::string names = "auto";
    for (ScoreKernel k : {ScoreKernel::portable, ScoreKernel::avx2, ScoreKernel::avx512}) {
        if (score_kernel_supported(k)) names += fmt::format(", {}", score_kernel_name(k));
    }
    return names;
}

int run_score(const ScoreArgs& args) {
    ScoreFilterOptions options{*parse_rules(args.rules), args.keep_going};
    options.kernel = *parse_score_kernel(args.kernel);
    options.threads = args.threads;
    if (!score_kernel_supported(options.kernel)) {
        complain(
            "mastermind score: --kernel {}: this processor lacks the instructions it needs "
            "(the kernels it runs: {})\n",
            args.kernel, supported_kernels());
        return kExitFailure;
    }
    std::vector<OpenedInput> inputs;
    if (!open_inputs(args.files.empty() ? std::vector<std::string>{"-"} : args.files, inputs))
        return kExitFailure;
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
            ScoreFilter::Outcome outcome;
            try {
                if (auto mapped = MappedFile::map(inputs[next].fd)) {
                    watch_for_shrinking(inputs[next].name);
                    outcome = filter.run(*mapped, inputs[next].name);
                } else {
                    InputFile in(inputs[next].fd);
                    outcome = filter.run(in, inputs[next].name);
                }
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
        complain("mastermind score: cannot write the output: {}\n", output_error(e));
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
        ->check(one_of({"adjacent", "classic"}))
        ->capture_default_str();
    cmd->add_option("--threads", args->threads,
                    "threads for a file (standard input that is a pipe is read by one): the output "
                    "is the same for any number; default: the processor's cores")
        ->transform(integer_in(1, 256))
        ->capture_default_str();
    cmd->add_option("--kernel", args->kernel,
                    "instruction set of the inner loop (every one gives the same output; for "
                    "tests and benchmarks): auto = the fastest this processor runs, avx512, "
                    "avx2 or portable")
        ->check(one_of({"auto", "portable", "avx2", "avx512"}))
        ->capture_default_str();
    cmd->footer(
        "\nExamples:\n  mastermind score < tests/data/adjacent-sample.in\n"
        "  mastermind generate score-input --bytes 10M | mastermind score --keep-going > "
        "scores.txt");
    cmd->add_flag("-k,--keep-going", args->keep_going,
                  "report every bad line and score the rest, instead of stopping at the first");
    cmd->add_option("files", args->files,
                    "input files, read in order as one stream ('-' or none: standard input)");
    cmd->callback([args, &exit_status] { exit_status = run_score(*args); });
}

}  // namespace mastermind::app
