#include "mastermind/ordinary/game.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"

#include <fmt/format.h>

namespace mastermind {

SeededOrdinaryGame seeded_ordinary_game(const OrdinaryParams& params, std::optional<Code> secret,
                                        std::uint64_t seed) {
    Rng rng(seed);
    SeededOrdinaryGame game;
    game.secret =
        secret ? *secret
               : game_code_from_index(rng.below(params.code_count()), params.pegs, params.colours);
    game.shuffle_seed = rng.next();
    return game;
}

std::string OrdinaryParams::validate() const {
    if (pegs < 1 || pegs > kMaxPegs)
        return fmt::format("pegs must be 1..{} (got {})", kMaxPegs, pegs);
    if (colours < 2 || colours > kMaxColours)
        return fmt::format("colours must be 2..{} (got {})", kMaxColours, colours);
    if (max_guesses < 1 || max_guesses > kMaxGuesses) {
        return fmt::format("the guess limit must be 1..{} (got {})", kMaxGuesses, max_guesses);
    }
    return {};
}

std::uint64_t OrdinaryParams::code_count() const {
    std::uint64_t n = 1;
    for (int i = 0; i < pegs; ++i) n *= static_cast<std::uint64_t>(colours);
    return n;
}

std::optional<Code> parse_game_code(std::string_view text, int pegs, int colours) {
    if (text.size() != static_cast<std::size_t>(pegs)) return std::nullopt;
    return Code::parse(text, kGameSymbols, colours);
}

std::string describe_bad_game_code(std::string_view text, int pegs, int colours) {
    if (text.size() != static_cast<std::size_t>(pegs))
        return fmt::format("has {}, expected {}", count_of(text.size(), "symbol"), pegs);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int c = kGameSymbols.colour_of(text[i]);
        if (c < 0 || c >= colours) {
            return fmt::format("has symbol '{}' at position {}, expected 0-{}", text[i], i + 1,
                               kGameSymbols.symbols[static_cast<std::size_t>(colours - 1)]);
        }
    }
    return {};
}

Code game_code_from_index(std::uint64_t index, int pegs, int colours) {
    std::vector<std::uint8_t> pegs_out(static_cast<std::size_t>(pegs));
    for (int i = pegs - 1; i >= 0; --i) {
        pegs_out[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(index % static_cast<std::uint64_t>(colours));
        index /= static_cast<std::uint64_t>(colours);
    }
    return Code(std::move(pegs_out));
}

OrdinaryGame::OrdinaryGame(OrdinaryParams params, Code secret)
    : params_(params), secret_(std::move(secret)) {}

GuessResult OrdinaryGame::guess(std::string_view text) {
    GuessResult r;
    if (used_ >= params_.max_guesses) {
        r.kind = GuessResult::Kind::too_many;
        r.reason =
            fmt::format("guess {} is past the limit of {} guesses", used_ + 1, params_.max_guesses);
        return r;
    }
    const auto code = parse_game_code(text, params_.pegs, params_.colours);
    if (!code) {
        r.kind = GuessResult::Kind::bad_code;
        r.reason = fmt::format("guess '{}' {}", text,
                               describe_bad_game_code(text, params_.pegs, params_.colours));
        return r;
    }
    ++used_;
    r.score = score(params_.rules, secret_, *code);
    r.won = r.score.black == params_.pegs;
    return r;
}

}  // namespace mastermind
