#include "mastermind/judge/transcript.hpp"

#include <charconv>
#include <cstdint>

#include <fmt/format.h>

#include "mastermind/batch/game.hpp"
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
    std::string game = "batch", rules_text = "classic";
    std::optional<int> pegs, colours, batch, limit;
    std::optional<std::string_view> secret;
    std::uint64_t seed = 0;
    for (std::size_t i = 2; i < words.size(); i += 2) {
        const std::string_view option = words[i];
        if (i + 1 >= words.size()) {
            error = fmt::format("{} has no value", option);
            return std::nullopt;
        }
        const std::string_view value = words[i + 1];
        auto integer = [&](std::optional<int>& out) {
            int v = 0;
            if (!number(value, v)) return false;
            out = v;
            return true;
        };
        bool ok = true;
        if (option == "-P" || option == "--pegs")
            ok = integer(pegs);
        else if (option == "-K" || option == "--colours")
            ok = integer(colours);
        else if (option == "-B" || option == "--batch")
            ok = integer(batch);
        else if (option == "-M" || option == "--max-tests")
            ok = integer(limit);
        else if (option == "--secret")
            secret = value;
        else if (option == "--seed")
            ok = number(value, seed);
        else if (option == "--game")
            game = std::string(value), ok = game == "batch" || game == "ordinary";
        else if (option == "--rules")
            rules_text = std::string(value), ok = parse_rules(rules_text).has_value();
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
    const Rules rules = *parse_rules(rules_text);
    if (game == "ordinary") {
        OrdinaryParams p;
        p.rules = rules;
        p.pegs = pegs.value_or(p.pegs);
        p.colours = colours.value_or(p.colours);
        p.max_guesses = limit.value_or(p.max_guesses);
        if (batch && *batch != 1)
            error = "the ordinary game has one guess a turn";
        else
            error = p.validate();
        if (!error.empty()) return std::nullopt;
        std::optional<Code> code;
        if (secret && !(code = parse_game_code(*secret, p.pegs, p.colours))) {
            error = fmt::format("--secret '{}' {}", *secret,
                                describe_bad_game_code(*secret, p.pegs, p.colours));
            return std::nullopt;
        }
        return make_ordinary_judge_config(p, code, seed);
    }
    BatchParams p;
    p.rules = rules;
    p.pegs = pegs.value_or(p.pegs);
    p.colours = colours.value_or(p.colours);
    p.batch = batch.value_or(p.batch);
    p.max_tests = limit.value_or(p.max_tests);
    if (error = p.validate(); !error.empty()) return std::nullopt;
    std::optional<PackedCode> code;
    if (secret && !(code = PackedCode::parse(*secret, p))) {
        error = fmt::format("--secret '{}' {}", *secret, describe_bad_code(*secret, p));
        return std::nullopt;
    }
    return make_judge_config(p, code, seed);
}

}  // namespace mastermind
