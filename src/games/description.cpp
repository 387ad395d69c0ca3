#include "mastermind/games/description.hpp"

#include <fmt/format.h>

#include "mastermind/batch/strategy.hpp"
#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind {

namespace {

std::string clipped(std::string_view text) {
    return std::string(text.substr(0, 20)) + (text.size() > 20 ? "..." : "");
}

}  // namespace

std::optional<GameDescription> GameDescription::make(const GameRequest& r, std::string& why,
                                                     const GameFieldNames& names) {
    why.clear();
    if (r.game != "batch" && r.game != "ordinary" && r.game != "bulls-and-cows") {
        why = fmt::format("{} '{}' is not batch, ordinary or bulls-and-cows", names.game,
                          clipped(r.game));
        return std::nullopt;
    }
    const auto rules = parse_rules(r.rules);
    if (!rules) {
        why = fmt::format("{} '{}' are not classic or adjacent", names.rules, clipped(r.rules));
        return std::nullopt;
    }
    GameDescription d;
    d.ordinary_ = r.game != "batch";
    if (!d.ordinary_ && r.distinct) {
        why = fmt::format(
            "{}: the batch game's secrets are every string of digits; codes without repeated "
            "colours are a rule of the ordinary game (--game ordinary or bulls-and-cows)",
            names.distinct);
        return std::nullopt;
    }
    if (!d.ordinary_) {
        // Each size in its range, named by its field as in the ordinary game; then what the
        // sizes must satisfy together (validate()).
        struct Range {
            const std::optional<int>& value;
            int lo, hi;
            const std::string& name;
            const char* what;
        };
        for (const Range& f :
             {Range{r.pegs, 1, BatchParams::kMaxPegs, names.pegs, "pegs"},
              Range{r.colours, 2, BatchParams::kMaxColours, names.colours, "colours"},
              Range{r.batch, 1, BatchParams::kMaxBatch, names.batch, "strings a test"},
              Range{r.max_moves, 1, BatchParams::kMaxTests, names.max_tests, "tests"}}) {
            if (f.value && (*f.value < f.lo || *f.value > f.hi)) {
                why = fmt::format("{}: the batch game has {} to {} {}, got {}", f.name, f.lo, f.hi,
                                  f.what, *f.value);
                return std::nullopt;
            }
        }
        auto& p = d.batch_params_;
        p.rules = *rules;
        if (r.pegs) p.pegs = *r.pegs;
        if (r.colours) p.colours = *r.colours;
        if (r.batch) p.batch = *r.batch;
        if (r.max_moves) p.max_tests = *r.max_moves;
        why = p.validate();
        if (!why.empty()) return std::nullopt;
        return d;
    }
    // A value the batch game allows but the ordinary one does not is named by its field.
    if (r.batch && *r.batch != 1) {
        why = fmt::format("the ordinary game has one guess a turn (got {} {})", names.batch,
                          *r.batch);
        return std::nullopt;
    }
    if (r.pegs && (*r.pegs < 1 || *r.pegs > OrdinaryParams::kMaxPegs)) {
        why = fmt::format("{}: the ordinary game has 1 to {} pegs, got {}", names.pegs,
                          OrdinaryParams::kMaxPegs, *r.pegs);
        return std::nullopt;
    }
    if (r.max_moves && (*r.max_moves < 1 || *r.max_moves > OrdinaryParams::kMaxGuesses)) {
        why = fmt::format("{}: the ordinary game allows 1 to {} guesses, got {}", names.max_guesses,
                          OrdinaryParams::kMaxGuesses, *r.max_moves);
        return std::nullopt;
    }
    auto& p = d.ordinary_params_;
    p.rules = *rules;
    p.distinct = r.distinct;
    if (r.game == "bulls-and-cows") p.pegs = 4, p.colours = 10, p.distinct = true;
    if (r.pegs) p.pegs = *r.pegs;
    if (r.colours) p.colours = *r.colours;
    if (r.max_moves) p.max_guesses = *r.max_moves;
    why = p.validate();
    if (!why.empty()) return std::nullopt;
    return d;
}

std::string GameDescription::summary() const {
    if (ordinary_) {
        const auto& p = ordinary_params_;
        return fmt::format("ordinary {}, {} guesses, {} rules", p.shape().name(), p.max_guesses,
                           to_string(p.rules));
    }
    const auto& p = batch_params_;
    return fmt::format("batch {}/{}/{}, {} tests, {} rules", p.pegs, p.colours, p.batch,
                       p.max_tests, to_string(p.rules));
}

std::vector<PlayerFit> GameDescription::players() const {
    std::vector<PlayerFit> fits;
    if (ordinary_) {
        const auto& p = ordinary_params_;
        for (const auto& info : all_codebreakers()) {
            PlayerFit fit{std::string(info.name), codebreaker_refuses(info, p.shape()), {}};
            fit.refuses_hints =
                fit.refuses.empty() ? codebreaker_refuses_hints(info, p.code_count()) : fit.refuses;
            fits.push_back(std::move(fit));
        }
        return fits;
    }
    for (const auto& info : all_strategies()) {
        PlayerFit fit{std::string(info.name), strategy_refuses(info, batch_params_), {}};
        fit.refuses_hints = fit.refuses;
        fits.push_back(std::move(fit));
    }
    return fits;
}

std::vector<std::string> GameDescription::helpers() const {
    const std::string_view best = ordinary_ ? best_codebreaker_for(ordinary_params_.shape())->name
                                            : best_strategy_for(batch_params_)->name;
    std::vector<std::string> names;
    for (const auto& fit : players()) {
        if (!fit.refuses_hints.empty()) continue;
        if (fit.name == best)
            names.insert(names.begin(), fit.name);
        else
            names.push_back(fit.name);
    }
    return names;
}

}  // namespace mastermind
