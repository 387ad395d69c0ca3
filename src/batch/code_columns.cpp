#include "mastermind/batch/code_columns.hpp"

#include <algorithm>
#include <stdexcept>

#include "mastermind/core/random.hpp"

namespace mastermind {

const std::array<std::uint64_t, kPairBytes>& pair_words() {
    static const auto words = [] {
        std::array<std::uint64_t, kPairBytes> w{};
        for (std::size_t i = 0; i < kPairBytes; ++i) w[i] = derive_seed(0x73706c6974ULL, i);
        return w;
    }();
    return words;
}

CodeColumns::CodeColumns(const BatchParams& params, std::size_t size)
    : params_(params), size_(size), padded_((size + 63) / 64 * 64) {
    if (params.rules != Rules::classic)
        throw std::invalid_argument("CodeColumns: classic rules only");
    pegs_.assign(static_cast<std::size_t>(params.pegs) * padded_, 0);
    counts_.assign(static_cast<std::size_t>(params.colours) * padded_, 0);
    for (std::size_t i = 0; i < padded_; ++i)
        counts_[i] = static_cast<std::uint8_t>(params.pegs);  // 0...0
}

void CodeColumns::set(std::size_t i, const std::uint8_t* digits) {
    counts_[i] = 0;  // colour 0's count of the code 0...0 it was
    for (int p = 0; p < params_.pegs; ++p) {
        pegs_[static_cast<std::size_t>(p) * padded_ + i] = digits[p];
        ++counts_[digits[p] * padded_ + i];
    }
}

// First hit + blow (the colours in common), then its triangle number, then the hits: three
// passes of byte loops over the columns, no scratch.
void CodeColumns::answers(const PackedCode& code, std::uint8_t* out, std::size_t begin,
                          std::size_t end) const {
    std::fill(out + begin, out + end, std::uint8_t{0});
    for (int c = 0; c < params_.colours; ++c) {
        const auto have = static_cast<std::uint8_t>(code.count(c));
        if (have == 0) continue;
        const std::uint8_t* column = &counts_[static_cast<std::size_t>(c) * padded_];
        for (std::size_t m = begin; m < end; ++m)
            out[m] = static_cast<std::uint8_t>(out[m] + std::min(column[m], have));
    }
    for (std::size_t m = begin; m < end; ++m)
        out[m] = static_cast<std::uint8_t>(out[m] * (out[m] + 1) / 2);
    for (int p = 0; p < params_.pegs; ++p) {
        const auto digit = static_cast<std::uint8_t>(code.peg(p));
        const std::uint8_t* column = &pegs_[static_cast<std::size_t>(p) * padded_];
        for (std::size_t m = begin; m < end; ++m)
            out[m] = static_cast<std::uint8_t>(out[m] + (column[m] == digit));
    }
}

}  // namespace mastermind
