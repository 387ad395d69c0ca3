// Range checks for numeric options, shared by every command. Each runs on the text the user gave,
// before any work starts, and its message names the option (CLI11 prefixes it), the range in plain
// digits and the value, e.g. "--candidates: must be an integer from 1 to 1000000, got '0'". CLI11's
// own Range prints the limits of a double, and its unsigned conversion wraps "-1" around; these do
// neither. The integer ones are transforms (Option::transform): they hand CLI11 the value in plain
// decimal, since its own conversion reads a leading 0 as octal ("-K 010" would be 8 colours).
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mastermind::app {

// The whole of `text` as a decimal integer in [lo, hi]; nullopt otherwise (a sign where lo >= 0,
// spaces, anything after the digits, a value out of range or past 64 bits).
inline std::optional<std::int64_t> integer_from(std::string_view text, std::int64_t lo,
                                                std::int64_t hi) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc{} || ptr != end || value < lo || value > hi) return std::nullopt;
    return value;
}

// An integer in [lo, hi], passed on in plain decimal (attach with Option::transform); for --seed
// use `seed_value()`.
// `ranges`, when given, says the range in words where it depends on something else (the game):
// "batch 1 to 12, ordinary 1 to 8".
inline CLI::Validator integer_in(std::int64_t lo, std::int64_t hi, std::string ranges = {}) {
    return CLI::Validator(
        [lo, hi, ranges](std::string& text) -> std::string {
            if (const auto value = integer_from(text, lo, hi)) {
                text = std::to_string(*value);
                return {};
            }
            if (!ranges.empty())
                return fmt::format("must be an integer ({}), got '{}'", ranges, text);
            return fmt::format("must be an integer from {} to {}, got '{}'", lo, hi, text);
        },
        fmt::format("INT in [{} - {}]", lo, hi));
}

// A seed: any integer from 0 to 2^64 - 1, never a negative one wrapped around, passed on in plain
// decimal (attach with Option::transform).
inline CLI::Validator seed_value() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, error] = std::from_chars(text.data(), end, value);
            if (error != std::errc{} || ptr != end) {
                return fmt::format("must be an integer from 0 to {}, got '{}'",
                                   std::numeric_limits<std::uint64_t>::max(), text);
            }
            text = std::to_string(value);
            return {};
        },
        "UINT64");
}

// The digits a value starts with, without leading zeros (one is kept): "010k" becomes "10k", so
// that a conversion after it (CLI11's AsSizeValue) cannot read them as octal.
inline CLI::Validator decimal_prefix() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::size_t zeros = 0;
            while (zeros + 1 < text.size() && text[zeros] == '0' &&
                   text[zeros + 1] >= '0' && text[zeros + 1] <= '9')
                ++zeros;
            text.erase(0, zeros);
            return {};
        },
        "");
}

// A number (seconds, MiB) in [lo, hi].
inline CLI::Validator number_in(double lo, double hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) ||
                value < lo || value > hi) {
                return fmt::format("must be a number from {:g} to {:g}, got '{}'", lo, hi, text);
            }
            return {};
        },
        fmt::format("NUMBER in [{:g} - {:g}]", lo, hi));
}

// Seconds of a time limit or timeout: 0 (none), or from a millisecond (the resolution the
// limits are kept in) to `hi`: a smaller value must not round to "none".
inline CLI::Validator seconds_or_none(double hi) {
    return CLI::Validator(
        [hi](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            const bool number =
                !text.empty() && end == text.c_str() + text.size() && std::isfinite(value);
            if (!number || !(value == 0 || (value >= 0.001 && value <= hi))) {
                return fmt::format(
                    "must be 0 (none) or a number of seconds from 0.001 to {:g}, got '{}'", hi,
                    text);
            }
            return {};
        },
        fmt::format("SECONDS: 0 or [0.001 - {:g}]", hi));
}

// One of `names`, exactly: "must be one of anneal, repair, got 'sat'" (CLI11's IsMember prints the
// value unquoted, so an empty one vanished from its message). The help shows "{a,b}", as
// IsMember's did.
inline CLI::Validator one_of(std::vector<std::string> names) {
    const auto list = fmt::format("{}", fmt::join(names, ", "));
    const auto description = fmt::format("{{{}}}", fmt::join(names, ","));
    return CLI::Validator(
        [names = std::move(names), list](std::string& text) -> std::string {
            if (std::find(names.begin(), names.end(), text) != names.end()) return {};
            return fmt::format("must be one of {}, got '{}'", list, text);
        },
        description);
}

// Limits shared by several commands.
inline constexpr double kMaxSeconds = 86'400;          // timeouts and time limits: one day
inline constexpr std::int64_t kMaxThreads = 1024;      // worker threads and parallel games
inline constexpr std::int64_t kMaxGames = 10'000'000;  // arena games, evaluate samples: 10^7

}  // namespace mastermind::app
