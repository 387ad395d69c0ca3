// The ordinary game of the family, as the judge enforces it: a secret of P pegs over K colours
// (written 0-9 then A-F; with `distinct`, as in Bulls and Cows, no colour twice in a secret or a
// guess), one guess a turn answered black/white (classic rules) or
// black/grey/white (adjacent rules, the definition of scoring.hpp); a guess that scores all black
// wins and counts as a guess; at most M guesses. Guesses may repeat (pointless, not forbidden).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/core/code.hpp"
#include "mastermind/core/code_shape.hpp"
#include "mastermind/core/scoring.hpp"

namespace mastermind {

struct OrdinaryParams {
    Rules rules = Rules::classic;
    int pegs = 4;
    int colours = 6;
    int max_guesses = 10;
    bool distinct = false;  // codes without repeated colours

    static constexpr int kMaxPegs = 8;
    static constexpr int kMaxColours = 16;
    static constexpr int kMaxGuesses = 100;

    // Empty if supported, else what is wrong.
    std::string validate() const;
    std::uint64_t code_count() const { return shape().count(); }
    CodeShape shape() const { return {pegs, colours, distinct}; }
    friend bool operator==(const OrdinaryParams&, const OrdinaryParams&) = default;
};

// Codes of the ordinary game are written with the batch game's symbols.
inline constexpr Alphabet kGameSymbols = Alphabet::digits();

std::optional<Code> parse_game_code(std::string_view text, const CodeShape& shape);
// Why `text` is not a code of the shape ("has 3 symbols, expected 4", ...), or empty.
std::string describe_bad_game_code(std::string_view text, const CodeShape& shape);
// Code number `index` (below shape.count(), numbered as code_shape.hpp says).
Code game_code_from_index(std::uint64_t index, const CodeShape& shape);

// The game a seed makes, as `mastermind judge --game ordinary --seed S` plays it: the secret
// drawn from the seed (unless given), then a seed for shuffles (the ordinary game has none to
// shuffle; it is drawn so that both games draw alike).
struct SeededOrdinaryGame {
    Code secret;
    std::uint64_t shuffle_seed = 0;
};
SeededOrdinaryGame seeded_ordinary_game(const OrdinaryParams& params, std::optional<Code> secret,
                                        std::uint64_t seed);

struct GuessResult {
    enum class Kind { scored, bad_code, too_many };
    Kind kind = Kind::scored;
    std::string reason;  // when not scored
    Score score;
    bool won = false;
};

class OrdinaryGame {
  public:
    OrdinaryGame(OrdinaryParams params, Code secret);

    GuessResult guess(std::string_view text);

    const OrdinaryParams& params() const { return params_; }
    const Code& secret() const { return secret_; }
    int guesses_used() const { return used_; }

  private:
    OrdinaryParams params_;
    Code secret_;
    int used_ = 0;
};

}  // namespace mastermind
