#include "mastermind/games/table_state.hpp"

#include <fmt/format.h>

#include <string>

#include "mastermind/core/code_space.hpp"

namespace mastermind {

namespace {

using nlohmann::json;

// What both games share: size, board, how it stands, and once over the secret, the seed and the
// command that replays the game (`replay_options`: the options only this game needs).
json common_state(const char* game, Rules rules, int pegs, int colours, int max, json rows,
                  TableOutcome outcome, const std::string& secret, std::uint64_t seed,
                  const std::string& replay_options) {
    const char* rules_name = rules == Rules::adjacent ? "adjacent" : "classic";
    json state = {{"game", game},
                  {"rules", rules_name},
                  {"pegs", pegs},
                  {"colours", colours},
                  {"symbols", std::string(CodeSpace::kSymbols.substr(0, colours))},
                  {"max", max},
                  {"rows", std::move(rows)},
                  {"outcome", to_string(outcome)},
                  {"over", outcome != TableOutcome::playing}};
    if (outcome != TableOutcome::playing) {
        state["secret"] = secret;
        state["seed"] = std::to_string(seed);
        state["replay"] = fmt::format("mastermind play {}--rules {} -P {} -K {} -M {} --seed {}",
                                      replay_options, rules_name, pegs, colours, max, seed);
    }
    return state;
}

}  // namespace

json table_state(const OrdinaryTable& t) {
    const auto& p = t.params();
    json rows = json::array();
    for (const auto& turn : t.session().history()) {
        const Score s = t.space().decode(turn.feedback);
        rows.push_back({{"code", t.space().to_string(turn.code)},
                        {"black", s.black},
                        {"grey", s.grey},
                        {"white", s.white}});
    }
    json state = common_state("ordinary", p.rules, p.pegs, p.colours, p.max_guesses,
                              std::move(rows), t.outcome(),
                              t.over() ? t.space().to_string(t.secret()) : "", t.seed(),
                              p.distinct ? "--distinct " : "");
    state["distinct"] = p.distinct;
    return state;
}

json table_state(const BatchTable& t) {
    const auto& p = t.params();
    json rows = json::array();
    for (std::size_t turn = 0; turn < t.turns(); ++turn) {
        json strings = json::array(), answers = json::array();
        for (const auto& s : t.strings(turn)) strings.push_back(s.to_string(p.pegs));
        for (const auto& a : t.answers(turn)) {
            answers.push_back(p.rules == Rules::adjacent ? json::array({a.hit, a.grey, a.blow})
                                                         : json::array({a.hit, a.blow}));
        }
        rows.push_back({{"strings", strings}, {"answers", answers}});
    }
    json state = common_state("batch", p.rules, p.pegs, p.colours, p.max_tests, std::move(rows),
                              t.outcome(), t.over() ? t.secret().to_string(p.pegs) : "", t.seed(),
                              fmt::format("--game batch -B {} ", p.batch));
    state["batch"] = p.batch;
    return state;
}

}  // namespace mastermind
