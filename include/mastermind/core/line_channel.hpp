// Line-based conversation with another program over file descriptors, hardened against a peer
// that stalls (deadlines), floods (a cap on line length), sends garbage or dies (end of stream,
// broken pipe): no call blocks past its deadline and none grows memory without bound.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace mastermind {

using Clock = std::chrono::steady_clock;

class LineChannel {
  public:
    enum class Read {
        line,           // `line` holds one line without "\n"
        end_of_stream,  // the peer closed its output (possibly mid-line)
        timeout,        // the deadline passed first
        too_long,       // no "\n" within the line limit
        aborted,        // the watchdog said stop
        error,          // read(2) failed
    };

    virtual ~LineChannel() = default;
    virtual Read read_line(std::string& line, std::optional<Clock::time_point> deadline) = 0;
    // Writes `line` and "\n". False if the peer is gone (broken pipe), the write failed, or the
    // peer stopped reading and the deadline passed.
    virtual bool write_line(std::string_view line,
                            std::optional<Clock::time_point> deadline = std::nullopt) = 0;
};

class FdLineChannel final : public LineChannel {
  public:
    // `watchdog`, if set, is called at least every `tick` while waiting; returning false aborts.
    FdLineChannel(int in_fd, int out_fd, std::size_t max_line, std::function<bool()> watchdog = {},
                  std::chrono::milliseconds tick = std::chrono::milliseconds(10));
    Read read_line(std::string& line, std::optional<Clock::time_point> deadline) override;
    bool write_line(std::string_view line,
                    std::optional<Clock::time_point> deadline = std::nullopt) override;

  private:
    int in_fd_, out_fd_;
    std::size_t max_line_;
    std::function<bool()> watchdog_;
    std::chrono::milliseconds tick_;
    std::string pending_;  // bytes read past the last line returned
    bool eof_ = false;
};

}  // namespace mastermind

namespace mastermind {

// Passes everything through to another channel and writes each line that crosses it to `out`
// as "judge> ..." or "solver> ..." (the transcript format of docs/protocol.md), from the point
// of view of the side that owns it (`self` names its own lines).
class TranscriptChannel final : public LineChannel {
  public:
    TranscriptChannel(LineChannel& inner, std::FILE* out, std::string self, std::string peer)
        : inner_(inner), out_(out), self_(std::move(self)), peer_(std::move(peer)) {}
    Read read_line(std::string& line, std::optional<Clock::time_point> deadline) override;
    bool write_line(std::string_view line, std::optional<Clock::time_point> deadline) override;

  private:
    LineChannel& inner_;
    std::FILE* out_;
    std::string self_, peer_;
};

}  // namespace mastermind
