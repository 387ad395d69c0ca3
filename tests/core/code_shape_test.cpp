// Code numbering with and without repeated colours: the count, the order (numbers follow the
// texts), number/digits/next against a brute-force listing, the messages for bad codes, and the
// code space built on it (every code distinct, scored as the reference scorer scores it).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "mastermind/core/code_shape.hpp"
#include "mastermind/core/code_space.hpp"

namespace mastermind {
namespace {

// Every string of P symbols below K in lexicographic order, keeping those a shape allows.
std::vector<std::string> brute_force(const CodeShape& shape) {
    std::vector<std::string> out;
    std::string code(static_cast<std::size_t>(shape.pegs), '0');
    auto rec = [&](auto&& self, int peg) -> void {
        if (peg == shape.pegs) {
            if (!shape.distinct || std::set<char>(code.begin(), code.end()).size() == code.size())
                out.push_back(code);
            return;
        }
        for (int c = 0; c < shape.colours; ++c) {
            code[static_cast<std::size_t>(peg)] = CodeShape::kSymbols[static_cast<std::size_t>(c)];
            self(self, peg + 1);
        }
    };
    rec(rec, 0);
    return out;
}

TEST(CodeShape, NumbersEveryCodeInTheOrderOfItsText) {
    for (bool distinct : {false, true}) {
        for (int p = 1; p <= 4; ++p) {
            for (int k = 2; k <= 6; ++k) {
                const CodeShape shape{p, k, distinct};
                const auto want = brute_force(shape);
                ASSERT_EQ(shape.count(), want.size()) << shape.name();
                std::vector<std::uint8_t> d(static_cast<std::size_t>(p));
                if (!want.empty()) shape.digits(0, d);
                for (std::uint64_t n = 0; n < want.size(); ++n) {
                    EXPECT_EQ(shape.to_string(n), want[n]) << shape.name();
                    EXPECT_EQ(shape.parse(want[n]), n) << shape.name();
                    std::vector<std::uint8_t> from(static_cast<std::size_t>(p));
                    shape.digits(n, from);
                    EXPECT_EQ(from, d) << shape.name() << " " << n;  // next() walks in order
                    EXPECT_EQ(shape.next(d), n + 1 < want.size()) << shape.name();
                }
            }
        }
    }
}

TEST(CodeShape, CountsBullsAndCowsAndRefusesTooFewColours) {
    EXPECT_EQ((CodeShape{4, 10, true}.count()), 5040u);
    EXPECT_EQ((CodeShape{4, 10, false}.count()), 10000u);
    EXPECT_EQ((CodeShape{5, 4, true}.count()), 0u);
    EXPECT_EQ((CodeShape{64, 16, false}.count()), UINT64_MAX);
    EXPECT_EQ((CodeShape{4, 10, true}.name()), "4x10 distinct");
    EXPECT_EQ(CodeSpace::check({5, 4, true}),
              "codes of 5 pegs without repeated colours need at least 5 colours (got 4)");
    EXPECT_EQ(CodeSpace::check({8, 9, true}), "pegs x colours must be at most 64 (got 8 x 9 = 72)");
    EXPECT_EQ(CodeSpace::check({7, 9, true}), "");  // 181,440 codes
    EXPECT_EQ(CodeSpace::check({4, 10, true}), "");
}

TEST(CodeShape, SaysWhyATextIsNotACode) {
    const CodeShape bulls{4, 10, true};
    EXPECT_EQ(bulls.describe_bad("1231"),
              "has '1' twice (positions 1 and 4): colours may not repeat");
    EXPECT_EQ(bulls.describe_bad("123"), "has 3 symbols, expected 4");
    EXPECT_EQ(bulls.describe_bad("12A4"), "has symbol 'A' at position 3, expected 0-9");
    EXPECT_EQ(bulls.describe_bad("1234"), "");
    EXPECT_FALSE(bulls.parse("1231"));
    EXPECT_EQ((CodeShape{4, 10, false}.describe_bad("1231")), "");
}

TEST(CodeSpace, DistinctCodesAreScoredAsTheReferenceScores) {
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        const CodeSpace space(rules, CodeShape{4, 7, true});
        ASSERT_EQ(space.size(), 840u);
        EXPECT_TRUE(space.distinct());
        for (std::uint32_t a = 0; a < space.size(); a += 7) {
            const auto da = space.digits(a);
            EXPECT_EQ(std::set<std::uint8_t>(da.begin(), da.end()).size(), 4u);
            EXPECT_EQ(space.index(da), a);
            for (std::uint32_t b = 0; b < space.size(); b += 3) {
                const Score want = score(rules, da, space.digits(b));
                EXPECT_EQ(space.decode(space.feedback(b, a)), want);
            }
        }
    }
}

}  // namespace
}  // namespace mastermind
