// Fuzzes the `score` filter: any bytes, read in chunks of any size, by every kernel this processor
// runs (portable, AVX2, AVX-512). Oracle: every line that the slow diagnostic calls valid is scored
// exactly as the reference scorer does, every other line is reported, and the fast path never
// takes a line the diagnostic rejects.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mastermind/filter/score_filter.hpp"

using namespace mastermind;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::size_t chunk = 1 + data[0] % 97;
    const Rules rules = data[0] & 0x80 ? Rules::classic : Rules::adjacent;
    const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);

    std::string expected;
    std::uint64_t bad = 0;
    std::size_t start = 0;
    while (start < input.size()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        std::string_view line = input.substr(start, end - start);
        const bool too_long = line.size() >= 256;  // fills the buffer without a line end
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line == "#") break;
        if (too_long || !diagnose_score_line(line).empty()) {
            ++bad;
            continue;
        }
        const auto space = line.find(' ');
        const auto target = *Code::parse(line.substr(0, space), Alphabet::letters(), 26);
        const auto guess = *Code::parse(line.substr(space + 1), Alphabet::letters(), 26);
        const Score s = score(rules, target, guess);
        expected +=
            rules == Rules::adjacent
                ? fmt::format("{}: {} black, {} grey, {} white\n", line.substr(space + 1), s.black,
                              s.grey, s.white)
                : fmt::format("{}: {} black, {} white\n", line.substr(space + 1), s.black, s.white);
    }
    for (ScoreKernel kernel : {ScoreKernel::portable, ScoreKernel::avx2, ScoreKernel::avx512}) {
        if (!score_kernel_supported(kernel)) continue;
        StringSink sink;
        std::uint64_t errors = 0;
        // Small buffers: fast runs, and lines longer than the buffer are reachable.
        ScoreFilterOptions options{rules, true, 256};
        options.kernel = kernel;
        ScoreFilter filter(options, sink, [&](const LineError&) { ++errors; });
        StringSource source(input, chunk);
        filter.run(source, "fuzz");
        filter.flush();
        if (sink.text != expected || errors != bad) __builtin_trap();
    }
    return 0;
}
