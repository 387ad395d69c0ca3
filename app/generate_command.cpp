// `mastermind generate`: seeded inputs for benchmarks and tests.
#include <unistd.h>

#include <cstdint>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/filter/io.hpp"
#include "mastermind/filter/score_filter.hpp"
#include "mastermind/filter/score_input.hpp"
#include "option_checks.hpp"

namespace mastermind::app {

namespace {

struct GenerateArgs {
    std::uint64_t bytes = 100'000'000;
    std::uint64_t seed = 1;
    int pegs = 0;     // 0: each line draws 2..50
    int colours = 0;  // 0: each line draws 2..26
};

// A generous bound that still cannot fill a disk by a typo (--bytes 1e15).
constexpr std::int64_t kMaxGenerateBytes = 10'000'000'000;

int run_generate_score_input(const GenerateArgs& args) {
    Rng rng(args.seed);
    ScoreLineShape shape;
    if (args.pegs > 0) shape.min_pegs = shape.max_pegs = args.pegs;
    if (args.colours > 0) shape.min_colours = shape.max_colours = args.colours;
    FdSink out(STDOUT_FILENO);
    std::string chunk;
    std::uint64_t written = 0;
    try {
        while (written < args.bytes) {
            chunk.clear();
            while (chunk.size() < (1u << 20) && written + chunk.size() < args.bytes) {
                append_score_line(rng, chunk, shape);
            }
            out.write(chunk);
            written += chunk.size();
        }
        out.write("#\n");
    } catch (const std::system_error& e) {
        complain("mastermind generate: cannot write the output: {}\n", output_error(e));
        return kExitFailure;
    }
    return kExitOk;
}

}  // namespace

void add_generate_command(CLI::App& app, int& exit_status) {
    CLI::App* cmd = app.add_subcommand("generate", "Write seeded test inputs to standard output.");
    cmd->require_subcommand(1);
    auto args = std::make_shared<GenerateArgs>();
    CLI::App* score_input = cmd->add_subcommand(
        "score-input",
        "Lines for 'mastermind score': lengths 2..50 and alphabets of 2..26 letters (or as "
        "--pegs and --colours fix them), random pairs and near-copies with "
        "neighbours swapped (grey is common), ended by '#'. The same seed gives the same bytes.");
    const char* examples =
        "\nExamples:\n  mastermind generate score-input --bytes 100M --seed 7 > input.txt\n"
        "  mastermind generate score-input --bytes 100M --pegs 50 --colours 26 > long-lines.txt\n"
        "  mastermind generate score-input --bytes 1M | mastermind score | head";
    cmd->footer(examples);
    score_input->footer(examples);
    score_input
        ->add_option(
            "--bytes", args->bytes,
            "stop after at least this many bytes (suffixes k, M, G: powers of 1000; at most 10G)")
        // Transforms run last added first: leading zeros dropped (AsSizeValue reads "010k" as
        // octal), the suffix expanded, then the range checked.
        ->transform(integer_in(1, kMaxGenerateBytes))
        ->transform(CLI::AsSizeValue(true))
        ->transform(decimal_prefix())
        ->capture_default_str();
    score_input->add_option("--seed", args->seed, "seed of the generator")
        ->capture_default_str()
        ->transform(seed_value());
    score_input
        ->add_option("--pegs", args->pegs, "every line this long (default: each draws 2 to 50)")
        ->transform(integer_in(kScoreMinPegs, kScoreMaxPegs));
    score_input
        ->add_option("--colours", args->colours,
                     "every line from the first N letters (default: each draws 2 to 26)")
        ->transform(integer_in(1, 26));
    score_input->callback([args, &exit_status] { exit_status = run_generate_score_input(*args); });
}

}  // namespace mastermind::app
