#include "counting_tests.hpp"

#include <fmt/format.h>

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
        throw std::invalid_argument(fmt::format(
            "the {} strategy is written for the 9/10/9 game (got P={} K={} B={})", strategy,
            params.pegs, params.colours, params.batch));
    }
}

Move rotation_test(int digit, int pegs) {
    std::vector<int> others;  // 1 2 ... P with 0 and `digit` swapped
    for (int v = 1; v <= pegs; ++v) others.push_back(v == digit ? 0 : v);
    Move m;
    m.strings.push_back(repeated(digit, pegs));
    for (int r = 0; r + 1 < pegs; ++r) {
        std::vector<int> rotated(others.begin() + r, others.end());
        rotated.insert(rotated.end(), others.begin(), others.begin() + r);
        m.strings.push_back(code_from_digits(rotated));
    }
    return m;
}

int count_from_rotation_test(const TestRecord& record) {
    std::map<int, int> seen;  // hit+blow -> how often
    for (const auto& a : record.answers) ++seen[a.hit + a.blow];
    if (seen.size() == 1) return seen.begin()->first;
    for (const auto& [value, times] : seen) {
        if (times == 1) return value;
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

bool absorb_triple_count(const TestRecord& record, int x, Knowledge& k) {
    std::map<int, int> seen;
    for (const auto& a : record.answers) ++seen[a.hit + a.blow];
    bool got[3] = {false, false, false};
    for (const auto& [value, times] : seen) {
        // times is a sum of a subset of {1, 3, 5}, and every such sum has one subset.
        const bool one = times == 1 || times == 4 || times == 6 || times == 9;
        const bool three = times == 3 || times == 4 || times == 8 || times == 9;
        const bool five = times == 5 || times == 6 || times == 8 || times == 9;
        if (!one && !three && !five) return false;
        if (one) { k.set_count(x, value); got[0] = true; }
        if (three) { k.set_count(x + 1, value - 1); got[1] = true; }
        if (five) { k.set_count(x + 2, value - 1); got[2] = true; }
    }
    return got[0] && got[1] && got[2];
}

}  // namespace mastermind::strategies
