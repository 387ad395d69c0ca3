// Drawing an ordinary game's board for a person: `mastermind play` and `mastermind assist`. On a
// terminal every colour is a coloured peg with its symbol on it and the answer is drawn as pegs
// (black, grey, white); otherwise plain text that reads the same.
#pragma once

#include <unistd.h>

#include <array>
#include <string>

#include <fmt/format.h>

#include "mastermind/core/code_space.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind::app {

struct BoardStyle {
    bool colour = false;  // ANSI colours (the output is a terminal)
};

inline BoardStyle board_style_for(int fd) {
    return BoardStyle{::isatty(fd) == 1};
}

// Clears the terminal and moves to its top left (nothing for plain text).
inline std::string clear_screen(const BoardStyle& style) {
    return style.colour ? "\x1b[H\x1b[2J" : "";
}

// Background colours of the 16 symbols 0-9, A-F (xterm-256 numbers), and the ink on each.
inline constexpr std::array<int, 16> kPegColours = {196, 34,  21,  226, 201, 51,  208, 255,
                                                    94,  129, 118, 27,  160, 244, 219, 22};

inline std::string draw_code(const CodeSpace& space, std::uint32_t code, const BoardStyle& style) {
    const std::string text = space.to_string(code);
    if (!style.colour) return text;
    std::string out;
    for (int peg = 0; peg < space.pegs(); ++peg) {
        const int colour = kPegColours[static_cast<std::size_t>(space.digit(code, peg))];
        const int ink = (colour == 226 || colour == 51 || colour == 255 || colour == 118 ||
                         colour == 219 || colour == 208)
                            ? 16
                            : 231;
        out += fmt::format("\x1b[48;5;{}m\x1b[38;5;{}m {} \x1b[0m ", colour, ink,
                           text[static_cast<std::size_t>(peg)]);
    }
    return out;
}

// "2 black, 1 grey, 0 white" (the grey only under adjacent rules); on a terminal also as pegs:
// a filled peg for black, a half-filled one for grey, a hollow one for white.
inline std::string draw_answer(const CodeSpace& space, std::uint32_t feedback,
                               const BoardStyle& style) {
    const Score s = space.decode(feedback);
    const bool adjacent = space.rules() == Rules::adjacent;
    std::string words = adjacent
                            ? fmt::format("{} black, {} grey, {} white", s.black, s.grey, s.white)
                            : fmt::format("{} black, {} white", s.black, s.white);
    if (!style.colour) return words;
    std::string pegs;
    for (int i = 0; i < s.black; ++i) pegs += "\u25cf";
    for (int i = 0; i < s.grey; ++i) pegs += "\u25d0";
    for (int i = 0; i < s.white; ++i) pegs += "\u25cb";
    for (int i = s.black + s.grey + s.white; i < space.pegs(); ++i) pegs += "\u00b7";
    return fmt::format("\x1b[1m{}\x1b[0m  {}", pegs, words);
}

// The board: one row per turn, numbered.
inline std::string draw_board(const CodeSpace& space, std::span<const Guess> history,
                              const BoardStyle& style) {
    std::string out;
    for (std::size_t t = 0; t < history.size(); ++t) {
        out += fmt::format("{:>3}  {}   {}\n", t + 1, draw_code(space, history[t].code, style),
                           draw_answer(space, history[t].feedback, style));
    }
    return out;
}

}  // namespace mastermind::app
