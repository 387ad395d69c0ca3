// `mastermind draw`: pictures for people. `game` draws a judge log as a board (SVG), `histogram`
// an evaluation's games per length (SVG), `tree` a decision tree (DOT, or SVG through GraphViz).
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/arena/arena.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "mastermind/pictures/pictures.hpp"
#include "option_checks.hpp"
#include "output_paths.hpp"
#include "tree_file.hpp"

extern char** environ;

namespace mastermind::app {

namespace {

struct DrawArgs {
    std::string input;
    std::string output = "-";
    std::string format = "svg";
};

// Opens `path` for reading; false (with the message given) if it is missing, a directory or empty.
bool open_input(const char* command, const std::string& path, std::ifstream& in) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        complain("mastermind draw {}: '{}' cannot be opened: {}\n", command, path,
                 std::strerror(errno));
        return false;
    }
    if (S_ISDIR(info.st_mode)) {
        complain("mastermind draw {}: '{}' is a directory, expected a file\n", command, path);
        return false;
    }
    in.open(path);
    if (!in) {
        complain("mastermind draw {}: '{}' cannot be read\n", command, path);
        return false;
    }
    if (in.peek() == std::ifstream::traits_type::eof()) {
        complain("mastermind draw {}: '{}' is empty\n", command, path);
        return false;
    }
    return true;
}

// Writes `text` to the output ("-": standard output); false with one message if it cannot (a
// closed pipe, a full disk). Standard output is written with write(2), past stdio, so that a
// failure is reported here once and not again when the process exits.
bool write_output(const char* command, const std::string& output, const std::string& text) {
    if (output == "-") {
        flush_stdout();
        errno = 0;
        if (!write_all(STDOUT_FILENO, text)) {
            complain("mastermind draw {}: cannot write the output: {}\n", command,
                     output_error(errno != 0 ? errno : EIO));
            return false;
        }
        return true;
    }
    std::ofstream out(output, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
        complain("mastermind draw {}: -o '{}' cannot be written: {}\n", command, output,
                 std::strerror(errno));
        return false;
    }
    return true;
}

// A temporary file (removed when closed) holding `text`, read from its start; -1 if none can be
// made.
int temporary_file_with(const std::string& text) {
    std::FILE* file = std::tmpfile();
    if (!file) return -1;
    const int fd = ::dup(::fileno(file));
    std::fclose(file);
    if (fd < 0) return -1;
    if (!write_all(fd, text) || ::lseek(fd, 0, SEEK_SET) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// GraphViz's dot turns DOT into SVG: run without a shell, the DOT text on its standard input (a
// temporary file), its SVG read back through a pipe and its messages into another temporary
// file. The SVG is then written like the other pictures, so a bad output path or a closed pipe
// gets our one message, never GraphViz's own.
int run_dot(const std::string& dot_text, const std::string& output) {
    const int in = temporary_file_with(dot_text);
    const int messages = temporary_file_with("");
    int out[2] = {-1, -1};
    if (in < 0 || messages < 0 || ::pipe2(out, O_CLOEXEC) != 0) {
        complain("mastermind draw tree: cannot prepare GraphViz's input and output: {}\n",
                 std::strerror(errno));
        for (int fd : {in, messages}) {
            if (fd >= 0) ::close(fd);
        }
        return kExitFailure;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, messages, STDERR_FILENO);
    std::vector<std::string> args{"dot", "-Tsvg"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in);
    ::close(out[1]);
    if (spawned != 0) {
        ::close(out[0]);
        ::close(messages);
        complain("mastermind draw tree: cannot run GraphViz's dot: {}\n", std::strerror(spawned));
        return kExitFailure;
    }
    // The SVG of a tree of at most 2000 positions (tree_dot) is a few MiB at most.
    constexpr std::size_t kMaxSvg = std::size_t{64} << 20;
    std::string svg;
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(out[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (svg.size() < kMaxSvg) svg.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(out[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || svg.size() >= kMaxSvg) {
        std::string said(512, '\0');
        const ssize_t n = ::pread(messages, said.data(), said.size(), 0);
        said.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
        if (const auto end = said.find('\n'); end != std::string::npos) said.resize(end);
        ::close(messages);
        complain("mastermind draw tree: GraphViz's dot failed (status {}){}{}\n", status,
                 said.empty() ? "" : ": ", said);
        return kExitFailure;
    }
    ::close(messages);
    return write_output("tree", output, svg) ? kExitOk : kExitFailure;
}

}  // namespace

void add_draw_command(CLI::App& app, int& exit_status) {
    CLI::App* cmd = app.add_subcommand(
        "draw",
        "Pictures: a game's board from a judge log, an evaluation's histogram, a decision tree.");
    cmd->require_subcommand(1);
    const char* examples =
        "\nExamples:\n"
        "  mastermind draw game game.jsonl -o game.svg\n"
        "  mastermind evaluate --game ordinary --strategy knuth --all --json | mastermind draw "
        "histogram - -o knuth.svg\n"
        "  mastermind draw tree tree.txt -o tree.svg";
    cmd->footer(examples);

    // Each picture's options, with examples of that picture.
    auto add_io = [](CLI::App* sub, DrawArgs& args, const char* what,
                     const char* picture_examples) {
        sub->add_option("input", args.input, what)->required();
        sub->add_option("-o,--output", args.output, "where to write ('-': standard output)")
            ->capture_default_str()
            ->check(output_file(true));
        sub->footer(fmt::format("\nExamples:\n{}", picture_examples));
    };

    // game and histogram: read a file (or standard input), draw it, write the SVG.
    auto add_svg_picture = [&](const char* name, const char* summary, const char* what,
                               const char* picture_examples, auto draw) {
        auto args = std::make_shared<DrawArgs>();
        CLI::App* sub = cmd->add_subcommand(name, summary);
        add_io(sub, *args, what, picture_examples);
        sub->callback([args, name, draw, &exit_status] {
            std::ifstream file;
            std::istringstream piped;
            std::istream* in = &piped;
            if (args->input == "-") {
                // The readers bound what they hold; standard input is read whole first, as much.
                std::string text;
                if (!read_bounded(std::cin, kMaxLogBytes, text)) {
                    complain(
                        "mastermind draw {}: standard input holds more than {}, the limit for a "
                        "{}\n",
                        name, size_text(kMaxLogBytes),
                        std::string_view(name) == "game" ? "judge log" : "report");
                    return void(exit_status = kExitFailure);
                }
                piped.str(std::move(text));
            } else {
                if (!open_input(name, args->input, file)) return void(exit_status = kExitFailure);
                in = &file;
            }
            try {
                exit_status = write_output(name, args->output, draw(*in, args->input))
                                  ? kExitOk
                                  : kExitFailure;
            } catch (const std::runtime_error& e) {
                complain("mastermind draw {}: {}\n", name, e.what());
                exit_status = kExitFailure;
            }
        });
    };
    add_svg_picture("game",
                    "SVG of one game's board from its judge log (judge --log, arena --log-dir).",
                    "the judge log (JSON lines; '-' for standard input)",
                    "  mastermind judge --game ordinary --seed 3 --log game.jsonl ...   # then\n"
                    "  mastermind draw game game.jsonl -o game.svg\n"
                    "  mastermind draw game - < game.jsonl > game.svg",
                    [](std::istream& in, const std::string& name) {
                        return game_svg(read_judge_log(in, name));
                    });
    add_svg_picture(
        "histogram", "SVG of an evaluation's games per length (evaluate --json).",
        "the report of evaluate --json ('-' for standard input)",
        "  mastermind evaluate --game ordinary --strategy knuth --all --json > knuth.json\n"
        "  mastermind draw histogram knuth.json -o knuth.svg\n"
        "  mastermind evaluate --game ordinary --strategy knuth --all --json | mastermind draw "
        "histogram -",
        [](std::istream& in, const std::string& name) {
            return histogram_svg(read_evaluation_json(in, name));
        });

    auto tree_args = std::make_shared<DrawArgs>();
    CLI::App* tree = cmd->add_subcommand("tree",
                                         "A decision tree (evaluate --write-tree) as a picture: "
                                         "SVG through GraphViz's dot, or the DOT text.");
    add_io(tree, *tree_args, "the decision tree file ('-' for standard input)",
           "  mastermind evaluate --game ordinary -P 3 -K 3 --strategy knuth --all --write-tree "
           "tree.txt\n"
           "  mastermind draw tree tree.txt -o tree.svg\n"
           "  mastermind draw tree tree.txt --format dot > tree.dot");
    tree->add_option("--format", tree_args->format, "svg (needs GraphViz's dot) or dot")
        ->check(one_of({"svg", "dot"}))
        ->capture_default_str();
    tree->callback([tree_args, &exit_status] {
        if (tree_args->format == "svg" && resolve_program("dot").empty()) {
            complain(
                "mastermind draw tree: --format svg needs GraphViz's dot, which is not installed "
                "(apt install graphviz); --format dot writes the DOT text\n");
            return void(exit_status = kExitFailure);
        }
        const auto decision_tree =
            read_tree_file("mastermind draw tree", tree_args->input, "tree file", true);
        if (!decision_tree) return void(exit_status = kExitFailure);
        try {
            const std::string dot = tree_dot(*decision_tree);
            if (tree_args->format == "dot") {
                exit_status = write_output("tree", tree_args->output, dot) ? kExitOk : kExitFailure;
            } else {
                exit_status = run_dot(dot, tree_args->output);
            }
        } catch (const std::exception& e) {
            complain("mastermind draw tree: {}\n", e.what());
            exit_status = kExitFailure;
        }
    });
}

}  // namespace mastermind::app
