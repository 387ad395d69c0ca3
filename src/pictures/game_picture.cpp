#include <istream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/pictures/pictures.hpp"
#include "mastermind/pictures/svg.hpp"

namespace mastermind {

namespace {

[[noreturn]] void refuse(const std::string& name, int line, const std::string& what) {
    throw std::runtime_error(fmt::format("{}:{}: {}", name, line, what));
}

Score score_of(const nlohmann::json& pair, bool adjacent) {
    // A batch answer is [hit, blow] or [hit, grey, blow]; an ordinary one has named fields.
    if (pair.is_array()) {
        return adjacent ? Score{pair.at(0).get<int>(), pair.at(1).get<int>(), pair.at(2).get<int>()}
                        : Score{pair.at(0).get<int>(), 0, pair.at(1).get<int>()};
    }
    return {pair.at("black").get<int>(), pair.at("grey").get<int>(), pair.at("white").get<int>()};
}

int symbol_value(char c) { return c <= '9' ? c - '0' : c - 'A' + 10; }

}  // namespace

GameRecord read_judge_log(std::istream& in, const std::string& name) {
    GameRecord game;
    std::string text;
    int number = 0;
    bool started = false;
    while (std::getline(in, text)) {
        ++number;
        if (text.empty()) continue;
        nlohmann::json event;
        try {
            event = nlohmann::json::parse(text);
        } catch (const std::exception&) {
            refuse(name, number, "not a JSON line of a judge log");
        }
        try {
            const std::string kind = event.value("event", "");
            if (kind == "start") {
                if (started) refuse(name, number, "a second game starts: draw one game's log at a time");
                started = true;
                game.ordinary = event.value("game", "batch") == "ordinary";
                game.rules = event.at("rules").get<std::string>() == "adjacent" ? Rules::adjacent : Rules::classic;
                game.pegs = event.at("pegs").get<int>();
                game.colours = event.at("colours").get<int>();
                game.batch = game.ordinary ? 1 : event.at("batch").get<int>();
                game.max_moves = event.at(game.ordinary ? "max_guesses" : "max_tests").get<int>();
                game.secret = event.at("secret").get<std::string>();
            } else if (!started) {
                refuse(name, number, "the log does not begin with the judge's start event");
            } else if (kind == "guess") {
                game.moves.push_back({{event.at("code").get<std::string>()}, {score_of(event, true)}});
            } else if (kind == "test") {
                GameRecord::Move move;
                for (const auto& s : event.at("strings")) move.codes.push_back(s.get<std::string>());
                for (const auto& a : event.at("shuffled")) move.answers.push_back(score_of(a, game.rules == Rules::adjacent));
                game.moves.push_back(std::move(move));
            } else if (kind == "challenge") {
                game.challenge = event.at("guess").get<std::string>();
            } else if (kind == "verdict") {
                game.verdict = event.at("verdict").get<std::string>();
            }
        } catch (const nlohmann::json::exception& e) {
            refuse(name, number, fmt::format("a field is missing or of the wrong type ({})", e.what()));
        }
    }
    if (!started) refuse(name, number, "no start event: not a judge log (mastermind judge --log FILE)");
    return game;
}

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
        game.ordinary ? fmt::format("Mastermind: {} pegs, {} colours, {} rules", game.pegs, game.colours, rules)
                      : fmt::format("Batch Mastermind: {} pegs, {} colours, {} strings a test, {} rules",
                                    game.pegs, game.colours, game.batch, rules);
    svg::Document doc(width, height, title);
    doc.text(20, 30, title, 18, "start", "#222", "bold");
    doc.text(20, 54, fmt::format("secret {}", game.secret), 14);
    doc.text(20, 76, fmt::format("{} {}{}", game.moves.size(), game.ordinary ? "guesses" : "tests",
                                 game.verdict.empty() ? "" : ", verdict: " + game.verdict),
             14);
    auto draw_code = [&](double x, double y, const std::string& code) {
        for (std::size_t i = 0; i < code.size(); ++i) {
            const double cx = x + static_cast<double>(i) * (peg + gap) + peg / 2;
            doc.circle(cx, y, peg / 2, svg::peg_colour(symbol_value(code[i])));
            doc.text(cx, y + 4.5, std::string(1, code[i]), 12, "middle",
                     symbol_value(code[i]) == 3 || symbol_value(code[i]) == 7 ? "#222" : "#fff", "bold");
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
            const std::string words = game.rules == Rules::adjacent
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
