#include "mastermind/filter/score_filter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

#include "letter_kernel.hpp"
#include "parallel_prefix.hpp"

namespace mastermind {

namespace {

constexpr std::size_t kFrontPad = 64;  // the kernel reads target[-1]
constexpr std::size_t kBackPad = 256;  // the block scorer reads up to 128 bytes past the data
constexpr std::size_t kMinBufferBytes = 256;     // room for the longest line's output
constexpr std::size_t kLongestOutputLine = 128;  // what format_score_line may touch for a line

std::string describe_byte(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u == ' ') return "a space";
    if (u == '\t') return "a tab";
    if (u == '\r') return "a carriage return";
    if (u >= 0x21 && u < 0x7f) return fmt::format("'{}'", c);
    return fmt::format("byte 0x{:02X}", u);
}

}  // namespace

std::string diagnose_score_line(std::string_view line) {
    if (line.empty()) return "empty line, expected 'TARGET GUESS'";
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if ((c < 'A' || c > 'Z') && c != ' ') {
            return fmt::format("column {}: {} where an upper-case letter A-Z was expected", i + 1,
                               describe_byte(c));
        }
    }
    std::vector<std::string_view> tokens;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        if (i == line.size() || line[i] == ' ') {
            if (i == start) {
                return fmt::format(
                    "column {}: unexpected space, expected exactly one space between TARGET and "
                    "GUESS and none at either end",
                    i + 1 - (i == line.size()));
            }
            tokens.push_back(line.substr(start, i - start));
            start = i + 1;
        }
    }
    if (tokens.size() == 1) return "missing GUESS, expected 'TARGET GUESS'";
    if (tokens.size() > 2) {
        return fmt::format("extra token '{}' at column {}, expected only 'TARGET GUESS'",
                           tokens[2].substr(0, 60), tokens[2].data() - line.data() + 1);
    }
    for (int which = 0; which < 2; ++which) {
        const std::size_t pegs = tokens[which].size();
        if (pegs < kScoreMinPegs || pegs > kScoreMaxPegs) {
            return fmt::format("{} has {} pegs, expected {} to {}", which == 0 ? "TARGET" : "GUESS",
                               pegs, kScoreMinPegs, kScoreMaxPegs);
        }
    }
    if (tokens[0].size() != tokens[1].size()) {
        return fmt::format("TARGET has {} pegs but GUESS has {}, expected equal lengths",
                           tokens[0].size(), tokens[1].size());
    }
    return {};
}

class ScoreFilter::Buffers {
  public:
    explicit Buffers(std::size_t bytes)
        : capacity(std::max(bytes, kMinBufferBytes)),
          input(kFrontPad + this->capacity + kBackPad),
          output(this->capacity) {}
    char* data() { return input.data() + kFrontPad; }

    std::size_t capacity;  // of each buffer: the longest line reported in full

    std::vector<char> input;  // zero-filled once so that padding reads are defined
    std::vector<char> output;
    std::size_t output_used = 0;
};

ScoreFilter::ScoreFilter(ScoreFilterOptions options, OutputSink& out, ErrorHandler on_error)
    : options_(options),
      out_(out),
      on_error_(std::move(on_error)),
      buffers_(std::make_unique<Buffers>(options.buffer_bytes)),
      kernels_(std::make_unique<detail::KernelPair>(detail::kernel_pair(options.kernel))) {
    if (!score_kernel_supported(options.kernel)) {
        throw std::invalid_argument(fmt::format("this processor does not run the {} kernel",
                                                score_kernel_name(options.kernel)));
    }
}

ScoreFilter::~ScoreFilter() = default;

void ScoreFilter::flush() {
    if (buffers_->output_used == 0) return;
    out_.write({buffers_->output.data(), buffers_->output_used});
    buffers_->output_used = 0;
}

void ScoreFilter::report(std::string_view source, std::uint64_t number, std::string message) {
    ++bad_;
    flush();
    on_error_(LineError{source, number, std::move(message)});
}

bool ScoreFilter::process_line(const char* line, std::size_t length, std::string_view source,
                               std::uint64_t number, bool& terminated) {
    // Fast path: a valid line is 2n+1 bytes with the space in the middle; the kernel checks the
    // letters while it scores.
    if (length >= 2 * kScoreMinPegs + 1 && length <= 2 * kScoreMaxPegs + 1 && (length & 1)) {
        const int n = static_cast<int>(length / 2);
        const char* guess = line + n + 1;
        Score s;
        if (line[n] == ' ' && kernels_->letters(line, guess, n, options_.rules, s)) {
            if (buffers_->output_used + kLongestOutputLine > buffers_->capacity) flush();
            char* out = buffers_->output.data() + buffers_->output_used;
            out = detail::format_score_line(out, guess, n, options_.rules, s);
            buffers_->output_used = static_cast<std::size_t>(out - buffers_->output.data());
            ++scored_;
            return true;
        }
    }
    if (length == 1 && line[0] == '#') {
        terminated = true;
        return true;
    }
    std::string why = diagnose_score_line({line, length});
    if (why.empty()) why = "internal error: a valid line was rejected by the fast path";
    report(source, number, std::move(why));
    return options_.keep_going;
}

// Scores the lines of [p, end) (`at_end`: nothing follows `end` in this source), leaving `p` at the
// start of an unfinished line when more input may complete it. Returns the outcome, or nothing when
// it needs more input. `in_place`: the bytes are the whole source (a mapped file), so a line
// longer than the buffer is measured here rather than by filling the buffer.
std::optional<ScoreFilter::Outcome> ScoreFilter::scan(const char*& p, const char* end, bool at_end,
                                                      std::string_view source, ScanState& state) {
    bool terminated = false;
    for (;;) {
        if (!state.skipping_long) {  // as many valid lines as possible in one tight loop
            char* const output = buffers_->output.data();
            const auto block = kernels_->block(p, end, output + buffers_->output_used,
                                               output + buffers_->capacity, options_.rules);
            buffers_->output_used = static_cast<std::size_t>(block.out - output);
            scored_ += block.lines;
            state.number += block.lines;
            p = block.next;
            if (buffers_->capacity - buffers_->output_used < detail::kBlockOutputReserve) {
                flush();
                continue;
            }
        }
        // One line the block scorer did not take: bad, "#", unfinished, or the last one.
        const char* newline =
            static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (newline == nullptr) {
            if (p == end) return at_end ? std::optional{Outcome::end_of_input} : std::nullopt;
            if (!at_end) return std::nullopt;
            newline = end;  // the last line has no line end
        }
        const char* next = newline == end ? end : newline + 1;
        if (state.skipping_long) {
            state.skipping_long = false;
            p = next;
            continue;
        }
        if (static_cast<std::size_t>(newline - p) >= buffers_->capacity) {  // in place only
            report_long_line(source, ++state.number);
            if (!options_.keep_going) return Outcome::stopped;
            p = next;
            continue;
        }
        ++state.number;
        std::size_t length = static_cast<std::size_t>(newline - p);
        if (length > 0 && p[length - 1] == '\r') --length;
        if (!process_line(p, length, source, state.number, terminated)) return Outcome::stopped;
        if (terminated) return Outcome::terminated;
        p = next;
    }
}

void ScoreFilter::report_long_line(std::string_view source, std::uint64_t number) {
    report(source, number,
           fmt::format("line longer than {} bytes, expected 'TARGET GUESS' of at most {} bytes",
                       buffers_->capacity, 2 * kScoreMaxPegs + 1));
}

ScoreFilter::Outcome ScoreFilter::run(InputSource& in, std::string_view source) {
    char* const data = buffers_->data();
    std::size_t carried = 0;  // bytes of an unfinished line at the front of the buffer
    ScanState state;
    for (;;) {
        const std::size_t got = in.read(data + carried, buffers_->capacity - carried);
        const bool at_end = got == 0;
        const char* const end = data + carried + got;
        const char* p = data;
        if (const auto outcome = scan(p, end, at_end, source, state)) return *outcome;
        carried = static_cast<std::size_t>(end - p);
        if (carried == buffers_->capacity) {  // no line end in a full buffer
            if (!state.skipping_long) {
                report_long_line(source, ++state.number);
                if (!options_.keep_going) return Outcome::stopped;
                state.skipping_long = true;
            }
            carried = 0;
        } else if (carried > 0) {
            std::memmove(data, p, carried);
        }
    }
}

ScoreFilter::Outcome ScoreFilter::run(MappedFile& file, std::string_view source) {
    // Slices of 16 buffers (16 MiB by default), so that the pages already scored can be let go:
    // the filter's memory stays flat whatever the file's size.
    const std::size_t kSlice = 16 * buffers_->capacity;
    const std::string_view bytes = file.bytes();
    const char* p = bytes.data();
    const char* const end = bytes.data() + bytes.size();
    ScanState state;
    if (options_.threads > 1) {
        // The valid lines first, on every thread; from the first other line on (if any), one
        // thread, as below.
        flush();
        const auto prefix = detail::score_prefix_in_parallel(
            p, end, kernels_->block, options_.rules, options_.threads, out_,
            [&](const char* scored) { file.release_before(scored); });
        p = prefix.next;
        state.number = prefix.lines;
        scored_ += prefix.lines;
    }
    for (;;) {
        const char* slice_end = static_cast<std::size_t>(end - p) > kSlice ? p + kSlice : end;
        if (const auto outcome = scan(p, slice_end, slice_end == end, source, state))
            return *outcome;
        // scan stopped at an unfinished line: the next slice runs past it (a line longer than a
        // slice is taken by the in-place check once its end is in view).
        if (slice_end - p >= static_cast<std::ptrdiff_t>(kSlice / 2)) {
            const char* line_end = static_cast<const char*>(
                std::memchr(slice_end, '\n', static_cast<std::size_t>(end - slice_end)));
            slice_end = line_end ? line_end + 1 : end;
            if (const auto outcome = scan(p, slice_end, slice_end == end, source, state)) {
                return *outcome;
            }
        }
        file.release_before(p);
    }
}

}  // namespace mastermind
