// Fuzzes the protocol readers on both sides and the judge session: any bytes as the solver's
// lines (through a real pipe and FdLineChannel), and as judge lines for the solver's parsers.
// Nothing may crash, leak, hang or grow; the judge must end with one verdict and write at most
// one line per solver line plus the header.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "mastermind/batch/protocol.hpp"
#include "mastermind/judge/judge.hpp"
#include "mastermind/ordinary/protocol.hpp"

using namespace mastermind;

namespace {

class RecordingChannel final : public LineChannel {
  public:
    explicit RecordingChannel(LineChannel& in) : in_(in) {}
    Read read_line(std::string& line, std::optional<Clock::time_point> deadline) override {
        ++reads;
        return in_.read_line(line, deadline);
    }
    bool write_line(std::string_view, std::optional<Clock::time_point>) override {
        ++writes;
        return true;
    }
    int reads = 0, writes = 0;

  private:
    LineChannel& in_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 60000) return 0;  // must fit in one pipe buffer: nobody else reads or writes
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);

    // Solver-side parsers on every line.
    BatchParams params{4, 6, 4, 5};
    std::vector<HitBlow> answers;
    std::size_t start = 0;
    while (start <= bytes.size()) {
        auto end = bytes.find('\n', start);
        if (end == std::string_view::npos) end = bytes.size();
        const auto line = bytes.substr(start, end - start);
        BatchParams header;
        (void)protocol::parse_header(line, header);
        (void)protocol::parse_answers(line, params, answers);
        (void)protocol::parse_solver_line(line);
        start = end + 1;
    }

    // The judge reading the bytes from a pipe.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return 0;
    if (size && ::write(fds[1], data, size) != static_cast<ssize_t>(size)) __builtin_trap();
    ::close(fds[1]);
    FdLineChannel pipe_in(fds[0], -1, 64);
    RecordingChannel channel(pipe_in);
    JudgeConfig config = make_judge_config(params, std::nullopt, size);
    config.after_challenge = std::chrono::milliseconds(0);
    const auto report = run_judge(channel, config);
    ::close(fds[0]);
    if (report.verdict == Verdict::judge_error && !report.aborted) __builtin_trap();
    if (channel.writes > channel.reads + 1) __builtin_trap();
    return 0;
}
