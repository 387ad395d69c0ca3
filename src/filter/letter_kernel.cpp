#include "letter_kernel.hpp"

#include <array>
#include <cstring>
#include <string_view>

#include "score_block_loop.hpp"

namespace mastermind::detail {

namespace {

bool is_letter(char c) { return c >= 'A' && c <= 'Z'; }

}  // namespace

bool score_letters_portable(const char* target, const char* guess, int n, Rules rules,
                            Score& out) {
    std::array<int, 26> balance{};
    std::uint64_t black = 0, left = 0, right = 0;
    for (int i = 0; i < n; ++i) {
        if (!is_letter(target[i]) || !is_letter(guess[i])) return false;
        ++balance[target[i] - 'A'];
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (guess[i] == target[i]) black |= bit;
        if (i > 0 && guess[i] == target[i - 1]) left |= bit;
        if (i + 1 < n && guess[i] == target[i + 1]) right |= bit;
    }
    int common = 0;
    for (int i = 0; i < n; ++i) {
        int& b = balance[guess[i] - 'A'];
        if (b > 0) {
            --b;
            ++common;
        }
    }
    const int b = __builtin_popcountll(black);
    const int g = rules == Rules::adjacent ? adjacent_grey(black, left, right) : 0;
    out = {b, g, common - b - g};
    return true;
}

namespace {

int find_newline_portable(const char* p) {
    const void* hit = std::memchr(p, '\n', 128);
    return hit ? static_cast<int>(static_cast<const char*>(hit) - p) : -1;
}

}  // namespace

BlockProgress score_block_portable(const char* begin, const char* end, char* out, char* out_end,
                                   Rules rules) {
    return score_block<find_newline_portable, score_letters_portable>(begin, end, out, out_end,
                                                                       rules);
}

char* format_score_line(char* out, const char* guess, int n, Rules rules, Score s) {
    return format_line(out, guess, n, rules, s);
}

bool avx2_supported() {
    static const bool supported = __builtin_cpu_supports("avx2") &&
                                  __builtin_cpu_supports("bmi2") &&
                                  __builtin_cpu_supports("popcnt");
    return supported;
}

LetterKernel best_letter_kernel() {
    return avx2_supported() ? score_letters_avx2 : score_letters_portable;
}

BlockScorer best_block_scorer() {
    return avx2_supported() ? score_block_avx2 : score_block_portable;
}

}  // namespace mastermind::detail
