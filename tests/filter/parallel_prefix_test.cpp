// The parallel prefix of `mastermind score`: any number of threads and any slice size give the
// bytes one thread gives, stop at the same line, and leave no thread behind when the sink fails.
#include "filter/parallel_prefix.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "mastermind/core/random.hpp"
#include "mastermind/filter/score_filter.hpp"
#include "mastermind/filter/score_input.hpp"

namespace mastermind::detail {
namespace {

// The text with the padding the kernels read around it.
struct Padded {
    explicit Padded(const std::string& text)
        : bytes(std::string(64, '\0') + text + std::string(256, '\0')) {}
    const char* begin() const { return bytes.data() + 64; }
    const char* end() const { return bytes.data() + bytes.size() - 256; }
    std::string bytes;
};

// One thread, the block scorer alone, to the first line it does not take.
std::pair<std::string, std::size_t> reference(const Padded& in, BlockScorer block) {
    std::string out;
    std::vector<char> buffer(1 << 16);
    const char* p = in.begin();
    for (;;) {
        const auto progress =
            block(p, in.end(), buffer.data(), buffer.data() + buffer.size(), Rules::adjacent);
        out.append(buffer.data(), static_cast<std::size_t>(progress.out - buffer.data()));
        if (progress.lines == 0) break;
        p = progress.next;
    }
    return {out, static_cast<std::size_t>(p - in.begin())};
}

TEST(ParallelPrefix, AnyThreadsAndSlicesGiveTheOneThreadResult) {
    Rng rng(31);
    std::string valid;
    for (int i = 0; i < 2000; ++i) append_score_line(rng, valid);
    const std::size_t middle = valid.find('\n', valid.size() / 2) + 1;
    const std::vector<std::string> texts{
        valid,                                                       // all taken
        valid + "AB BA",                                             // a last line without end
        valid.substr(0, middle) + "AB Ab\n" + valid.substr(middle),  // a bad line in the middle
        "AB AB\n#\n" + valid,                                        // "#" near the start
        std::string(5000, 'C') + "\n" + valid,                       // a long line first
    };
    const BlockScorer block = kernel_pair(ScoreKernel::best).block;
    for (std::size_t t = 0; t < texts.size(); ++t) {
        const Padded in(texts[t]);
        const auto [expected, stop] = reference(in, block);
        for (int threads : {1, 2, 3, 5}) {
            for (std::size_t slice : {std::size_t{97}, std::size_t{20'000}, std::size_t{1} << 20}) {
                StringSink sink;
                const char* last_done = in.begin();
                bool in_order = true;
                const auto progress = score_prefix_in_parallel(
                    in.begin(), in.end(), block, Rules::adjacent, threads, sink,
                    [&](const char* p) {
                        in_order = in_order && p >= last_done;
                        last_done = p;
                    },
                    slice);
                const std::string where = "text " + std::to_string(t) + ", " +
                                          std::to_string(threads) + " threads, slice " +
                                          std::to_string(slice);
                EXPECT_EQ(sink.text, expected) << where;
                EXPECT_EQ(static_cast<std::size_t>(progress.next - in.begin()), stop) << where;
                EXPECT_TRUE(in_order) << where;
                std::size_t lines = 0;
                for (char c : expected) lines += c == '\n';
                EXPECT_EQ(progress.lines, lines) << where;
            }
        }
    }
}

class FailingSink final : public OutputSink {
  public:
    void write(std::string_view) override {
        if (++writes == 3) throw std::runtime_error("disk full");
    }
    int writes = 0;
};

TEST(ParallelPrefix, AFailingSinkStopsAndJoinsTheWorkers) {
    Rng rng(37);
    std::string text;
    for (int i = 0; i < 20'000; ++i) append_score_line(rng, text);
    const Padded in(text);
    FailingSink sink;
    EXPECT_THROW(score_prefix_in_parallel(
                     in.begin(), in.end(), kernel_pair(ScoreKernel::best).block, Rules::adjacent, 3,
                     sink, [](const char*) {}, 1000),
                 std::runtime_error);
    EXPECT_EQ(sink.writes, 3);
}

}  // namespace
}  // namespace mastermind::detail
