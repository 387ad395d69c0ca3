// The engine's JavaScript API in the browser build (web/, docs/web.md): a person's game of either
// kind on the library's tables, hints, counts, the partition of the codes still possible by the
// answer to a guess, the game's board as SVG, a codebreaker's whole decision tree, and the
// scorer. Every function takes and returns JSON text, so that the page's Web Worker passes it on
// as it is; an error is {"error": why}, in the words the command line uses, and no call throws.
//
// One game at a time per instance of the module: the page runs the module in a Web Worker, which
// it ends (and replays the game into a new one) when a person cancels a long hint.
#include <emscripten/bind.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/batch/strategy.hpp"
#include "mastermind/batch/table.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/code.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/games/description.hpp"
#include "mastermind/games/table_state.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/evaluation.hpp"
#include "mastermind/ordinary/table.hpp"
#include "mastermind/pictures/pictures.hpp"
#include "mastermind/version.hpp"

namespace mastermind::web {

namespace {

using nlohmann::json;

// The largest ordinary game the page plays: every code and its masks are held per game, and a
// WebAssembly page has far less memory than a terminal (`mastermind play` goes to 2^20 codes too).
constexpr std::uint64_t kLargestSpace = std::uint64_t{1} << 20;
// The codes of a part the partition lists (the page shows them when a person opens the part).
constexpr std::size_t kListedCodes = 12;
// The nodes of a decision tree the page may be sent (4x6 optimal: 1,000 or so).
constexpr std::size_t kLargestTree = 20000;
// A budget in seconds, as the page may ask: none is "0" (the cancel button is the limit).
constexpr double kLongestBudget = 3600;

std::string text(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}
std::string failure(const std::string& why) { return text(json{{"error", why}}); }

// A JSON object from the page, or why not.
std::optional<json> object_of(const std::string& input, std::string& why) {
    json value = json::parse(input, nullptr, false);
    if (value.is_discarded() || !value.is_object()) {
        why = "the request is not a JSON object";
        return std::nullopt;
    }
    return value;
}

// The request's optional whole number `name` in [lo, hi], or why not.
std::optional<int> number_field(const json& request, const char* name, int lo, int hi,
                                std::string& why) {
    if (!request.contains(name) || request[name].is_null()) return std::nullopt;
    const json& v = request[name];
    if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
        why = fmt::format("{} {} is not a whole number in [{}, {}]", name, v.dump(), lo, hi);
        return std::nullopt;
    }
    return static_cast<int>(v.get<std::int64_t>());
}

std::string string_field(const json& request, const char* name, const char* otherwise) {
    return request.contains(name) && request[name].is_string() ? request[name].get<std::string>()
                                                               : otherwise;
}

// The game a page's form asks for, validated as every front end validates it, or why not.
std::optional<GameDescription> game_of(const json& request, std::string& why) {
    GameRequest r;
    r.game = string_field(request, "game", "ordinary");
    r.rules = string_field(request, "rules", "classic");
    r.pegs = number_field(request, "pegs", 1, BatchParams::kMaxPegs, why);
    if (why.empty()) r.colours = number_field(request, "colours", 2, BatchParams::kMaxColours, why);
    if (why.empty()) r.batch = number_field(request, "batch", 1, BatchParams::kMaxBatch, why);
    if (why.empty()) r.max_moves = number_field(request, "max", 1, BatchParams::kMaxTests, why);
    if (!why.empty()) return std::nullopt;
    if (request.contains("distinct")) {
        if (!request["distinct"].is_boolean()) {
            why = "distinct is not true or false";
            return std::nullopt;
        }
        r.distinct = request["distinct"].get<bool>();
    }
    if (r.game != "batch" && r.batch == 1) r.batch.reset();
    static const GameFieldNames kFields{"game", "rules", "pegs", "colours",
                                        "batch", "max", "max", "distinct"};
    auto game = GameDescription::make(r, why, kFields);
    if (game && game->ordinary()) {
        why = CodeSpace::check(game->ordinary_params().shape());
        if (why.empty() && game->secrets() > kLargestSpace) {
            why = fmt::format("{} has {} codes, more than the {} the page plays (mastermind play "
                              "has no such limit)",
                              game->ordinary_params().shape().name(), game->secrets(),
                              kLargestSpace);
        }
        if (!why.empty()) return std::nullopt;
    }
    return game;
}

// A budget of `seconds` (0: none) or why not.
std::optional<Budget> budget_of(double seconds, std::string& why) {
    if (!(seconds >= 0 && seconds <= kLongestBudget)) {
        why = fmt::format("seconds {} is not in [0, {}]", seconds, kLongestBudget);
        return std::nullopt;
    }
    return seconds == 0 ? Budget{} : Budget::of_seconds(seconds);
}

// The codebreakers (strategies) that give hints in the game, the best first, and every player
// with why it does not (the page lists them and says why one is missing).
json players_of(const GameDescription& game) {
    json players = json::array();
    for (const auto& p : game.players()) {
        players.push_back(
            {{"name", p.name}, {"refuses", p.refuses}, {"refuses_hints", p.refuses_hints}});
    }
    return {{"helpers", game.helpers()}, {"players", players}};
}

// The game in play.
struct Game {
    std::variant<std::unique_ptr<OrdinaryTable>, std::unique_ptr<BatchTable>> table;
    std::string challenge;  // the batch game's final answer, once given
};
std::optional<Game> current;

json state() {
    return std::visit([](const auto& t) { return table_state(*t); }, current->table);
}
OrdinaryTable* ordinary() {
    auto* t = std::get_if<std::unique_ptr<OrdinaryTable>>(&current->table);
    return t ? t->get() : nullptr;
}
BatchTable* batch() {
    auto* t = std::get_if<std::unique_ptr<BatchTable>>(&current->table);
    return t ? t->get() : nullptr;
}
// The state after a move, with the move's refusal if any.
std::string answer(json extra, const std::string& message) {
    json out = state();
    out.update(extra);
    if (!message.empty()) out["message"] = message;
    return text(out);
}
const char* kNoGame = "no game: start one with newGame";

}  // namespace

std::string version() { return text(json{{"version", std::string(mastermind::version())}}); }

// {"game", "rules", "pegs", "colours", "batch", "max", "distinct"} -> the game's summary, its
// number of secrets, who plays it and who gives hints in it.
std::string describe(const std::string& input) {
    std::string why;
    const auto request = object_of(input, why);
    const auto game = request ? game_of(*request, why) : std::nullopt;
    if (!game) return failure(why);
    json out = players_of(*game);
    out["summary"] = game->summary();
    out["secrets"] = game->secrets();
    out["ordinary"] = game->ordinary();
    return text(out);
}

// The request of describe() and "seed" (decimal text, 64 bits) -> the new game's state, with the
// helpers and players of describe(). The secret is the one `mastermind play --seed S` draws.
std::string new_game(const std::string& input) {
    std::string why;
    const auto request = object_of(input, why);
    const auto game = request ? game_of(*request, why) : std::nullopt;
    if (!game) return failure(why);
    const std::string seed_text = string_field(*request, "seed", "");
    std::uint64_t seed = 0;
    const auto [end, error] =
        std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), seed);
    if (seed_text.empty() || error != std::errc() || end != seed_text.data() + seed_text.size())
        return failure(fmt::format("seed '{}' is not a whole number in [0, 2^64 - 1]",
                                   seed_text.substr(0, 30)));
    Game g;
    if (game->ordinary()) {
        g.table = std::make_unique<OrdinaryTable>(game->ordinary_params(), seed);
    } else {
        g.table = std::make_unique<BatchTable>(game->batch_params(), seed);
    }
    current = std::move(g);
    json out = state();
    out.update(players_of(*game));
    return text(out);
}

// A guess (ordinary) or a test of strings separated by spaces (batch), as typed.
std::string play(const std::string& move) {
    if (!current) return failure(kNoGame);
    if (auto* t = ordinary()) return answer(json::object(), t->guess(move));
    return answer(json::object(), batch()->test(move));
}

// The batch game's final answer.
std::string challenge(const std::string& code) {
    if (!current) return failure(kNoGame);
    BatchTable* t = batch();
    if (!t) return answer(json::object(), "a challenge is the batch game's final answer; guess instead");
    const std::string why = t->challenge(code);
    if (why.empty()) current->challenge = code;
    return answer(json::object(), why);
}

// The move codebreaker (strategy) `name` plays now ("auto": the best for the game), within
// `seconds` (0: no limit): {"hint": {"by", "code"} or {"by", "challenge", "strings"}} or the
// reason there is none as "message".
std::string hint(const std::string& name, double seconds) {
    if (!current) return failure(kNoGame);
    std::string why;
    const auto budget = budget_of(seconds, why);
    if (!budget) return failure(why);
    json extra = json::object();
    if (const auto* t = ordinary()) {
        const auto h = t->hint(name, *budget);
        if (h.code) extra["hint"] = {{"by", h.codebreaker}, {"code", t->space().to_string(*h.code)}};
        return answer(extra, h.why_not);
    }
    BatchTable* t = batch();
    const auto h = t->hint(name, *budget);
    if (h.move) {
        json strings = json::array();
        for (const auto& s : h.move->strings) strings.push_back(s.to_string(t->params().pegs));
        extra["hint"] = {{"by", h.strategy}, {"challenge", h.move->challenge}, {"strings", strings}};
        if (!h.note.empty()) extra["hint"]["note"] = h.note;
    }
    return answer(extra, h.why_not);
}

// The number of codes (secrets) that fit every answer so far: {"count"}, or "message" why not.
std::string count(double seconds) {
    if (!current) return failure(kNoGame);
    std::string why;
    const auto budget = budget_of(seconds, why);
    if (!budget) return failure(why);
    if (const auto* t = ordinary())
        return answer({{"count", t->session().consistent().size()}}, "");
    const auto c = batch()->count(*budget);
    json extra = json::object();
    if (c.secrets) extra["count"] = *c.secrets;
    return answer(extra, c.why_not);
}

// Why a guess is good (the ordinary game): the codes still possible, split by the answer each
// would give to `code`, the largest part first: {"partition": {"guess", "possible", "parts":
// [{"answer", "black", "grey", "white", "size", "codes": the first few, "wins"}], "largest",
// "expected": the expected size of the part left}}.
std::string partition(const std::string& code) {
    if (!current) return failure(kNoGame);
    const OrdinaryTable* t = ordinary();
    if (!t) return failure("the partition is shown for the ordinary game");
    const CodeSpace& space = t->space();
    const auto guess = space.parse(code);
    if (!guess)
        return failure(fmt::format("'{}' is not a code: {}", code.substr(0, 40),
                                   space.describe_bad(code)));
    const auto possible = t->session().consistent();
    const FeedbackParts split = split_by_feedback(space, possible, *guess);
    std::vector<std::size_t> order(split.ends.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return split.part(a).size() > split.part(b).size();
    });
    json parts = json::array();
    double squares = 0;
    std::size_t largest = 0;
    for (const std::size_t i : order) {
        const auto part = split.part(i);
        const Score s = space.decode(split.feedback[i]);
        json codes = json::array();
        for (std::size_t k = 0; k < part.size() && k < kListedCodes; ++k)
            codes.push_back(space.to_string(part[k]));
        parts.push_back({{"answer", space.format_feedback(split.feedback[i])},
                         {"black", s.black},
                         {"grey", s.grey},
                         {"white", s.white},
                         {"size", part.size()},
                         {"codes", codes},
                         {"wins", split.feedback[i] == space.win()}});
        squares += static_cast<double>(part.size()) * static_cast<double>(part.size());
        largest = std::max(largest, part.size());
    }
    const double n = static_cast<double>(possible.size());
    return text(json{{"partition",
                      {{"guess", space.to_string(*guess)},
                       {"possible", possible.size()},
                       {"parts", parts},
                       {"largest", largest},
                       {"expected", n == 0 ? 0.0 : squares / n}}}});
}

// Gives the game up: the state shows the secret.
std::string reveal() {
    if (!current) return failure(kNoGame);
    std::visit([](auto& t) { t->give_up(); }, current->table);
    return answer(json::object(), "");
}

// The board as an SVG picture (as `mastermind draw game` draws a judge's log), once the game is
// over: the picture shows the secret.
std::string svg() {
    if (!current) return failure(kNoGame);
    GameRecord record;
    if (const auto* t = ordinary()) {
        if (!t->over()) return failure("the picture shows the secret: finish the game first");
        const auto& p = t->params();
        record.ordinary = true;
        record.rules = p.rules;
        record.pegs = p.pegs;
        record.colours = p.colours;
        record.max_moves = p.max_guesses;
        record.distinct = p.distinct;
        record.secret = t->space().to_string(t->secret());
        for (const auto& turn : t->session().history())
            record.moves.push_back({{t->space().to_string(turn.code)},
                                    {t->space().decode(turn.feedback)}});
        record.verdict = std::string(to_string(t->outcome()));
    } else {
        const BatchTable* b = batch();
        if (!b->over()) return failure("the picture shows the secret: finish the game first");
        const auto& p = b->params();
        record.ordinary = false;
        record.rules = p.rules;
        record.pegs = p.pegs;
        record.colours = p.colours;
        record.batch = p.batch;
        record.max_moves = p.max_tests;
        record.secret = b->secret().to_string(p.pegs);
        for (std::size_t turn = 0; turn < b->turns(); ++turn) {
            GameRecord::Move move;
            for (const auto& s : b->strings(turn)) move.codes.push_back(s.to_string(p.pegs));
            for (const auto& a : b->answers(turn)) move.answers.push_back(Score{a.hit, a.grey, a.blow});
            record.moves.push_back(std::move(move));
        }
        record.challenge = current->challenge;
        record.verdict = std::string(to_string(b->outcome()));
    }
    return text(json{{"svg", game_svg(record)}});
}

// The decision tree codebreaker `name` plays over every secret of an ordinary game (the request
// of describe() and "codebreaker"), within `seconds`: {"total", "worst", "games", "histogram",
// "nodes": [{"guess", "secrets": codes still possible there, "children": [{"answer", "black",
// "grey", "white", "node"}]}]}, nodes[0] the first guess; a leaf's guess is the secret.
std::string decision_tree(const std::string& input, double seconds) {
    std::string why;
    const auto request = object_of(input, why);
    const auto game = request ? game_of(*request, why) : std::nullopt;
    if (!game) return failure(why);
    if (!game->ordinary()) return failure("decision trees are the ordinary game's");
    const auto budget = budget_of(seconds, why);
    if (!budget) return failure(why);
    const std::string name = string_field(*request, "codebreaker", "optimal");
    const CodebreakerInfo* info = find_codebreaker(name);
    if (!info) return failure(fmt::format("codebreaker '{}' is not one of {}", name.substr(0, 30),
                                          codebreaker_names()));
    if (const auto refuses = codebreaker_refuses(*info, game->ordinary_params().shape());
        !refuses.empty())
        return failure(refuses);
    const OrdinaryParams& params = game->ordinary_params();
    const CodeSpace space(params.rules, params.shape());
    OrdinaryEvaluationOptions options;
    options.codebreaker = info;
    options.max_guesses = params.max_guesses;
    options.threads = 1;
    options.record_tree = true;
    options.budget = *budget;
    options.codebreaker_options.first = default_first_guess(*info, space);
    options.codebreaker_options.max_guesses = params.max_guesses;
    OrdinaryEvaluation result;
    try {
        result = evaluate_ordinary_all(space, options);
    } catch (const BudgetExhausted& e) {
        return failure(fmt::format("{}: {} gave no tree in time", e.what(), name));
    } catch (const std::exception& e) {
        return failure(e.what());
    }
    const DecisionTree& tree = *result.tree;
    if (tree.nodes.size() > kLargestTree)
        return failure(fmt::format("the tree has {} positions, more than the {} the page shows",
                                   tree.nodes.size(), kLargestTree));
    // Each node's codes still possible, found by walking the tree from the root with every code.
    std::vector<std::size_t> secrets(tree.nodes.size(), 0);
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> stack;
    stack.emplace_back(0, all_codes(space));
    while (!stack.empty()) {
        auto [node, set] = std::move(stack.back());
        stack.pop_back();
        secrets[node] = set.size();
        for (const auto& [feedback, child] : tree.nodes[node].children)
            stack.emplace_back(child, narrow(space, set, tree.nodes[node].guess, feedback));
    }
    json nodes = json::array();
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        json children = json::array();
        for (const auto& [feedback, child] : tree.nodes[i].children) {
            const Score s = space.decode(feedback);
            children.push_back({{"answer", space.format_feedback(feedback)},
                                {"black", s.black},
                                {"grey", s.grey},
                                {"white", s.white},
                                {"node", child}});
        }
        nodes.push_back({{"guess", space.to_string(tree.nodes[i].guess)},
                         {"secrets", secrets[i]},
                         {"children", children}});
    }
    return text(json{{"codebreaker", info->name},
                     {"summary", game->summary()},
                     {"total", result.total},
                     {"worst", result.worst},
                     {"games", result.games},
                     {"failures", result.failures},
                     {"histogram", result.histogram},
                     {"nodes", nodes}});
}

// The score of `guess` against `target`, written in letters A-Z as `mastermind score` reads them,
// under `rules`: {"black", "grey", "white"} (grey 0 under classic rules).
std::string score(const std::string& rules_name, const std::string& target,
                  const std::string& guess) {
    const auto rules = parse_rules(rules_name);
    if (!rules)
        return failure(
            fmt::format("rules '{}' are not classic or adjacent", rules_name.substr(0, 20)));
    const auto t = Code::parse(target, Alphabet::letters(), kMaxColours);
    const auto g = Code::parse(guess, Alphabet::letters(), kMaxColours);
    if (!t || !g)
        return failure(fmt::format("'{}' is not a code of 1 to {} letters A-Z",
                                   (!t ? target : guess).substr(0, 60), kMaxPegs));
    if (t->size() != g->size())
        return failure(fmt::format("target has {} pegs but guess has {}", t->size(), g->size()));
    const Score s = mastermind::score(*rules, *t, *g);
    return text(json{{"black", s.black}, {"grey", s.grey}, {"white", s.white}});
}

}  // namespace mastermind::web

namespace {

// `f` as the page calls it: an exception the library throws (a bug, or memory that ran out) is
// an error answer naming it, never a trap that leaves the module unusable.
template <auto f>
struct Guarded;
template <class... Args, std::string (*f)(Args...)>
struct Guarded<f> {
    static std::string call(Args... args) {
        try {
            return f(args...);
        } catch (const std::bad_alloc&) {
            return mastermind::web::failure("out of memory: the game is too large for this page");
        } catch (const std::exception& e) {
            return mastermind::web::failure(std::string("internal error: ") + e.what());
        }
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(mastermind) {
    using namespace mastermind::web;
    emscripten::function("version", &Guarded<&version>::call);
    emscripten::function("describe", &Guarded<&describe>::call);
    emscripten::function("newGame", &Guarded<&new_game>::call);
    emscripten::function("play", &Guarded<&play>::call);
    emscripten::function("challenge", &Guarded<&challenge>::call);
    emscripten::function("hint", &Guarded<&hint>::call);
    emscripten::function("count", &Guarded<&count>::call);
    emscripten::function("partition", &Guarded<&partition>::call);
    emscripten::function("reveal", &Guarded<&reveal>::call);
    emscripten::function("svg", &Guarded<&svg>::call);
    emscripten::function("decisionTree", &Guarded<&decision_tree>::call);
    emscripten::function("score", &Guarded<&score>::call);
}
