#include "consistent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_set>

#include "mastermind/core/random.hpp"

namespace mastermind::strategies {

namespace {

class Consistent final : public Strategy {
  public:
    Consistent(const BatchParams& params, std::uint64_t seed) : params_(params), seed_(seed) {
        if (params.secret_count() > kConsistentMaxSecrets) {
            throw std::invalid_argument(fmt::format(
                "the consistent strategy keeps every secret in memory; {}^{} = {} is more than {}",
                params.colours, params.pegs, params.secret_count(), kConsistentMaxSecrets));
        }
    }

    Move next(const Position& position) override {
        const auto history = position.history();
        std::vector<PackedCode> candidates;
        position.visit_consistent([&](auto set) {
            for (auto index : set) candidates.push_back(PackedCode::from_index(index, params_));
        });
        if (candidates.empty()) {
            throw InconsistentAnswers(fmt::format(
                "no secret of {} pegs over {} colours fits the answers of the {} tests so far",
                params_.pegs, params_.colours, history.size()));
        }
        if (candidates.size() == 1) return {true, {candidates.front()}};

        std::unordered_set<std::uint64_t> sent;
        for (const auto& record : history) {
            for (const auto& s : record.strings) sent.insert(s.nibbles());
        }
        // Seeded choice among the unsent candidates; the seed of each move depends only on how
        // many tests came before, so the move is a function of the history.
        std::vector<PackedCode> pool;
        for (const auto& c : candidates) {
            if (!sent.contains(c.nibbles())) pool.push_back(c);
        }
        Rng rng(derive_seed(seed_, history.size()));
        Move move;
        const auto batch = static_cast<std::size_t>(params_.batch);
        for (std::size_t i = 0; i < pool.size() && move.strings.size() < batch; ++i) {
            std::swap(pool[i], pool[i + rng.below(pool.size() - i)]);
            move.strings.push_back(pool[i]);
        }
        // Too few candidates left unsent (they were all tested already, which happens when the
        // secret was in a test with look-alikes): fill with random unsent strings, which split the
        // candidates better than any fixed choice; scan in order if random draws keep missing.
        auto usable = [&](const PackedCode& code) {
            return !sent.contains(code.nibbles()) &&
                   std::find(move.strings.begin(), move.strings.end(), code) == move.strings.end();
        };
        for (int attempt = 0; move.strings.size() < batch && attempt < 64 * params_.batch;
             ++attempt) {
            const auto code = PackedCode::from_index(rng.below(params_.secret_count()), params_);
            if (usable(code)) move.strings.push_back(code);
        }
        for (std::uint64_t index = 0; move.strings.size() < batch && index < params_.secret_count();
             ++index) {
            const auto code = PackedCode::from_index(index, params_);
            if (usable(code)) move.strings.push_back(code);
        }
        if (move.strings.size() < batch) {
            throw InconsistentAnswers(
                "every string of the game has been sent; nothing left to test");
        }
        return move;
    }

  private:
    BatchParams params_;
    std::uint64_t seed_;
};

}  // namespace

std::unique_ptr<Strategy> make_consistent(const BatchParams& params, std::uint64_t seed) {
    return std::make_unique<Consistent>(params, seed);
}

}  // namespace mastermind::strategies
