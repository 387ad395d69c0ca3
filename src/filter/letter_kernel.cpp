#include "letter_kernel.hpp"

#include <array>
#include <cstring>
#include <string_view>
#include <utility>

#include "score_block_loop.hpp"

namespace mastermind::detail {

namespace {

bool is_letter(char c) {
    return c >= 'A' && c <= 'Z';
}

}  // namespace

bool score_letters_portable(const char* target, const char* guess, int n, Rules rules, Score& out) {
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

std::uint64_t newline_mask_portable(const char* p) {
    std::uint64_t mask = 0;
    for (int i = 0; i < 64; ++i) mask |= std::uint64_t{p[i] == '\n'} << i;
    return mask;
}

}  // namespace

BlockProgress score_block_portable(const char* begin, const char* end, char* out, char* out_end,
                                   Rules rules) {
    return score_block<newline_mask_portable, score_letters_portable>(begin, end, out, out_end,
                                                                      rules);
}

char* format_score_line(char* out, const char* guess, int n, Rules rules, Score s) {
    return format_line(out, guess, n, rules, s);
}

KernelPair kernel_pair(ScoreKernel kernel) {
    switch (resolve_score_kernel(kernel)) {
        case ScoreKernel::avx512:
            return {score_letters_avx512, score_block_avx512};
        case ScoreKernel::avx2:
            return {score_letters_avx2, score_block_avx2};
        default:
            return {score_letters_portable, score_block_portable};
    }
}

}  // namespace mastermind::detail

namespace mastermind {

namespace {

constexpr std::array<std::pair<ScoreKernel, std::string_view>, 4> kKernelNames{{
    {ScoreKernel::best, "auto"},
    {ScoreKernel::portable, "portable"},
    {ScoreKernel::avx2, "avx2"},
    {ScoreKernel::avx512, "avx512"},
}};

}  // namespace

bool score_kernel_supported(ScoreKernel kernel) {
    switch (kernel) {
        case ScoreKernel::avx2: {
            static const bool avx2 = __builtin_cpu_supports("avx2") &&
                                     __builtin_cpu_supports("bmi2") &&
                                     __builtin_cpu_supports("popcnt");
            return avx2;
        }
        case ScoreKernel::avx512: {
            static const bool avx512 =
                __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
                __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("gfni") &&
                __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
            return avx512;
        }
        default:
            return true;
    }
}

ScoreKernel resolve_score_kernel(ScoreKernel kernel) {
    if (kernel != ScoreKernel::best) return kernel;
    for (ScoreKernel fastest : {ScoreKernel::avx512, ScoreKernel::avx2}) {
        if (score_kernel_supported(fastest)) return fastest;
    }
    return ScoreKernel::portable;
}

std::string_view score_kernel_name(ScoreKernel kernel) {
    for (const auto& [k, name] : kKernelNames) {
        if (k == kernel) return name;
    }
    return "?";
}

std::optional<ScoreKernel> parse_score_kernel(std::string_view name) {
    for (const auto& [k, known] : kKernelNames) {
        if (known == name) return k;
    }
    return std::nullopt;
}

}  // namespace mastermind
