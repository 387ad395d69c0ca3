// What a batch strategy sees before each move: the game, the tests so far, and the secrets still
// consistent with them. The consistent set reaches a strategy this one way only, in real play
// (`mastermind solve`, `evaluate --sample`) and in the exhaustive walk (`evaluate --all`) alike:
//
// - the exhaustive walk knows it exactly (each group of its decision tree is the set) and says so;
// - otherwise it is computed on first use: narrowed from the set before the last test when the
//   caller kept that one, else enumerated from the whole history (secrets_consistent()).
//
// The tests check that the three ways give the same set on every node of small games and on
// sampled nodes of the default game.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mastermind/games/batch_params.hpp"
#include "mastermind/games/test_record.hpp"

namespace mastermind {

class Position {
public:
    // `consistent` is exactly the consistent set (the exhaustive walk's group), increasing.
    static Position exact(const BatchParams& params, std::span<const TestRecord> history,
                          std::span<const std::uint32_t> consistent);
    // The set is computed when first asked for; `before_last`, if not null, is the consistent set
    // of the history without its last test.
    static Position lazy(const BatchParams& params, std::span<const TestRecord> history,
                         const std::vector<std::uint32_t>* before_last = nullptr);

    const BatchParams& params() const { return params_; }
    std::span<const TestRecord> history() const { return history_; }
    // The indices (0 .. K^P-1) of every secret that gives the history's answers, increasing.
    std::span<const std::uint32_t> consistent() const;
    // The set, if it is known or was computed (for a caller that keeps it for the next move).
    const std::vector<std::uint32_t>* computed() const { return computed_ ? &*computed_ : nullptr; }

private:
    Position(const BatchParams& params, std::span<const TestRecord> history) : params_(params), history_(history) {}

    BatchParams params_;
    std::span<const TestRecord> history_;
    std::optional<std::span<const std::uint32_t>> exact_;
    const std::vector<std::uint32_t>* before_last_ = nullptr;
    mutable std::optional<std::vector<std::uint32_t>> computed_;
};

}  // namespace mastermind
