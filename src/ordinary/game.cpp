#include "mastermind/ordinary/game.hpp"
#include "mastermind/core/random.hpp"

#include <fmt/format.h>

namespace mastermind {

SeededOrdinaryGame seeded_ordinary_game(const OrdinaryParams& params, std::optional<Code> secret,
                                        std::uint64_t seed) {
    Rng rng(seed);
    SeededOrdinaryGame game;
    game.secret =
        secret ? *secret : game_code_from_index(rng.below(params.code_count()), params.shape());
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
    if (distinct && pegs > colours) {
        return fmt::format(
            "codes of {} pegs without repeated colours need at least {} colours (got {})", pegs,
            pegs, colours);
    }
    return {};
}

std::optional<Code> parse_game_code(std::string_view text, const CodeShape& shape) {
    if (!shape.describe_bad(text).empty()) return std::nullopt;
    return Code::parse(text, kGameSymbols, shape.colours);
}

std::string describe_bad_game_code(std::string_view text, const CodeShape& shape) {
    return shape.describe_bad(text);
}

Code game_code_from_index(std::uint64_t index, const CodeShape& shape) {
    std::vector<std::uint8_t> pegs(static_cast<std::size_t>(shape.pegs));
    shape.digits(index, pegs);
    return Code(std::move(pegs));
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
    const auto code = parse_game_code(text, params_.shape());
    if (!code) {
        r.kind = GuessResult::Kind::bad_code;
        r.reason =
            fmt::format("guess '{}' {}", text, describe_bad_game_code(text, params_.shape()));
        return r;
    }
    ++used_;
    r.score = score(params_.rules, secret_, *code);
    r.won = r.score.black == params_.pegs;
    return r;
}

}  // namespace mastermind
