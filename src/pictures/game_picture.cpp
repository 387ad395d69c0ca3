#include <algorithm>

#include <fmt/format.h>

#include "mastermind/pictures/pictures.hpp"
#include "mastermind/pictures/svg.hpp"

namespace mastermind {

namespace {

int symbol_value(char c) {
    return c <= '9' ? c - '0' : c - 'A' + 10;
}

}  // namespace

std::string game_svg(const GameRecord& game) {
    const double peg = 22, gap = 4, row_height = game.ordinary ? 34 : 28;
    const double code_width = game.pegs * (peg + gap);
    const int per_row = game.ordinary ? 1 : game.batch;
    const double answers_width = game.ordinary ? game.pegs * 12.0 + 170 : 0;
    const double width = std::max(520.0, 60 + per_row * (code_width + 70) + answers_width);
    const double rows = static_cast<double>(game.moves.size()) * (game.ordinary ? 1 : 2);
    const double height = 110 + rows * row_height + 60;
    const std::string rules = game.rules == Rules::adjacent ? "adjacent" : "classic";
    const std::string title =
        game.ordinary
            ? fmt::format("Mastermind: {} pegs, {} colours{}, {} rules", game.pegs, game.colours,
                          game.distinct ? " (none twice)" : "", rules)
            : fmt::format("Batch Mastermind: {} pegs, {} colours, {} strings a test, {} rules",
                          game.pegs, game.colours, game.batch, rules);
    svg::Document doc(width, height, title);
    doc.text(20, 30, title, 18, "start", "#222", "bold");
    doc.text(20, 54, fmt::format("secret {}", game.secret), 14);
    doc.text(20, 76,
             fmt::format("{} {}{}", game.moves.size(), game.ordinary ? "guesses" : "tests",
                         game.verdict.empty() ? "" : ", verdict: " + game.verdict),
             14);
    auto draw_code = [&](double x, double y, const std::string& code) {
        for (std::size_t i = 0; i < code.size(); ++i) {
            const double cx = x + static_cast<double>(i) * (peg + gap) + peg / 2;
            doc.circle(cx, y, peg / 2, svg::peg_colour(symbol_value(code[i])));
            doc.text(cx, y + 4.5, std::string(1, code[i]), 12, "middle",
                     symbol_value(code[i]) == 3 || symbol_value(code[i]) == 7 ? "#222" : "#fff",
                     "bold");
        }
    };
    double y = 110;
    for (std::size_t m = 0; m < game.moves.size(); ++m) {
        const auto& move = game.moves[m];
        doc.text(20, y + 5, std::to_string(m + 1), 14, "start", "#555");
        if (game.ordinary) {
            draw_code(50, y, move.codes.front());
            const Score s = move.answers.front();
            double x = 60 + code_width + 10;
            // Answer pegs: black filled, grey half, white hollow.
            for (int i = 0; i < s.black; ++i, x += 12) doc.circle(x, y, 5, "#111", "#111");
            for (int i = 0; i < s.grey; ++i, x += 12) doc.circle(x, y, 5, "#9e9e9e", "#111");
            for (int i = 0; i < s.white; ++i, x += 12) doc.circle(x, y, 5, "#fff", "#111");
            const std::string words =
                game.rules == Rules::adjacent
                    ? fmt::format("{} black, {} grey, {} white", s.black, s.grey, s.white)
                    : fmt::format("{} black, {} white", s.black, s.white);
            doc.text(70 + code_width + game.pegs * 12.0 + 10, y + 5, words, 13);
            y += row_height;
        } else {
            for (std::size_t i = 0; i < move.codes.size(); ++i) {
                draw_code(50 + static_cast<double>(i) * (code_width + 70), y, move.codes[i]);
            }
            for (std::size_t i = 0; i < move.answers.size(); ++i) {
                const Score s = move.answers[i];
                const std::string pair = game.rules == Rules::adjacent
                                             ? fmt::format("({}, {}, {})", s.black, s.grey, s.white)
                                             : fmt::format("({}, {})", s.black, s.white);
                doc.text(50 + static_cast<double>(i) * (code_width + 70), y + row_height, pair, 12,
                         "start", "#444");
            }
            y += 2 * row_height;
        }
    }
    if (!game.challenge.empty()) {
        doc.text(20, y + 10, "answer", 14, "start", "#555");
        draw_code(80, y + 5, game.challenge);
    }
    return doc.finish();
}

}  // namespace mastermind
