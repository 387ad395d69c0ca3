// Reading what the project writes, for the pictures: the judge's log and evaluate --json. The one
// file of the pictures that parses JSON (nlohmann's parser is most of its compile time).
#include <istream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/batch/params.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "mastermind/core/histogram.hpp"
#include "mastermind/ordinary/game.hpp"
#include "mastermind/pictures/pictures.hpp"

namespace mastermind {

namespace {

[[noreturn]] void refuse(const std::string& name, std::size_t line, const std::string& what) {
    throw std::runtime_error(fmt::format("{}:{}: {}", name, line, what));
}

// An integer field (or array element) in [lo, hi]; else why not, after "FILE:LINE: ".
int int_in(const nlohmann::json& value, const std::string& what, int lo, int hi,
           const std::string& name, std::size_t line) {
    if (!value.is_number_integer()) refuse(name, line, fmt::format("{} is not an integer", what));
    const auto n = value.get<std::int64_t>();
    if (n < lo || n > hi)
        refuse(name, line, fmt::format("{} is {}, expected {} to {}", what, n, lo, hi));
    return static_cast<int>(n);
}

// What the log says about the game: its sizes, for the checks of each move.
struct LogGame {
    const GameRecord& game;
    const std::string& name;

    // `code` has the game's pegs, each one of its colours; `what` names it in the message.
    void check_code(const std::string& code, const std::string& what, std::size_t line) const {
        if (auto why = describe_bad_game_code(code, {game.pegs, game.colours, game.distinct});
            !why.empty()) {
            refuse(name, line, fmt::format("{} '{}' {}", what, code.substr(0, 20), why));
        }
    }

    // A score some code can get: counts from 0, at most the pegs in all, grey only under adjacent
    // rules.
    Score score(const nlohmann::json& black, const nlohmann::json& grey,
                const nlohmann::json& white, std::size_t line) const {
        const Score s{int_in(black, "black", 0, game.pegs, name, line),
                      int_in(grey, "grey", 0, game.pegs, name, line),
                      int_in(white, "white", 0, game.pegs, name, line)};
        if (s.black + s.grey + s.white > game.pegs) {
            refuse(
                name, line,
                fmt::format("the answer {} black, {} grey, {} white counts more than the {} pegs",
                            s.black, s.grey, s.white, game.pegs));
        }
        if (s.grey > 0 && game.rules != Rules::adjacent)
            refuse(name, line, "a grey answer peg under classic rules");
        return s;
    }

    // A batch answer: [hit, blow], or [hit, grey, blow] under adjacent rules.
    Score batch_answer(const nlohmann::json& answer, std::size_t line) const {
        const std::size_t size = game.rules == Rules::adjacent ? 3 : 2;
        if (!answer.is_array() || answer.size() != size) {
            refuse(name, line, fmt::format("an answer is not a list of {} numbers", size));
        }
        return size == 3 ? score(answer[0], answer[1], answer[2], line)
                         : score(answer[0], 0, answer[1], line);
    }
};

}  // namespace

GameRecord read_judge_log(std::istream& in, const std::string& name) {
    GameRecord game;
    std::string text;
    bool started = false, won = false;
    const LogGame check{game, name};
    // A log line is one event: a test of 16 strings is a few hundred bytes; a game of 1000 tests
    // well under a MiB.
    BoundedLines lines(in, kMaxLogLine, kMaxLogBytes);
    for (;;) {
        const auto read = lines.next(text);
        if (read == BoundedLines::Read::end) break;
        const std::size_t number = lines.number() + (read == BoundedLines::Read::line ? 0 : 1);
        if (read != BoundedLines::Read::line) refuse(name, number, lines.why(read));
        if (text.empty()) continue;
        nlohmann::json event;
        try {
            event = nlohmann::json::parse(text);
        } catch (const std::exception&) {
            refuse(name, number, "not a JSON line of a judge log");
        }
        if (!event.is_object())
            refuse(name, number, "not a JSON object: not an event of a judge log");
        try {
            const std::string kind = event.value("event", "");
            if (kind == "start") {
                if (started)
                    refuse(name, number, "a second game starts: draw one game's log at a time");
                started = true;
                const std::string what = event.value("game", "batch");
                if (what != "ordinary" && what != "batch")
                    refuse(name, number, fmt::format("game '{}' is not ordinary or batch", what));
                game.ordinary = what == "ordinary";
                const std::string rules = event.at("rules").get<std::string>();
                if (rules != "classic" && rules != "adjacent") {
                    refuse(
                        name, number,
                        fmt::format("rules '{}' are not classic or adjacent", rules.substr(0, 20)));
                }
                game.rules = rules == "adjacent" ? Rules::adjacent : Rules::classic;
                if (game.ordinary) {
                    game.pegs =
                        int_in(event.at("pegs"), "pegs", 1, OrdinaryParams::kMaxPegs, name, number);
                    game.colours = int_in(event.at("colours"), "colours", 2,
                                          OrdinaryParams::kMaxColours, name, number);
                    game.max_moves = int_in(event.at("max_guesses"), "max_guesses", 1,
                                            OrdinaryParams::kMaxGuesses, name, number);
                    if (event.contains("distinct"))
                        game.distinct = event.at("distinct").get<bool>();
                    const OrdinaryParams params{game.rules, game.pegs, game.colours, game.max_moves,
                                                game.distinct};
                    if (auto why = params.validate(); !why.empty()) refuse(name, number, why);
                } else {
                    game.pegs =
                        int_in(event.at("pegs"), "pegs", 1, BatchParams::kMaxPegs, name, number);
                    game.colours = int_in(event.at("colours"), "colours", 2,
                                          BatchParams::kMaxColours, name, number);
                    game.batch =
                        int_in(event.at("batch"), "batch", 1, BatchParams::kMaxBatch, name, number);
                    game.max_moves =
                        int_in(event.at("max_tests"), "max_tests", 1, kMaxLogTests, name, number);
                }
                game.secret = event.at("secret").get<std::string>();
                check.check_code(game.secret, "the secret", number);
            } else if (!started) {
                refuse(name, number, "the log does not begin with the judge's start event");
            } else if (kind == "guess" || kind == "test") {
                if ((kind == "guess") != game.ordinary) {
                    refuse(name, number,
                           fmt::format("a {} event in a log of the {} game", kind,
                                       game.ordinary ? "ordinary" : "batch"));
                }
                if (won) refuse(name, number, fmt::format("a {} after the game was won", kind));
                if (game.moves.size() >= static_cast<std::size_t>(game.max_moves)) {
                    refuse(name, number,
                           fmt::format("more than the game's {} {}", game.max_moves,
                                       game.ordinary ? "guesses" : "tests"));
                }
                GameRecord::Move move;
                if (kind == "guess") {
                    move.codes.push_back(event.at("code").get<std::string>());
                    check.check_code(move.codes.back(), "the guess", number);
                    move.answers.push_back(check.score(event.at("black"),
                                                       event.value("grey", nlohmann::json(0)),
                                                       event.at("white"), number));
                    won = move.answers.back().black == game.pegs;
                } else {
                    const auto& strings = event.at("strings");
                    const auto& shuffled = event.at("shuffled");
                    const auto batch = static_cast<std::size_t>(game.batch);
                    if (!strings.is_array() || strings.size() != batch) {
                        refuse(name, number,
                               fmt::format("a test is not a list of the game's {} strings", batch));
                    }
                    if (!shuffled.is_array() || shuffled.size() != batch) {
                        refuse(name, number,
                               fmt::format("a test's answers are not a list of {} answers", batch));
                    }
                    for (const auto& s : strings) {
                        move.codes.push_back(s.get<std::string>());
                        check.check_code(move.codes.back(), "a string", number);
                    }
                    for (const auto& a : shuffled)
                        move.answers.push_back(check.batch_answer(a, number));
                }
                game.moves.push_back(std::move(move));
            } else if (kind == "challenge") {
                if (game.ordinary)
                    refuse(name, number, "a challenge event in a log of the ordinary game");
                game.challenge = event.at("guess").get<std::string>();
                check.check_code(game.challenge, "the challenge", number);
            } else if (kind == "verdict") {
                game.verdict = event.at("verdict").get<std::string>().substr(0, 100);
            }
        } catch (const nlohmann::json::exception& e) {
            refuse(name, number,
                   fmt::format("a field is missing or of the wrong type ({})", e.what()));
        }
    }
    if (!started)
        refuse(name, lines.number(),
               "no start event: not a judge log (mastermind judge --log FILE)");
    return game;
}

HistogramRecord read_evaluation_json(std::istream& in, const std::string& name) {
    std::string text;
    if (!read_bounded(in, kMaxReportBytes, text)) {
        throw std::runtime_error(
            fmt::format("{}: larger than {}, the limit for a report of evaluate --json", name,
                        size_text(kMaxReportBytes)));
    }
    nlohmann::json report;
    try {
        report = nlohmann::json::parse(text);
    } catch (const std::exception&) {
        throw std::runtime_error(
            fmt::format("{}: not JSON (expected the output of evaluate --json)", name));
    }
    auto bad = [&](const std::string& why) {
        return std::runtime_error(
            fmt::format("{}: not a report of evaluate --json: {}", name, why));
    };
    if (!report.is_object()) throw bad("not a JSON object");
    auto field = [&](const char* key) -> const nlohmann::json& {
        if (!report.contains(key)) throw bad(fmt::format("no field '{}'", key));
        return report.at(key);
    };
    HistogramRecord h;
    try {
        // The ordinary game's report names its game in an object; the batch game's is [P, K, B, M]
        // with the rules beside it.
        const auto& game = field("game");
        const bool ordinary = game.is_object();
        int pegs = 0, colours = 0, batch = 0, limit = 0;
        std::string rules;
        bool distinct = false;
        if (ordinary) {
            if (game.value("name", "") != "ordinary") throw bad("game.name is not 'ordinary'");
            pegs = game.at("pegs").get<int>();
            colours = game.at("colours").get<int>();
            limit = game.at("max_guesses").get<int>();
            rules = game.value("rules", "classic");
            if (game.contains("distinct")) distinct = game.at("distinct").get<bool>();
            if (auto why =
                    OrdinaryParams{Rules::classic, pegs, colours, limit, distinct}.validate();
                !why.empty())
                throw bad(why);
        } else {
            if (!game.is_array() || game.size() != 4)
                throw bad("game is not [pegs, colours, batch, max tests]");
            const BatchParams p{game.at(0).get<int>(), game.at(1).get<int>(), game.at(2).get<int>(),
                                game.at(3).get<int>()};
            if (auto why = p.validate(); !why.empty()) throw bad(why);
            pegs = p.pegs, colours = p.colours, batch = p.batch, limit = p.max_tests;
            rules = report.value("rules", "classic");
        }
        if (rules != "classic" && rules != "adjacent")
            throw bad(fmt::format("rules '{}'", rules.substr(0, 20)));
        const auto& histogram = field("histogram");
        if (!histogram.is_array()) throw bad("histogram is not a list");
        if (histogram.size() > static_cast<std::size_t>(limit) + 1) {
            throw bad(
                fmt::format("histogram has {} entries, a game of at most {} {} has at most {}",
                            histogram.size(), limit, ordinary ? "guesses" : "tests", limit + 1));
        }
        auto count = [&](const nlohmann::json& n, const char* what) {
            if (!n.is_number_unsigned())
                throw bad(fmt::format("{} is not a count (an integer from 0)", what));
            return n.get<std::uint64_t>();
        };
        for (const auto& n : histogram) {
            const auto games = count(n, "a histogram entry");
            if (games > (std::uint64_t{1} << 40))
                throw bad("a histogram entry is larger than 2^40");
            h.counts.push_back(games);
        }
        const auto totals = histogram_totals(h.counts);
        const std::uint64_t won = totals.won, total = totals.total;
        const int worst = std::max(0, totals.worst);
        h.games = count(field("games"), "games");
        const auto failures = count(field("failures"), "failures");
        if (failures > h.games || won != h.games - failures) {
            throw bad(
                fmt::format("the histogram holds {} games won; games {} and failures {} say {}",
                            won, h.games, failures, failures > h.games ? 0 : h.games - failures));
        }
        // The batch game's report has no total: it is the histogram's.
        h.total = report.contains("total") ? count(report.at("total"), "total") : total;
        if (h.total != total)
            throw bad(fmt::format("total is {}, the histogram's is {}", h.total, total));
        const auto worst_given = count(field("worst"), "worst");
        if (worst_given != static_cast<std::uint64_t>(worst))
            throw bad(fmt::format("worst is {}, the histogram's is {}", worst_given, worst));
        h.worst = worst;
        h.unit = ordinary ? "guesses" : "tests";
        h.title = fmt::format("{} on {} {}x{}{} ({} rules), {}",
                              field("strategy").get<std::string>().substr(0, 60),
                              ordinary ? "ordinary" : "batch", pegs, colours,
                              ordinary ? (distinct ? " distinct" : "") : fmt::format("x{}", batch),
                              rules, report.value("scope", "").substr(0, 100));
    } catch (const nlohmann::json::exception& e) {
        throw bad(fmt::format("a field is missing or of the wrong type ({})", e.what()));
    }
    return h;
}

}  // namespace mastermind
