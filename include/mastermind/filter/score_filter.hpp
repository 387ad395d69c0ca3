// `mastermind score` as a library: a streaming filter from "TARGET GUESS" lines to scores.
//
// Input: lines "TARGET GUESS", two strings of 2..50 letters A-Z of equal length separated by one
// space; "\n" or "\r\n" line ends; a line holding only "#" ends the input; so does end of input.
// Output per line: "GUESS: b black, g grey, w white" (adjacent rules) or
// "GUESS: b black, w white" (classic rules). Memory is a fixed pair of buffers whatever the input.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mastermind/core/scoring.hpp"
#include "mastermind/filter/io.hpp"

namespace mastermind {

namespace detail {
struct BlockProgress;
struct KernelPair;
}  // namespace detail

inline constexpr int kScoreMinPegs = 2;
inline constexpr int kScoreMaxPegs = 50;

struct LineError {
    std::string_view source;  // file name, or "<stdin>"
    std::uint64_t line;       // 1-based
    std::string message;
};

// What is wrong with a line that is not a valid "TARGET GUESS" pair (without its line end), or
// an empty string if it is valid. Used for diagnostics, off the fast path.
std::string diagnose_score_line(std::string_view line);

// The instruction set of the filter's inner loop. Every kernel gives the same output (the tests
// compare them); `best` is the fastest this processor runs: avx512, else avx2, else portable.
enum class ScoreKernel { best, portable, avx2, avx512 };
bool score_kernel_supported(ScoreKernel kernel);
ScoreKernel resolve_score_kernel(ScoreKernel kernel);    // best -> the kernel it stands for
std::string_view score_kernel_name(ScoreKernel kernel);  // best is "auto"
std::optional<ScoreKernel> parse_score_kernel(std::string_view name);

struct ScoreFilterOptions {
    Rules rules = Rules::adjacent;
    bool keep_going = false;  // report every bad line and score the rest, instead of stopping
    // Size of the input and of the output buffer (at least 256): memory use, and the longest
    // line that is read in full (a longer one is reported as too long).
    std::size_t buffer_bytes = std::size_t{1} << 20;
    ScoreKernel kernel = ScoreKernel::best;  // must be supported here
    // Threads for a mapped file (run(MappedFile&)): its valid lines are scored in slices in
    // parallel and written in order; the output and messages are those of one thread.
    int threads = 1;
};

class ScoreFilter {
  public:
    using ErrorHandler = std::function<void(const LineError&)>;

    ScoreFilter(ScoreFilterOptions options, OutputSink& out, ErrorHandler on_error);
    ~ScoreFilter();
    ScoreFilter(const ScoreFilter&) = delete;
    ScoreFilter& operator=(const ScoreFilter&) = delete;

    enum class Outcome {
        end_of_input,  // the source ran out; more sources may follow
        terminated,    // a "#" line ended the input
        stopped,       // a bad line, and keep_going is off
    };
    // Scores one source. Output is flushed to the sink before each error is reported, so every
    // line scored before a bad line is already written when the error is seen.
    Outcome run(InputSource& in, std::string_view source_name);
    // The same for a mapped regular file, scored in place without copying (the same output and
    // messages as streaming it).
    Outcome run(MappedFile& file, std::string_view source_name);
    void flush();

    std::uint64_t lines_scored() const { return scored_; }
    std::uint64_t bad_lines() const { return bad_; }

  private:
    class Buffers;
    struct ScanState {
        std::uint64_t number = 0;    // lines started so far
        bool skipping_long = false;  // inside a line longer than the buffer, already reported
    };
    std::optional<Outcome> scan(const char*& p, const char* end, bool at_end,
                                std::string_view source, ScanState& state);
    void report_long_line(std::string_view source, std::uint64_t number);
    bool process_line(const char* line, std::size_t length, std::string_view source,
                      std::uint64_t number, bool& terminated);
    void report(std::string_view source, std::uint64_t number, std::string message);

    ScoreFilterOptions options_;
    OutputSink& out_;
    ErrorHandler on_error_;
    std::unique_ptr<Buffers> buffers_;
    std::unique_ptr<detail::KernelPair> kernels_;
    std::uint64_t scored_ = 0;
    std::uint64_t bad_ = 0;
};

}  // namespace mastermind
