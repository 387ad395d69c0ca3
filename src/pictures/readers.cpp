// Reading what the project writes, for the pictures: the judge's log and evaluate --json. The one
// file of the pictures that parses JSON (nlohmann's parser is most of its compile time).
#include <istream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/pictures/pictures.hpp"

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

HistogramRecord read_evaluation_json(std::istream& in, const std::string& name) {
    nlohmann::json report;
    try {
        report = nlohmann::json::parse(in);
    } catch (const std::exception&) {
        throw std::runtime_error(fmt::format("{}: not JSON (expected the output of evaluate --json)", name));
    }
    HistogramRecord h;
    try {
        for (const auto& n : report.at("histogram")) h.counts.push_back(n.get<std::uint64_t>());
        h.games = report.at("games").get<std::uint64_t>();
        h.total = report.at("total").get<std::uint64_t>();
        h.worst = report.at("worst").get<int>();
        const auto& game = report.at("game");
        const bool ordinary = game.value("name", "batch") == "ordinary";
        h.unit = ordinary ? "guesses" : "tests";
        h.title = fmt::format("{} on {} {}x{}{} ({} rules), {}", report.at("strategy").get<std::string>(),
                              ordinary ? "ordinary" : "batch", game.at("pegs").get<int>(),
                              game.at("colours").get<int>(),
                              ordinary ? "" : fmt::format("x{}", game.value("batch", 0)),
                              game.value("rules", "classic"), report.value("scope", ""));
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(fmt::format("{}: not an evaluate --json report ({})", name, e.what()));
    }
    return h;
}

}  // namespace mastermind
