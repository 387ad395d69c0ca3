// Fuzzes the judge session of every game: the first byte picks the game (ordinary or batch,
// classic or adjacent rules, a small size), the rest are the solver's bytes, read through a real
// pipe as the judge reads a contestant. The judge must end with exactly one verdict, never a judge
// error, write at most one line per solver line plus the header and the ordinary game's verdict
// line, and accept only a game whose last message named the secret.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mastermind/batch/protocol.hpp"
#include "mastermind/judge/judge.hpp"
#include "mastermind/ordinary/protocol.hpp"

using namespace mastermind;

namespace {

// Counts the judge's lines and keeps the solver's last one.
class RecordingChannel final : public LineChannel {
  public:
    explicit RecordingChannel(LineChannel& in) : in_(in) {}
    Read read_line(std::string& line, std::optional<Clock::time_point> deadline) override {
        const auto got = in_.read_line(line, deadline);
        if (got == Read::line) ++reads, last = line;
        return got;
    }
    bool write_line(std::string_view, std::optional<Clock::time_point>) override {
        ++writes;
        return true;
    }
    int reads = 0, writes = 0;
    std::string last;

  private:
    LineChannel& in_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 60000) return 0;  // the rest must fit in one pipe buffer
    const std::uint8_t choice = data[0];
    const Rules rules = (choice & 1) ? Rules::adjacent : Rules::classic;
    const bool ordinary = choice & 2;
    const int pegs = 2 + ((choice >> 2) & 3);     // 2..5
    const int colours = 2 + ((choice >> 4) & 7);  // 2..9

    JudgeConfig config;
    if (ordinary) {
        OrdinaryParams p;
        p.rules = rules, p.pegs = pegs, p.colours = colours, p.max_guesses = 6;
        config = make_ordinary_judge_config(p, std::nullopt, size);
    } else {
        BatchParams p{pegs, colours, 1 + (choice >> 7) * 3, 5};
        p.rules = rules;
        config = make_judge_config(p, std::nullopt, size);
    }
    config.after_challenge = std::chrono::milliseconds(0);

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return 0;
    if (size > 1 && ::write(fds[1], data + 1, size - 1) != static_cast<ssize_t>(size - 1))
        __builtin_trap();
    ::close(fds[1]);
    FdLineChannel pipe_in(fds[0], -1, protocol::kMaxLineBytes);
    RecordingChannel channel(pipe_in);
    int events = 0, verdicts = 0;
    const auto report = run_judge(channel, config, [&](const nlohmann::json& e) {
        ++events;
        if (e.value("event", "") == "verdict") ++verdicts;
    });
    ::close(fds[0]);
    if (report.verdict == Verdict::judge_error) __builtin_trap();
    if (verdicts != 1 || events < 2) __builtin_trap();
    if (channel.writes > channel.reads + 2)
        __builtin_trap();  // the header; a score and the verdict
    if (report.verdict == Verdict::accepted) {
        const std::string secret = secret_text(config);
        const std::string expected = (ordinary ? "guess " : "challenge ") + secret;
        if (channel.last != expected) __builtin_trap();
    }
    return 0;
}
