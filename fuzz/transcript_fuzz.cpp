// Fuzzes the transcript readers: any text as a document of ```transcript blocks, each block's
// command read back into a game, and the game replayed with the block's solver lines. Nothing may
// crash or hang; a readable command must give a game the judge plays to one verdict.
#include <cstdint>
#include <string>
#include <string_view>

#include "mastermind/judge/transcript.hpp"

using namespace mastermind;

namespace {

// Feeds the transcript's solver lines to the judge and counts the judge's lines.
class ReplayChannel final : public LineChannel {
  public:
    explicit ReplayChannel(const std::vector<std::string>& lines) : lines_(lines) {}
    Read read_line(std::string& line, std::optional<Clock::time_point>) override {
        if (next_ >= lines_.size()) return Read::end_of_stream;
        line = lines_[next_++];
        return Read::line;
    }
    bool write_line(std::string_view, std::optional<Clock::time_point>) override {
        ++writes;
        return true;
    }
    std::size_t writes = 0;

  private:
    const std::vector<std::string>& lines_;
    std::size_t next_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 20000) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto transcripts = read_transcripts(text, error);
    for (const auto& t : transcripts) {
        const auto config = judge_config_from_command(t.command, error);
        if (!config) {
            if (error.empty()) __builtin_trap();  // a refusal always says why
            continue;
        }
        JudgeConfig quick = *config;
        quick.after_challenge = std::chrono::milliseconds(0);
        ReplayChannel channel(t.solver);
        const auto report = run_judge(channel, quick);
        if (report.verdict == Verdict::judge_error) __builtin_trap();
        if (channel.writes > t.solver.size() + 2)
            __builtin_trap();  // the header; a score and the verdict
    }
    return 0;
}
