// Reading files people give (logs, trees, reports, secrets, tables) with a bound on what is held:
// a line longer than its limit, or a file larger than its total, is refused instead of being read
// into memory, so /dev/zero or an endless pipe ends with a message and never grows without bound.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>

#include <fmt/format.h>

namespace mastermind {

// A size in the largest unit that divides it: "4 KiB", "64 MiB", "100 bytes".
inline std::string size_text(std::uint64_t bytes) {
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
    if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return fmt::format("{} KiB", bytes >> 10);
    return fmt::format("{} bytes", bytes);
}

// Lines of a stream, each at most `max_line` bytes and all of them at most `max_total`.
class BoundedLines {
  public:
    enum class Read {
        line,      // `line` holds the next line, without its "\n" (a "\r" before it is dropped)
        end,       // no more lines
        too_long,  // a line longer than max_line
        too_big,   // more than max_total bytes in all
    };

    BoundedLines(std::istream& in, std::size_t max_line, std::uint64_t max_total)
        : in_(in), max_line_(max_line), max_total_(max_total) {}

    Read next(std::string& line) {
        line.clear();
        auto* buffer = in_.rdbuf();
        if (!buffer) return Read::end;
        bool any = false;
        for (;;) {
            const auto c = buffer->sbumpc();
            if (c == std::istream::traits_type::eof()) break;
            any = true;
            if (++bytes_ > max_total_) return Read::too_big;
            if (c == '\n') break;
            if (line.size() >= max_line_) return Read::too_long;
            line.push_back(static_cast<char>(c));
        }
        if (!any) return Read::end;
        ++number_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return Read::line;
    }

    // Why next() gave `result`, for a message after "FILE:LINE: ": "a line longer than 4 KiB",
    // "the file is larger than 16 MiB, the limit for this kind of file".
    std::string why(Read result) const {
        if (result == Read::too_long)
            return fmt::format("a line longer than {}", size_text(max_line_));
        if (result == Read::too_big) {
            return fmt::format("the file is larger than {}, the limit for this kind of file",
                               size_text(max_total_));
        }
        return {};
    }

    std::size_t number() const { return number_; }  // lines returned so far; the failed one is +1

  private:
    std::istream& in_;
    std::size_t max_line_;
    std::uint64_t max_total_;
    std::uint64_t bytes_ = 0;
    std::size_t number_ = 0;
};

// The whole of `in` into `out` if it holds at most `max_total` bytes; false (out partly filled)
// if it holds more.
inline bool read_bounded(std::istream& in, std::uint64_t max_total, std::string& out) {
    out.clear();
    auto* buffer = in.rdbuf();
    if (!buffer) return true;
    char chunk[65536];
    for (;;) {
        const auto n = buffer->sgetn(chunk, sizeof chunk);
        if (n <= 0) return true;
        if (out.size() + static_cast<std::uint64_t>(n) > max_total) return false;
        out.append(chunk, static_cast<std::size_t>(n));
    }
}

}  // namespace mastermind
