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
//
// Secrets are named by their index, 0 .. K^P-1: 32 bits where K^P < 2^32 (the 9-peg game's 10^9;
// the walker's arrays stay half the size), 64 bits beyond (10 pegs of 10 colours). A position
// holds its set at one width; a strategy that plays games of both sizes reads it with
// visit_consistent(), one that plays the smaller games only with consistent().
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <variant>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/query_record.hpp"

namespace mastermind {

// Whether the game's secrets need 64-bit indices.
inline bool wide_indices(const BatchParams& params) {
    return params.secret_count() > UINT32_MAX;
}
// The bytes of one secret index of the game.
inline std::uint64_t index_bytes(const BatchParams& params) {
    return wide_indices(params) ? 8 : 4;
}

// A set of secret indices, increasing, at one width or the other.
using SecretSet = std::variant<std::vector<std::uint32_t>, std::vector<std::uint64_t>>;

class Position {
  public:
    // `consistent` is exactly the consistent set (the exhaustive walk's group), increasing; its
    // width is the position's (a game that fits 32 bits may still be walked with 64, in tests).
    static Position exact(const BatchParams& params, std::span<const QueryRecord> history,
                          std::span<const std::uint32_t> consistent);
    static Position exact(const BatchParams& params, std::span<const QueryRecord> history,
                          std::span<const std::uint64_t> consistent);
    // The set is computed when first asked for; `before_last`, if not null, is the consistent set
    // of the history without its last test (and gives the width), else the width is the game's.
    static Position lazy(const BatchParams& params, std::span<const QueryRecord> history,
                         const SecretSet* before_last = nullptr);

    const BatchParams& params() const { return params_; }
    std::span<const QueryRecord> history() const { return history_; }
    // Whether the set is held in 64 bits.
    bool wide() const;
    // The indices (0 .. K^P-1) of every secret that gives the history's answers, increasing.
    // 32-bit positions only (std::logic_error otherwise).
    std::span<const std::uint32_t> consistent() const { return consistent_as<std::uint32_t>(); }
    // The same at either width: `f` is called with the span of the position's width.
    template <class F>
    decltype(auto) visit_consistent(F&& f) const {
        return wide() ? f(consistent_as<std::uint64_t>()) : f(consistent_as<std::uint32_t>());
    }
    // The set, if it was computed here (for a caller that keeps it for the next move); null when
    // it was given exactly or not asked for.
    const SecretSet* computed() const { return computed_ ? &*computed_ : nullptr; }

  private:
    Position(const BatchParams& params, std::span<const QueryRecord> history)
        : params_(params), history_(history) {}
    template <class Index>
    std::span<const Index> consistent_as() const;

    BatchParams params_;
    std::span<const QueryRecord> history_;
    std::variant<std::monostate, std::span<const std::uint32_t>, std::span<const std::uint64_t>>
        exact_;
    const SecretSet* before_last_ = nullptr;
    mutable std::optional<SecretSet> computed_;
};

extern template std::span<const std::uint32_t> Position::consistent_as<std::uint32_t>() const;
extern template std::span<const std::uint64_t> Position::consistent_as<std::uint64_t>() const;

}  // namespace mastermind
