#include "counting_queries.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

namespace mastermind::strategies {

void require_digit_game(const BatchParams& params, std::string_view strategy) {
    if (params.batch != params.pegs || params.colours != params.pegs + 1 || params.pegs < 3) {
        throw std::invalid_argument(fmt::format(
            "the {} strategy needs B = P and K = P + 1 with P >= 3 (got P={} K={} B={})", strategy,
            params.pegs, params.colours, params.batch));
    }
}

void require_default_game(const BatchParams& params, std::string_view strategy) {
    if (params.pegs != 9 || params.colours != 10 || params.batch != 9) {
        throw std::invalid_argument(
            fmt::format("the {} strategy is written for the 9/10/9 game (got P={} K={} B={})",
                        strategy, params.pegs, params.colours, params.batch));
    }
}

Move rotation_test(int digit, int pegs) {
    // 1 2 ... P with 0 and `digit` swapped, then its rotations; digits of size at most kMaxPegs
    // on the stack (the evaluator asks for this test at every node of Part 1).
    std::array<std::uint8_t, BatchParams::kMaxPegs> others{}, rotated{};
    const auto n = static_cast<std::size_t>(pegs);
    for (std::size_t i = 0; i < n; ++i)
        others[i] = static_cast<std::uint8_t>(static_cast<int>(i) + 1 == digit ? 0 : i + 1);
    Move m;
    m.strings.reserve(n);
    m.strings.push_back(repeated(digit, pegs));
    for (std::size_t r = 0; r + 1 < n; ++r) {
        for (std::size_t i = 0; i < n; ++i) rotated[i] = others[(i + r) % n];
        m.strings.push_back(PackedCode::from_pegs(rotated.data(), pegs));
    }
    return m;
}

int count_from_rotation_test(const QueryRecord& record) {
    // The hit+blow values in increasing order (a test has at most kMaxBatch answers).
    std::array<int, BatchParams::kMaxBatch> values{};
    const std::size_t n = std::min(record.answers.size(), values.size());
    for (std::size_t i = 0; i < n; ++i) values[i] = record.answers[i].hit + record.answers[i].blow;
    std::sort(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
    if (n > 0 && values[0] == values[n - 1]) return values[0];
    // The least value seen exactly once.
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        while (j < n && values[j] == values[i]) ++j;
        if (j - i == 1) return values[i];
        i = j;
    }
    return -1;
}

Move triple_count_test(int x) {
    Move m;
    m.strings.push_back(repeated(x, 9));
    auto with_zero = [](int digit, int zero_at) {
        std::vector<int> d(9, digit);
        d[static_cast<std::size_t>(zero_at)] = 0;
        return code_from_digits(d);
    };
    for (int at = 8; at >= 6; --at) m.strings.push_back(with_zero(x + 1, at));
    for (int at = 8; at >= 4; --at) m.strings.push_back(with_zero(x + 2, at));
    return m;
}

bool absorb_triple_count(const QueryRecord& record, int x, Knowledge& k) {
    std::map<int, int> seen;
    for (const auto& a : record.answers) ++seen[a.hit + a.blow];
    bool got[3] = {false, false, false};
    for (const auto& [value, times] : seen) {
        // times is a sum of a subset of {1, 3, 5}, and every such sum has one subset.
        const bool one = times == 1 || times == 4 || times == 6 || times == 9;
        const bool three = times == 3 || times == 4 || times == 8 || times == 9;
        const bool five = times == 5 || times == 6 || times == 8 || times == 9;
        if (!one && !three && !five) return false;
        if (one) {
            k.set_count(x, value);
            got[0] = true;
        }
        if (three) {
            k.set_count(x + 1, value - 1);
            got[1] = true;
        }
        if (five) {
            k.set_count(x + 2, value - 1);
            got[2] = true;
        }
    }
    return got[0] && got[1] && got[2];
}

}  // namespace mastermind::strategies
