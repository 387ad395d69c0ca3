// A LineChannel for tests: plays a fixed list of incoming lines (or events) and records what is
// written, with no processes and no waiting.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "mastermind/core/line_channel.hpp"

namespace mastermind::testing {

class ScriptedChannel final : public LineChannel {
  public:
    struct Incoming {
        Read kind = Read::line;
        std::string line;
    };

    explicit ScriptedChannel(std::vector<std::string> lines) {
        for (auto& l : lines) incoming_.push_back({Read::line, std::move(l)});
    }
    ScriptedChannel& then(Read event) {
        incoming_.push_back({event, {}});
        return *this;
    }

    Read read_line(std::string& line, std::optional<Clock::time_point>) override {
        if (incoming_.empty()) return Read::end_of_stream;
        auto next = std::move(incoming_.front());
        incoming_.pop_front();
        line = std::move(next.line);
        return next.kind;
    }
    bool write_line(std::string_view line, std::optional<Clock::time_point>) override {
        written.emplace_back(line);
        return !closed_for_writing;
    }

    std::vector<std::string> written;
    bool closed_for_writing = false;

  private:
    std::deque<Incoming> incoming_;
};

}  // namespace mastermind::testing
