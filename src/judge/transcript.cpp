#include "mastermind/judge/transcript.hpp"

#include <charconv>
#include <cstdint>

#include <fmt/format.h>

#include "mastermind/batch/game.hpp"
#include "mastermind/games/description.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind {

namespace {

std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ') ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

template <typename T>
bool number(std::string_view text, T& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::vector<Transcript> read_transcripts(std::string_view text, std::string& error) {
    std::vector<Transcript> out;
    bool inside = false;
    int number_of_line = 0;
    std::size_t start = 0;
    error.clear();
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number_of_line;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!inside) {
            if (line == "```transcript") inside = true, out.emplace_back();
            continue;
        }
        if (line == "```") {
            inside = false;
        } else if (line.starts_with("# ")) {
            out.back().command = std::string(line.substr(2));
        } else if (line.starts_with("judge> ")) {
            out.back().judge.emplace_back(line.substr(7));
        } else if (line.starts_with("solver> ")) {
            out.back().solver.emplace_back(line.substr(8));
        } else {
            error =
                fmt::format("line {}: expected '# ', 'judge> ', 'solver> ' or the end of the block",
                            number_of_line);
            out.pop_back();
            return out;
        }
    }
    if (inside) {
        error = "the last transcript block is not closed";
        out.pop_back();
    }
    return out;
}

std::optional<JudgeConfig> judge_config_from_command(std::string_view command, std::string& error) {
    const auto words = words_of(command);
    if (words.size() < 2 || words[0] != "mastermind" || words[1] != "judge") {
        error = "not a 'mastermind judge' command";
        return std::nullopt;
    }
    // The options become a request that the game description checks, as the command line's do.
    GameRequest request;
    std::optional<std::string_view> secret;
    std::uint64_t seed = 0;
    for (std::size_t i = 2; i < words.size(); ++i) {
        const std::string_view option = words[i];
        if (option == "--distinct") {
            request.distinct = true;
            continue;
        }
        if (i + 1 >= words.size()) {
            error = fmt::format("{} has no value", option);
            return std::nullopt;
        }
        const std::string_view value = words[++i];
        auto integer = [&](std::optional<int>& out) {
            int v = 0;
            if (!number(value, v)) return false;
            out = v;
            return true;
        };
        bool ok = true;
        if (option == "-P" || option == "--pegs")
            ok = integer(request.pegs);
        else if (option == "-K" || option == "--colours")
            ok = integer(request.colours);
        else if (option == "-B" || option == "--batch")
            ok = integer(request.batch);
        else if (option == "-M" || option == "--max-tests" || option == "--max-guesses")
            ok = integer(request.max_moves);
        else if (option == "--secret")
            secret = value;
        else if (option == "--seed")
            ok = number(value, seed);
        else if (option == "--game")
            request.game = std::string(value);
        else if (option == "--rules")
            request.rules = std::string(value);
        else if (option == "--log" || option == "--transcript" || option == "--timeout")
            ok = true;
        else {
            error = fmt::format("unknown option '{}'", option);
            return std::nullopt;
        }
        if (!ok) {
            error = fmt::format("bad value '{}' for {}", value, option);
            return std::nullopt;
        }
    }
    const auto game = GameDescription::make(request, error);
    if (!game) return std::nullopt;
    if (game->ordinary()) {
        const auto& p = game->ordinary_params();
        std::optional<Code> code;
        if (secret && !(code = parse_game_code(*secret, p.shape()))) {
            error = fmt::format("--secret '{}' {}", *secret,
                                describe_bad_game_code(*secret, p.shape()));
            return std::nullopt;
        }
        return make_ordinary_judge_config(p, code, seed);
    }
    const auto& p = game->batch_params();
    std::optional<PackedCode> code;
    if (secret && !(code = PackedCode::parse(*secret, p))) {
        error = fmt::format("--secret '{}' {}", *secret, describe_bad_code(*secret, p));
        return std::nullopt;
    }
    return make_judge_config(p, code, seed);
}

}  // namespace mastermind
