// `mastermind serve`: a page in the browser where a person plays the ordinary game (either rules)
// or Batch Style Mastermind, with hints and the board as in `mastermind play`. A small HTTP server
// (cpp-httplib) bound to localhost by default. The games run here, on the tables `play` uses; the
// page only shows what a person may see: the secret and the seed reach it once the game is over.
//
// The page's requests (form-encoded POSTs, answered in JSON):
//   POST /api/new   game, rules, pegs, colours, batch, max  -> the new game's state
//   POST /api/play  id, action (guess|test|challenge|hint|count|reveal), text, name -> the state
// An error is a 4xx answer with {"error": why}.
#include <httplib.h>
#include <pthread.h>
#include <sys/socket.h>

#include <cmath>
#include <csignal>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <atomic>
#include <chrono>
#include <thread>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch_options.hpp"
#include "batch_table.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "option_checks.hpp"
#include "ordinary_table.hpp"
#include "play.hpp"
#include "serve_page.hpp"

namespace mastermind::app {

namespace {

using nlohmann::json;

struct ServeArgs {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::optional<std::uint64_t> seed;
    int max_games = 100;
};

// The largest ordinary game a page may start: every code and its masks are held in memory per
// game (`play` in a terminal goes up to CodeSpace::kMaxCodes).
constexpr std::uint64_t kLargestServedSpace = std::uint64_t{1} << 20;
constexpr std::size_t kLargestRequest = 4096;
// How long one request's hint or count may search before it gives up and says so.
constexpr double kRequestSeconds = 2;

std::string_view outcome_name(TableOutcome outcome) {
    switch (outcome) {
        case TableOutcome::playing: return "playing";
        case TableOutcome::won: return "won";
        case TableOutcome::lost: return "lost";
        case TableOutcome::gave_up: return "gave up";
    }
    return "playing";
}

std::string symbols_of(int colours) { return std::string(CodeSpace::kSymbols.substr(0, static_cast<std::size_t>(colours))); }

using Table = std::variant<std::unique_ptr<OrdinaryTable>, std::unique_ptr<BatchTable>>;

struct Room {
    Table table;
    std::uint64_t last_used = 0;  // request number, for evicting the least recently used game
};

// What the page is told of a game of either kind: its size, its board (`rows`), how it stands,
// and once it is over the secret, the seed and the command that replays it in a terminal.
json game_state(const std::string& id, const char* game, Rules rules, int pegs, int colours, int max, json rows,
                TableOutcome outcome, const std::string& secret, std::uint64_t seed, const std::string& replay_options) {
    const char* rules_name = rules == Rules::adjacent ? "adjacent" : "classic";
    json state = {{"id", id},
                  {"game", game},
                  {"rules", rules_name},
                  {"pegs", pegs},
                  {"colours", colours},
                  {"symbols", symbols_of(colours)},
                  {"max", max},
                  {"rows", std::move(rows)},
                  {"outcome", outcome_name(outcome)},
                  {"over", outcome != TableOutcome::playing}};
    if (outcome != TableOutcome::playing) {
        state["secret"] = secret;
        state["seed"] = std::to_string(seed);
        state["replay"] = fmt::format("mastermind play {}--rules {} -P {} -K {} -M {} --seed {}", replay_options, rules_name,
                                      pegs, colours, max, seed);
    }
    return state;
}

json state_of(const std::string& id, const OrdinaryTable& t) {
    const auto& p = t.params();
    json rows = json::array();
    for (const auto& turn : t.session().history()) {
        const Score s = t.space().decode(turn.feedback);
        rows.push_back({{"code", t.space().to_string(turn.code)}, {"black", s.black}, {"grey", s.grey}, {"white", s.white}});
    }
    // The secret is computed only for a game that is over: what the page may be sent.
    return game_state(id, "ordinary", p.rules, p.pegs, p.colours, p.max_guesses, std::move(rows), t.outcome(),
                      t.over() ? t.space().to_string(t.secret()) : "", t.seed(), "");
}

json state_of(const std::string& id, const BatchTable& t) {
    const auto& p = t.params();
    json rows = json::array();
    for (std::size_t turn = 0; turn < t.turns(); ++turn) {
        json strings = json::array(), answers = json::array();
        for (const auto& s : t.strings(turn)) strings.push_back(s.to_string(p.pegs));
        for (const auto& a : t.answers(turn)) {
            answers.push_back(p.rules == Rules::adjacent ? json::array({a.hit, a.grey, a.blow}) : json::array({a.hit, a.blow}));
        }
        rows.push_back({{"strings", strings}, {"answers", answers}});
    }
    json state = game_state(id, "batch", p.rules, p.pegs, p.colours, p.max_tests, std::move(rows), t.outcome(),
                            t.over() ? t.secret().to_string(p.pegs) : "", t.seed(), fmt::format("--game batch -B {} ", p.batch));
    state["batch"] = p.batch;
    return state;
}

// A whole decimal number in [lo, hi] from a form field, or why not.
std::optional<int> field_number(const httplib::Request& req, const char* name, int lo, int hi, std::string& why) {
    if (!req.has_param(name) || req.get_param_value(name).empty()) return std::nullopt;
    const std::string text = req.get_param_value(name);
    const auto value = integer_from(text, lo, hi);
    if (!value) {
        why = fmt::format("{} '{}' is not a whole number in [{}, {}]", name, text.substr(0, 20), lo, hi);
        return std::nullopt;
    }
    return static_cast<int>(*value);
}

class Server {
public:
    explicit Server(const ServeArgs& args) : args_(args) {}

    // The new game of a page's form; an error answer when the form is wrong.
    void new_game(const httplib::Request& req, httplib::Response& res) {
        GameChoice choice;
        choice.game = req.has_param("game") ? req.get_param_value("game") : "ordinary";
        choice.rules = req.has_param("rules") ? req.get_param_value("rules") : "classic";
        std::string why;
        if (choice.game != "ordinary" && choice.game != "batch") why = fmt::format("game '{}' is not ordinary or batch", choice.game.substr(0, 20));
        if (choice.rules != "classic" && choice.rules != "adjacent") why = fmt::format("rules '{}' are not classic or adjacent", choice.rules.substr(0, 20));
        if (why.empty()) choice.pegs = field_number(req, "pegs", 1, BatchParams::kMaxPegs, why);
        if (why.empty()) choice.colours = field_number(req, "colours", 2, BatchParams::kMaxColours, why);
        if (why.empty()) choice.batch = field_number(req, "batch", 1, BatchParams::kMaxBatch, why);
        if (why.empty()) choice.max_tests = field_number(req, "max", 1, 1000, why);
        if (choice.ordinary() && choice.batch == 1) choice.batch.reset();
        std::unique_ptr<OrdinaryTable> ordinary;
        std::unique_ptr<BatchTable> batch;
        std::lock_guard lock(mutex_);
        const std::uint64_t seed = args_.seed ? *args_.seed + games_started_ : fresh_seed();
        if (why.empty() && choice.ordinary()) {
            OrdinaryParams params;
            why = choice.ordinary_game(params);
            if (why.empty()) why = CodeSpace::check(params.pegs, params.colours);
            if (why.empty() && std::pow(params.colours, params.pegs) > static_cast<double>(kLargestServedSpace)) {
                why = fmt::format("{} colours to the power {} pegs is more codes than the {} a page may play "
                                  "(mastermind play has no such limit)", params.colours, params.pegs, kLargestServedSpace);
            }
            if (why.empty()) ordinary = std::make_unique<OrdinaryTable>(params, seed);
        } else if (why.empty()) {
            BatchParams params;
            why = choice.batch_params(params);
            if (why.empty()) batch = std::make_unique<BatchTable>(params, seed);
        }
        if (!why.empty()) {
            error(res, 400, why);
            return;
        }
        while (rooms_.size() >= static_cast<std::size_t>(args_.max_games)) evict();
        const std::string id = fmt::format("g{}", ++games_started_);
        complain("mastermind serve: game {}: {} game, {} rules, seed {}\n", id, choice.game, choice.rules, seed);
        Room room;
        if (ordinary) {
            room.table = std::move(ordinary);
        } else {
            room.table = std::move(batch);
        }
        room.last_used = ++requests_;
        auto [it, inserted] = rooms_.emplace(id, std::move(room));
        json out = state(it->first, it->second);
        out["helpers"] = helpers(it->second);
        reply(res, std::move(out), {});
    }

    void play(const httplib::Request& req, httplib::Response& res) {
        const std::string id = req.get_param_value("id");
        const std::string action = req.get_param_value("action");
        const std::string text = req.get_param_value("text");
        const std::string name = req.get_param_value("name");
        std::lock_guard lock(mutex_);
        const auto it = rooms_.find(id);
        if (it == rooms_.end()) {
            error(res, 404, fmt::format("no game '{}' (games end when the server stops, or after {} newer ones)",
                                        id.substr(0, 20), args_.max_games));
            return;
        }
        it->second.last_used = ++requests_;
        json extra = json::object();
        std::string message;
        if (auto* ordinary = std::get_if<std::unique_ptr<OrdinaryTable>>(&it->second.table)) {
            OrdinaryTable& t = **ordinary;
            if (action == "guess") {
                message = t.guess(text);
            } else if (action == "hint") {
                const auto hint = t.hint(name, Budget::of_seconds(kRequestSeconds));
                if (hint.code) extra["hint"] = {{"by", hint.codebreaker}, {"code", t.space().to_string(*hint.code)}};
                message = hint.why_not;
            } else if (action == "count") {
                extra["count"] = t.session().consistent().size();
            } else if (action == "reveal") {
                t.give_up();
            } else {
                error(res, 400, fmt::format("action '{}' is not guess, hint, count or reveal", action.substr(0, 20)));
                return;
            }
        } else {
            BatchTable& t = *std::get<std::unique_ptr<BatchTable>>(it->second.table);
            if (action == "test") {
                message = t.test(text);
            } else if (action == "challenge") {
                message = t.challenge(text);
            } else if (action == "hint") {
                const auto hint = t.hint(name, Budget::of_seconds(kRequestSeconds));
                if (hint.move) {
                    json strings = json::array();
                    for (const auto& s : hint.move->strings) strings.push_back(s.to_string(t.params().pegs));
                    extra["hint"] = {{"by", hint.strategy}, {"challenge", hint.move->challenge}, {"strings", strings}};
                }
                message = hint.why_not;
            } else if (action == "count") {
                const auto count = t.count(Budget::of_seconds(kRequestSeconds));
                if (count.secrets) extra["count"] = *count.secrets;
                message = count.why_not;
            } else if (action == "reveal") {
                t.give_up();
            } else {
                error(res, 400, fmt::format("action '{}' is not test, challenge, hint, count or reveal", action.substr(0, 20)));
                return;
            }
        }
        json out = state(it->first, it->second);
        out.update(extra);
        reply(res, std::move(out), message);
    }

private:
    // The names of the codebreakers (strategies) that give hints in this game, the best first.
    static json helpers(const Room& room) {
        json names = json::array();
        if (const auto* ordinary = std::get_if<std::unique_ptr<OrdinaryTable>>(&room.table)) {
            const CodeSpace& space = (*ordinary)->space();
            std::string why;
            if (const auto* best = hint_codebreaker("auto", space, why)) names.push_back(best->name);
            for (const auto& c : all_codebreakers()) {
                if ((names.empty() || c.name != names.front()) && hint_codebreaker(std::string(c.name), space, why)) names.push_back(c.name);
            }
        } else {
            const BatchParams& params = std::get<std::unique_ptr<BatchTable>>(room.table)->params();
            std::string why;
            if (const auto* best = hint_strategy("auto", params, why)) names.push_back(best->name);
            for (const auto& s : all_strategies()) {
                if ((names.empty() || s.name != names.front()) && hint_strategy(s.name, params, why)) names.push_back(s.name);
            }
        }
        return names;
    }
    static json state(const std::string& id, const Room& room) {
        return std::visit([&](const auto& table) { return state_of(id, *table); }, room.table);
    }
    static void reply(httplib::Response& res, json state, const std::string& message) {
        if (!message.empty()) state["message"] = message;
        res.set_content(state.dump(), "application/json");
    }
    static void error(httplib::Response& res, int status, const std::string& why) {
        res.status = status;
        res.set_content(json{{"error", why}}.dump(), "application/json");
    }
    void evict() {
        auto oldest = rooms_.begin();
        for (auto it = rooms_.begin(); it != rooms_.end(); ++it) {
            if (it->second.last_used < oldest->second.last_used) oldest = it;
        }
        rooms_.erase(oldest);
    }

    ServeArgs args_;
    std::mutex mutex_;  // one request at a time touches the games
    std::map<std::string, Room> rooms_;
    std::uint64_t games_started_ = 0, requests_ = 0;
};

int run_serve(const ServeArgs& args) {
    // SIGINT and SIGTERM end the server cleanly: blocked here (and so in every server thread),
    // waited for by one thread that stops the server.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    Server server(args);
    httplib::Server http;
    http.set_payload_max_length(kLargestRequest);
    // An idle kept-alive connection (a browser tab) holds a worker, which sees a stop only when
    // its wait ends: 1 s instead of cpp-httplib's 5 keeps Ctrl-C prompt with a page open.
    http.set_keep_alive_timeout(1);
    // cpp-httplib's default also sets SO_REUSEPORT, which lets a second server bind the same port
    // and take half of the first one's requests; a port in use must be an error instead.
    http.set_socket_options([](int sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_content(kServePage, "text/html; charset=utf-8"); });
    http.Post("/api/new", [&](const httplib::Request& req, httplib::Response& res) { server.new_game(req, res); });
    http.Post("/api/play", [&](const httplib::Request& req, httplib::Response& res) { server.play(req, res); });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string why = "internal error";
        try {
            if (ep) std::rethrow_exception(ep);
        } catch (const std::exception& e) {
            why = e.what();
        } catch (...) {
        }
        complain("mastermind serve: {}\n", why);
        res.status = 500;
        res.set_content(json{{"error", why}}.dump(), "application/json");
    });

    const int port = args.port == 0 ? http.bind_to_any_port(args.host) : (http.bind_to_port(args.host, args.port) ? args.port : -1);
    if (port < 0) {
        complain("mastermind serve: cannot listen on {}:{}: {}\n", args.host, args.port,
                 args.port == 0 ? "no free port" : "the address is in use or not this machine's");
        return kExitFailure;
    }
    fmt::print("mastermind serve: http://{}:{}/ ({}; Ctrl-C stops)\n", args.host, port,
               args.seed ? fmt::format("game n plays seed {} + n - 1", *args.seed) : "fresh seeds, logged here");
    flush_stdout();

    // cpp-httplib's stop() does nothing before the server runs: a signal that came between the
    // bind and the listen loop's start was lost and the server ran on (seen once in the suite, a
    // SIGTERM right after start on a loaded machine). The stopper waits for the loop, or its end.
    std::atomic<bool> listen_returned{false};
    std::thread stopper([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        while (!http.is_running() && !listen_returned) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        http.stop();
    });
    const bool clean = http.listen_after_bind();
    listen_returned = true;
    if (!clean) pthread_kill(stopper.native_handle(), SIGTERM);  // the stopper waits for a signal
    stopper.join();
    complain("mastermind serve: stopped\n");
    return clean ? kExitOk : kExitFailure;
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "serve",
        "Serve a page where a person plays in the browser: the ordinary game (either rules) or "
        "Batch Style Mastermind, with hints, counts and the board as in `mastermind play`. The "
        "games run in this process; the page sees the secret only when a game is over. Listens "
        "on localhost unless --host says otherwise; each new game's seed is logged on stderr.");
    cmd->add_option("--host", args->host, "address to listen on (0.0.0.0: every interface)")->capture_default_str();
    cmd->add_option("--port", args->port, "port (0: any free port, printed)")->check(integer_in(0, 65535))->capture_default_str();
    cmd->add_option("--seed", args->seed, "seed of the first game (game n plays seed + n - 1; default: a fresh seed per game)")
        ->check(seed_value());
    cmd->add_option("--max-games", args->max_games, "games kept at once (the least recently played is dropped)")
        ->check(integer_in(1, 100000))
        ->capture_default_str();
    cmd->footer("\nExamples:\n  mastermind serve            # then open http://127.0.0.1:8080/\n"
                "  mastermind serve --port 0 --seed 7");
    cmd->callback([args, &exit_status] { exit_status = run_serve(*args); });
}

}  // namespace mastermind::app
