// The words of messages (core/text.hpp): counts in the singular and the plural, and text from a
// file or another program quoted so that no byte of it cuts, garbles or drives the terminal.
#include <gtest/gtest.h>

#include <string>

#include "mastermind/core/text.hpp"

namespace mastermind {
namespace {

TEST(Text, CountsTakeTheSingularForOne) {
    EXPECT_EQ(count_of(1, "game"), "1 game");
    EXPECT_EQ(count_of(0, "game"), "0 games");
    EXPECT_EQ(count_of(2, "guess"), "2 guesses");
    EXPECT_EQ(count_of(3, "class"), "3 classes");
    EXPECT_EQ(count_of(2, "secret", "secrets kept"), "2 secrets kept");
    EXPECT_EQ(fits(1), "1 code fits");
    EXPECT_EQ(fits(12), "12 codes fit");
}

TEST(Text, AnExcerptEscapesWhatIsNotPrintableAndStopsAtItsLength) {
    EXPECT_EQ(excerpt("0123 abc"), "0123 abc");
    EXPECT_EQ(excerpt(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(excerpt("\x1b[31mred"), "\\x1B[31mred");
    EXPECT_EQ(excerpt("caf\xc3\xa9"), "caf\\xC3\\xA9");
    EXPECT_EQ(excerpt("tab\there\n"), "tab\\x09here\\x0A");
    EXPECT_EQ(excerpt("abcdefgh", 3), "abc...");
    EXPECT_EQ(excerpt("abc", 3), "abc");
    EXPECT_EQ(excerpt(""), "");
}

}  // namespace
}  // namespace mastermind
