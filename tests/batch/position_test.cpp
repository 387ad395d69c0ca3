// The consistent set of a position, the one way strategies get it: enumerated from the whole
// history, narrowed from the parent's, and handed over exactly must all be the same set.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mastermind/batch/position.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

std::vector<std::uint32_t> scan(const BatchParams& params, std::span<const QueryRecord> history) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < params.secret_count(); ++i) {
        if (consistent_with_all(PackedCode::from_index(i, params), history, params.pegs))
            out.push_back(i);
    }
    return out;
}

TEST(Position, EnumeratedNarrowedAndScannedSetsAgreeOnSmallGames) {
    for (const BatchParams params : {BatchParams{4, 5, 4, 20}, BatchParams{5, 6, 5, 20},
                                     BatchParams{6, 4, 3, 20}, BatchParams{5, 5, 2, 20}}) {
        Rng rng(params.pegs * 1000 + params.colours * 10 + params.batch);
        for (int round = 0; round < 8; ++round) {
            const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
            std::vector<QueryRecord> history;
            SecretSet parent = scan(params, history);
            for (int t = 0; t < 3; ++t) {
                history.push_back(
                    answered_record(random_distinct_strings(rng, params), secret, params.pegs));
                const auto want = scan(params, history);
                const auto lazy = Position::lazy(params, history);
                const auto narrowed = Position::lazy(params, history, &parent);
                EXPECT_EQ(
                    std::vector<std::uint32_t>(lazy.consistent().begin(), lazy.consistent().end()),
                    want);
                EXPECT_EQ(std::vector<std::uint32_t>(narrowed.consistent().begin(),
                                                     narrowed.consistent().end()),
                          want);
                ASSERT_NE(lazy.computed(), nullptr);
                const auto exact = Position::exact(params, history, want);
                EXPECT_EQ(exact.consistent().data(), want.data());  // handed over, not recomputed
                parent = want;
            }
        }
    }
}

TEST(Position, AnswersThatFitNoSecretGiveAnEmptySet) {
    const BatchParams params{4, 6, 2, 20};
    std::vector<QueryRecord> lie{
        {{PackedCode::from_index(0, params), PackedCode::from_index(1, params)}, {{4, 0}, {4, 0}}}};
    EXPECT_TRUE(Position::lazy(params, lie).consistent().empty());
}

TEST(Position, DefaultGameHistoriesOfSeveralTests) {
    // Every member answers like the secret, the secret is found, and the narrowed set is the same.
    const BatchParams params;
    Rng rng(20261201);
    for (int round = 0; round < 3; ++round) {
        const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
        std::vector<QueryRecord> history;
        history.push_back(
            answered_record(random_distinct_strings(rng, params), secret, params.pegs));
        const SecretSet first = secrets_answering(history[0], params);
        history.push_back(
            answered_record(random_distinct_strings(rng, params), secret, params.pegs));
        const auto lazy = Position::lazy(params, history);
        const auto narrowed = Position::lazy(params, history, &first);
        const auto set = lazy.consistent();
        EXPECT_TRUE(std::equal(set.begin(), set.end(), narrowed.consistent().begin(),
                               narrowed.consistent().end()));
        EXPECT_TRUE(std::binary_search(set.begin(), set.end(),
                                       static_cast<std::uint32_t>(secret.index(params))));
        for (auto i : set)
            ASSERT_TRUE(
                consistent_with_all(PackedCode::from_index(i, params), history, params.pegs));
    }
}

}  // namespace
}  // namespace mastermind
