// The `score` filter as a library: the sample byte for byte, line ends, errors and streaming.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <unistd.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mastermind/core/random.hpp"
#include "mastermind/filter/score_filter.hpp"
#include "mastermind/filter/score_input.hpp"

namespace mastermind {
namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct FilterRun {
    std::string output;
    std::vector<std::string> errors;  // "line: message"
    ScoreFilter::Outcome outcome{};
    std::uint64_t scored = 0;
};

FilterRun run_filter(std::string_view input, ScoreFilterOptions options = {},
                     std::size_t chunk = SIZE_MAX) {
    FilterRun run;
    StringSink sink;
    ScoreFilter filter(options, sink, [&](const LineError& e) {
        // Everything scored before the bad line must already be in the sink.
        run.errors.push_back(fmt::format("{}|{}: {}", sink.text.size(), e.line, e.message));
    });
    StringSource source(input, chunk);
    run.outcome = filter.run(source, "test");
    filter.flush();
    run.output = sink.text;
    run.scored = filter.lines_scored();
    return run;
}

TEST(ScoreFilter, ReproducesThePublicSampleByteForByte) {
    const auto input = read_file(MASTERMIND_TEST_DATA "/adjacent-sample.in");
    const auto expected = read_file(MASTERMIND_TEST_DATA "/adjacent-sample.out");
    ASSERT_FALSE(input.empty());
    const auto run = run_filter(input);
    EXPECT_EQ(run.output, expected);
    EXPECT_TRUE(run.errors.empty());
    EXPECT_EQ(run.outcome, ScoreFilter::Outcome::terminated);
}

TEST(ScoreFilter, ClassicRulesWriteBlackAndWhiteOnly) {
    const auto run = run_filter("ABCD ACEB\nABCD BEAA\n#\n", {Rules::classic, false});
    EXPECT_EQ(run.output, "ACEB: 1 black, 2 white\nBEAA: 0 black, 2 white\n");
}

TEST(ScoreFilter, AcceptsCrLfAndAMissingFinalLineEnd) {
    EXPECT_EQ(run_filter("ABCD AAAA\r\nABCD ABCD").output,
              "AAAA: 1 black, 0 grey, 0 white\nABCD: 4 black, 0 grey, 0 white\n");
    EXPECT_EQ(run_filter("ABCD AAAA\r\n#\r\nABCD ABCD\n").output,
              "AAAA: 1 black, 0 grey, 0 white\n");
}

TEST(ScoreFilter, EndOfInputWithoutTerminatorEndsNormally) {
    const auto run = run_filter("AB BA\n");
    EXPECT_EQ(run.output, "BA: 0 black, 2 grey, 0 white\n");
    EXPECT_EQ(run.outcome, ScoreFilter::Outcome::end_of_input);
    EXPECT_EQ(run_filter("").output, "");
}

TEST(ScoreFilter, StopsAtTheFirstBadLineWithEverythingBeforeItWritten) {
    const auto run = run_filter("AB AB\nAB BA\nABC AB\nAB AB\n");
    EXPECT_EQ(run.outcome, ScoreFilter::Outcome::stopped);
    EXPECT_EQ(run.output, "AB: 2 black, 0 grey, 0 white\nBA: 0 black, 2 grey, 0 white\n");
    ASSERT_EQ(run.errors.size(), 1u);
    EXPECT_EQ(run.errors[0],
              fmt::format("{}|3: TARGET has 3 pegs but GUESS has 2, expected equal lengths",
                          run.output.size()));
}

TEST(ScoreFilter, KeepGoingReportsEveryBadLineAndScoresTheRest) {
    const auto run = run_filter("AB AB\nab AB\nAB\n\nAB BA\n", {Rules::adjacent, true});
    EXPECT_EQ(run.outcome, ScoreFilter::Outcome::end_of_input);
    EXPECT_EQ(run.output, "AB: 2 black, 0 grey, 0 white\nBA: 0 black, 2 grey, 0 white\n");
    ASSERT_EQ(run.errors.size(), 3u);
    EXPECT_NE(run.errors[0].find("2: column 1: 'a' where an upper-case letter"), std::string::npos);
    EXPECT_NE(run.errors[1].find("3: missing GUESS"), std::string::npos);
    EXPECT_NE(run.errors[2].find("4: empty line"), std::string::npos);
}

TEST(ScoreFilter, NamesWhatIsWrongWithEachKindOfBadLine) {
    struct Case {
        std::string line, message;
    };
    const std::vector<Case> cases{
        {"A A", "TARGET has 1 pegs, expected 2 to 50"},
        {std::string(51, 'A') + " " + std::string(51, 'A'), "TARGET has 51 pegs, expected 2 to 50"},
        {"AB ABC", "TARGET has 2 pegs but GUESS has 3"},
        {"AB  AB", "column 4: unexpected space"},
        {" AB AB", "column 1: unexpected space"},
        {"AB AB ", "column 6: unexpected space"},
        {"AB AB AB", "extra token 'AB' at column 7"},
        {"AB\tAB", "column 3: a tab where"},
        {"AB A\x01", "column 5: byte 0x01 where"},
        {"AB\rAB", "column 3: a carriage return where"},
        {"#x", "column 1: '#' where"},
    };
    for (const auto& c : cases) {
        const auto run = run_filter(c.line + "\n");
        ASSERT_EQ(run.errors.size(), 1u) << c.line;
        EXPECT_NE(run.errors[0].find(c.message), std::string::npos)
            << c.line << " -> " << run.errors[0];
    }
}

TEST(ScoreFilter, ALineLongerThanTheBufferIsReportedAndSkipped) {
    std::string input = "AB AB\n" + std::string(3 << 20, 'A') + "\nAB BA\n";
    const auto stop = run_filter(input);
    EXPECT_EQ(stop.outcome, ScoreFilter::Outcome::stopped);
    ASSERT_EQ(stop.errors.size(), 1u);
    EXPECT_NE(stop.errors[0].find("2: line longer than"), std::string::npos);
    const auto keep = run_filter(input, {Rules::adjacent, true});
    EXPECT_EQ(keep.output, "AB: 2 black, 0 grey, 0 white\nBA: 0 black, 2 grey, 0 white\n");
    EXPECT_EQ(keep.errors.size(), 1u);
}

// Reads split anywhere (down to one byte) must not change a single output byte.
TEST(ScoreFilter, OutputDoesNotDependOnHowReadsSplitTheInput) {
    Rng rng(5);
    std::string input;
    for (int i = 0; i < 3000; ++i) append_score_line(rng, input);
    const auto whole = run_filter(input);
    EXPECT_EQ(whole.scored, 3000u);
    for (std::size_t chunk : {1, 2, 3, 7, 64, 101, 4096}) {
        EXPECT_EQ(run_filter(input, {}, chunk).output, whole.output) << "chunk " << chunk;
    }
}

// Bulk differential check of the whole filter (parsing, kernel, formatting) against the
// reference scorer, on the generator's mix of random pairs and near-copies.
TEST(ScoreFilter, MatchesTheReferenceScorerLineByLine) {
    Rng rng(11);
    std::string input;
    for (int i = 0; i < 100'000; ++i) append_score_line(rng, input);
    for (Rules rules : {Rules::adjacent, Rules::classic}) {
        const auto run = run_filter(input, {rules, false});
        std::string expected;
        std::istringstream lines(input);
        std::string target, guess;
        while (lines >> target >> guess) {
            auto target_code = *Code::parse(target, Alphabet::letters(), 26);
            auto guess_code = *Code::parse(guess, Alphabet::letters(), 26);
            const Score s = score(rules, target_code, guess_code);
            expected += rules == Rules::adjacent
                            ? fmt::format("{}: {} black, {} grey, {} white\n", guess, s.black,
                                          s.grey, s.white)
                            : fmt::format("{}: {} black, {} white\n", guess, s.black, s.white);
        }
        EXPECT_EQ(run.output, expected);
    }
}

// Every kernel this processor runs gives the portable kernel's output byte for byte, errors
// included: valid lines of every length 2..50 mixed with bad ones (a lower-case letter, unequal
// lengths, a missing space, CRLF, an overlong line), with reads split at odd sizes so that lines
// straddle the buffer's refills.
TEST(ScoreFilter, EveryKernelGivesThePortableOutput) {
    Rng rng(17);
    std::string input;
    for (int i = 0; i < 20'000; ++i) {
        append_score_line(rng, input);
        switch (rng.below(40)) {
            case 0:
                input += "ABcD ABCD\n";
                break;
            case 1:
                input += "ABC ABCD\n";
                break;
            case 2:
                input += "ABCDABCD\n";
                break;
            case 3:
                input += "ABCD DCBA\r\n";
                break;
            case 4:
                input.append(60, 'Q').append(" ").append(60, 'Q').append("\n");
                break;
            default:
                break;
        }
    }
    const std::vector<ScoreKernel> kernels{ScoreKernel::portable, ScoreKernel::avx2,
                                           ScoreKernel::avx512};
    for (Rules rules : {Rules::adjacent, Rules::classic}) {
        ScoreFilterOptions portable{rules, true};
        portable.kernel = ScoreKernel::portable;
        const auto expected = run_filter(input, portable);
        ASSERT_GT(expected.scored, 19'000u);
        ASSERT_GT(expected.errors.size(), 1'000u);
        for (ScoreKernel kernel : kernels) {
            if (!score_kernel_supported(kernel)) {
                fmt::print(stderr, "note: the {} kernel is not tested: this processor lacks it\n",
                           score_kernel_name(kernel));
                continue;
            }
            ScoreFilterOptions options = portable;
            options.kernel = kernel;
            for (std::size_t chunk : {std::size_t{4093}, SIZE_MAX}) {
                const auto run = run_filter(input, options, chunk);
                EXPECT_EQ(run.output, expected.output)
                    << score_kernel_name(kernel) << " chunk " << chunk;
                EXPECT_EQ(run.errors, expected.errors) << score_kernel_name(kernel);
            }
        }
    }
}

// A regular file is scored in place (MappedFile); it must give exactly what streaming gives:
// output, messages and outcome, with lines across the mapped slices (16 buffers each), lines
// longer than the buffer and than a slice, a last line without its end, and "#" inside.
TEST(ScoreFilter, AMappedFileGivesTheStreamedResult) {
    Rng rng(23);
    std::string input;
    for (int i = 0; i < 6000; ++i) {
        append_score_line(rng, input);
        if (i == 1000) input.append(10'000, 'A').append("\n");
        if (i == 3000) input.append(300'000, 'B').append("\r\n");
        if (i == 4000) input += "ABcD ABCD\n";
    }
    for (const std::string& text :
         {input, input + "AB BA", input + "#\nAB AB\n", std::string("AB")}) {
        char path[] = "/tmp/mastermind-mapped-XXXXXX";
        const int fd = ::mkstemp(path);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
        ::lseek(fd, 0, SEEK_SET);
        auto mapped = MappedFile::map(fd);
        ASSERT_TRUE(mapped);
        EXPECT_EQ(mapped->bytes(), text);
        for (int variant = 0; variant < 12; ++variant) {
            ScoreFilterOptions options{Rules::adjacent, variant % 2 == 1};
            options.buffer_bytes = std::array<std::size_t, 3>{256, 4096, 1 << 20}[variant / 2 % 3];
            options.threads = variant < 6 ? 1 : 3;
            const std::string where =
                fmt::format("buffer {}, keep going {}, threads {}", options.buffer_bytes,
                            options.keep_going, options.threads);
            const auto streamed = run_filter(text, options);
            FilterRun in_place;
            StringSink sink;
            ScoreFilter filter(options, sink, [&](const LineError& e) {
                in_place.errors.push_back(
                    fmt::format("{}|{}: {}", sink.text.size(), e.line, e.message));
            });
            in_place.outcome = filter.run(*mapped, "test");
            filter.flush();
            EXPECT_EQ(sink.text, streamed.output) << where;
            EXPECT_EQ(in_place.errors, streamed.errors) << where;
            EXPECT_EQ(in_place.outcome, streamed.outcome) << where;
            EXPECT_EQ(filter.lines_scored(), streamed.scored) << where;
        }
        ::close(fd);
        ::unlink(path);
    }
}

TEST(ScoreFilter, OnlyRegularFilesReadFromTheirStartAreMapped) {
    int pipe_ends[2];
    ASSERT_EQ(::pipe(pipe_ends), 0);
    EXPECT_FALSE(MappedFile::map(pipe_ends[0]));
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    char path[] = "/tmp/mastermind-mapped-XXXXXX";
    const int fd = ::mkstemp(path);
    ASSERT_GE(fd, 0);
    EXPECT_FALSE(MappedFile::map(fd)) << "an empty file";
    ASSERT_EQ(::write(fd, "AB AB\n", 6), 6);
    EXPECT_FALSE(MappedFile::map(fd)) << "read position not at the start";
    ::lseek(fd, 0, SEEK_SET);
    EXPECT_TRUE(MappedFile::map(fd));
    ::close(fd);
    ::unlink(path);
}

TEST(ScoreFilter, KernelNamesReadBack) {
    for (ScoreKernel k :
         {ScoreKernel::best, ScoreKernel::portable, ScoreKernel::avx2, ScoreKernel::avx512}) {
        EXPECT_EQ(parse_score_kernel(score_kernel_name(k)), k);
    }
    EXPECT_EQ(parse_score_kernel("sse"), std::nullopt);
    EXPECT_TRUE(score_kernel_supported(resolve_score_kernel(ScoreKernel::best)));
    EXPECT_NE(resolve_score_kernel(ScoreKernel::best), ScoreKernel::best);
}

}  // namespace
}  // namespace mastermind
