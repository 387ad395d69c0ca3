// A set of codes stored by columns (per position, each code's peg; per colour, each code's count
// of it: one byte per code), scored against one string at a time with loops the compiler
// vectorises. The local searches over tests (SplitSearch: a second test for one answer class;
// ClassSample: a first test for all secrets) score every move with it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

// A (hit, blow) answer as one byte: common = hit + blow, pair = common (common + 1) / 2 + hit,
// below 91 for P <= 12. Equal bytes <=> equal answers.
inline constexpr std::size_t kPairBytes = 91;

// One fixed random word per pair byte: a multiset of answers hashes to the sum of its pairs'
// words, so replacing one answer of a multiset is a subtraction and an addition.
const std::array<std::uint64_t, kPairBytes>& pair_words();

class CodeColumns {
  public:
    // `size` codes of a game with `params` (classic rules), every one 0...0 until set.
    CodeColumns(const BatchParams& params, std::size_t size);

    std::size_t size() const { return size_; }
    // The columns' length: size() rounded up to a multiple of 64. answers() writes that many
    // bytes; those past size() belong to codes 0...0.
    std::size_t padded() const { return padded_; }

    void set(std::size_t i, const std::uint8_t* digits);
    int peg(std::size_t i, int position) const {
        return pegs_[static_cast<std::size_t>(position) * padded_ + i];
    }

    // The pair bytes of the codes [begin, end) against `code`, into out[begin, end).
    void answers(const PackedCode& code, std::uint8_t* out, std::size_t begin,
                 std::size_t end) const;
    void answers(const PackedCode& code, std::uint8_t* out) const {
        answers(code, out, 0, padded_);
    }

  private:
    BatchParams params_;
    std::size_t size_ = 0, padded_ = 0;
    std::vector<std::uint8_t> pegs_;    // [position][code]
    std::vector<std::uint8_t> counts_;  // [colour][code]
};

}  // namespace mastermind
