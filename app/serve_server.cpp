// The server of `mastermind serve` (serve_command.cpp reads its options), in the program
// mastermind-serve: the page where a person plays in the browser (web/, docs/web.md), and a JSON
// API that plays games here for programs. A small HTTP server (cpp-httplib) bound to localhost by
// default.
//
// The page is the static site that scripts/build-web.sh builds (--site): it runs the engine in the
// browser, compiled to WebAssembly, and sends this server nothing but requests for its files, so
// the server holds no game of the page's. The API plays games on the tables `play` uses and only
// answers what a person may see: the secret and the seed once the game is over.
//   POST /api/new   game, rules, pegs, colours, batch, max, distinct -> the new game's state
//   POST /api/play  id, action (guess|test|challenge|hint|count|reveal), text, name -> the state
// An error is a 4xx answer with {"error": why}, or 503 when the server holds --max-games games all
// in play (the room policy: make_room()). Each game has a lock of its own: a request that
// searches holds up only its own game.
#include <httplib.h>
#include <netdb.h>
#include <pthread.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch_options.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "mastermind/batch/table.hpp"
#include "mastermind/games/table_state.hpp"
#include "mastermind/ordinary/table.hpp"
#include "option_checks.hpp"
#include "play.hpp"
#include "serve.hpp"

namespace mastermind::app {

namespace {

using nlohmann::json;

// The largest ordinary game a page may start: every code and its masks are held in memory per
// game (`play` in a terminal goes up to CodeSpace::kMaxCodes).
constexpr std::uint64_t kLargestServedSpace = std::uint64_t{1} << 20;
constexpr std::size_t kLargestRequest = 4096;
// The server's worker threads: one per open connection, idle or not. 64 serves a few dozen
// people with tabs open, or a page load beside 40 idle sockets (tests/cli/serve_load_test.py).
constexpr std::size_t kWorkers = 64;
// The seconds a worker waits for the next bytes of a request, or for a slow reader to take an
// answer's, before it drops the connection: a browser sends a form's request at once.
constexpr time_t kReadSeconds = 1;
constexpr time_t kWriteSeconds = 1;
// Connections the kernel holds for the server before it accepts them.
constexpr int kListenBacklog = 128;
// Requests on one kept-alive connection before the server closes it.
constexpr std::size_t kKeepAliveRequests = 20;

using Table = std::variant<std::unique_ptr<OrdinaryTable>, std::unique_ptr<BatchTable>>;

// What the page is told of a game (games/table_state.hpp), with the game's number here.
template <class GameTable>
json state_of(const std::string& id, const GameTable& table) {
    json state = table_state(table);
    state["id"] = id;
    return state;
}

// At most `bytes` of a person's text, for a message: cut on a character's first byte, so that a
// cut never leaves half of a UTF-8 sequence (the JSON of the answer replaces what is not UTF-8).
std::string clip(std::string_view text, std::size_t bytes) {
    if (text.size() <= bytes) return std::string(text);
    std::size_t end = bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return std::string(text.substr(0, end)) + "...";
}

// Every answer's JSON: a byte that is not UTF-8 (a person's text echoed in a message) becomes
// U+FFFD instead of an exception from nlohmann's dump.
std::string json_text(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// A whole decimal number in [lo, hi] from a form field, or why not.
std::optional<int> field_number(const httplib::Request& req, const char* name, int lo, int hi,
                                std::string& why) {
    if (!req.has_param(name) || req.get_param_value(name).empty()) return std::nullopt;
    const std::string text = req.get_param_value(name);
    const auto value = integer_from(text, lo, hi);
    if (!value) {
        why =
            fmt::format("{} '{}' is not a whole number in [{}, {}]", name, clip(text, 20), lo, hi);
        return std::nullopt;
    }
    return static_cast<int>(*value);
}

void error(httplib::Response& res, int status, const std::string& why) {
    res.status = status;
    res.set_content(json_text(json{{"error", why}}), "application/json");
}

using Clock = std::chrono::steady_clock;

// One game. Its mutex lets one request at a time play it; requests on other games go on beside it.
struct Room {
    std::mutex mutex;
    Table table;  // set by the request that makes the game, which holds the mutex meanwhile
    std::atomic<bool> ready{false};  // false until then (or for good, when making it failed)
};

// What the room map knows of a game, for choosing which one makes room for a new game: read and
// written under the map's lock only, never the game's.
struct Entry {
    std::shared_ptr<Room> room;
    Clock::time_point last_active;          // when a request on it last started or ended
    std::optional<std::uint64_t> finished;  // the order in which it was won, lost or given up
    int busy = 0;                           // requests on it under way
};

class Server {
  public:
    explicit Server(const ServeArgs& args) : args_(args) {}

    // Set by the stopping server: every hint and count under way gives up at once.
    std::atomic<bool>& stopping() { return stopping_; }

    // The new game of a page's form; an error answer when the form is wrong, 503 when the server
    // holds --max-games games that are all in play.
    void new_game(const httplib::Request& req, httplib::Response& res) {
        GameChoice choice;
        choice.game = req.has_param("game") ? req.get_param_value("game") : "ordinary";
        choice.rules = req.has_param("rules") ? req.get_param_value("rules") : "classic";
        std::string why;
        if (why.empty()) choice.pegs = field_number(req, "pegs", 1, BatchParams::kMaxPegs, why);
        if (why.empty())
            choice.colours = field_number(req, "colours", 2, BatchParams::kMaxColours, why);
        if (why.empty()) choice.batch = field_number(req, "batch", 1, BatchParams::kMaxBatch, why);
        if (why.empty()) choice.max_tests = field_number(req, "max", 1, 1000, why);
        if (why.empty() && req.has_param("distinct")) {
            const std::string value = req.get_param_value("distinct");
            if (value == "1" || value == "true" || value == "on")
                choice.distinct = true;
            else if (value != "0" && value != "false" && value != "off" && !value.empty())
                why = fmt::format("distinct '{}' is not 1 or 0", clip(value, 20));
            else if (!value.empty() && choice.game == "bulls-and-cows")
                why = fmt::format(
                    "distinct '{}': bulls-and-cows has no colour twice in a code (game=ordinary "
                    "allows repeats)",
                    clip(value, 20));
        }
        if (choice.ordinary() && choice.batch == 1) choice.batch.reset();
        // The page's field names in messages.
        static const GameFieldNames kFields{"game",  "rules", "pegs", "colours",
                                            "batch", "max",   "max",  "distinct"};
        std::optional<GameDescription> game;
        if (why.empty()) game = GameDescription::make(choice.request(), why, kFields);
        OrdinaryParams ordinary_params;
        BatchParams batch_params;
        if (game && game->ordinary()) {
            ordinary_params = game->ordinary_params();
            why = CodeSpace::check(ordinary_params.shape());
            if (why.empty() && ordinary_params.code_count() > kLargestServedSpace) {
                why = fmt::format(
                    "{} has {} codes, more than the {} a page may play (mastermind play has no "
                    "such limit)",
                    ordinary_params.shape().name(), ordinary_params.code_count(),
                    kLargestServedSpace);
            }
        } else if (game) {
            batch_params = game->batch_params();
        }
        if (!why.empty()) {
            error(res, 400, why);
            return;
        }

        // The game's number and seed are taken under the map's lock, with its place; the table
        // (every code of a large game) is made after, under the game's own lock only.
        auto room = std::make_shared<Room>();
        std::unique_lock game_lock(room->mutex);
        std::string id;
        std::uint64_t seed = 0;
        {
            std::lock_guard lock(rooms_mutex_);
            if (!make_room(Clock::now())) {
                res.set_header("Retry-After", "10");
                error(
                    res, 503,
                    fmt::format(
                        "the server holds {} games in progress; try again later (a game makes room "
                        "once it is over or idle for {} s)",
                        rooms_.size(), args_.idle_seconds));
                return;
            }
            seed = args_.seed ? *args_.seed + games_started_ : fresh_seed();
            id = fmt::format("g{}", ++games_started_);
            rooms_.emplace(id, Entry{room, Clock::now(), std::nullopt, 1});
        }
        Leave leave{*this, id, room};
        if (choice.ordinary()) {
            room->table = std::make_unique<OrdinaryTable>(ordinary_params, seed);
        } else {
            room->table = std::make_unique<BatchTable>(batch_params, seed);
        }
        room->ready = true;
        complain("mastermind serve: game {}: {} game, {} rules, seed {}\n", id, choice.game,
                 choice.rules, seed);
        json out = state(id, *room);
        out["helpers"] = game->helpers();
        game_lock.unlock();
        reply(res, std::move(out), {});
    }

    void play(const httplib::Request& req, httplib::Response& res) {
        const std::string id = req.get_param_value("id");
        const std::string action = req.get_param_value("action");
        const std::string text = req.get_param_value("text");
        // No name is this long: kept short, as the refusal of an unknown one echoes it.
        const std::string name = clip(req.get_param_value("name"), 64);
        const std::shared_ptr<Room> room = enter(id);
        if (!room) {
            error(
                res, 404,
                fmt::format(
                    "no game '{}' (a game ends when the server stops, or when a new game needs its "
                    "room: finished games first, then games idle for more than {} s)",
                    clip(id, 20), args_.idle_seconds));
            return;
        }
        Leave leave{*this, id, room};
        std::unique_lock game_lock(room->mutex);
        if (!room->ready) {
            error(res, 404, fmt::format("no game '{}' (it could not be made)", clip(id, 20)));
            return;
        }
        const Budget budget = Budget::of_seconds(args_.request_seconds, &stopping_);
        json extra = json::object();
        std::string message;
        if (auto* ordinary = std::get_if<std::unique_ptr<OrdinaryTable>>(&room->table)) {
            OrdinaryTable& t = **ordinary;
            if (action == "guess") {
                message = t.guess(text);
            } else if (action == "hint") {
                const auto hint = t.hint(name, budget);
                if (hint.code)
                    extra["hint"] = {{"by", hint.codebreaker},
                                     {"code", t.space().to_string(*hint.code)}};
                message = hint.why_not;
            } else if (action == "count") {
                extra["count"] = t.session().consistent().size();
            } else if (action == "reveal") {
                t.give_up();
            } else {
                error(res, 400,
                      fmt::format("action '{}' is not guess, hint, count or reveal",
                                  clip(action, 20)));
                return;
            }
        } else {
            BatchTable& t = *std::get<std::unique_ptr<BatchTable>>(room->table);
            if (action == "test") {
                message = t.test(text);
            } else if (action == "challenge") {
                message = t.challenge(text);
            } else if (action == "hint") {
                const auto hint = t.hint(name, budget);
                if (hint.move) {
                    json strings = json::array();
                    for (const auto& s : hint.move->strings)
                        strings.push_back(s.to_string(t.params().pegs));
                    extra["hint"] = {{"by", hint.strategy},
                                     {"challenge", hint.move->challenge},
                                     {"strings", strings}};
                }
                message = hint.why_not;
            } else if (action == "count") {
                const auto count = t.count(budget);
                if (count.secrets) extra["count"] = *count.secrets;
                message = count.why_not;
            } else if (action == "reveal") {
                t.give_up();
            } else {
                error(res, 400,
                      fmt::format("action '{}' is not test, challenge, hint, count or reveal",
                                  clip(action, 20)));
                return;
            }
        }
        json out = state(id, *room);
        leave.over = out["over"].get<bool>();
        game_lock.unlock();
        out.update(extra);
        reply(res, std::move(out), message);
    }

  private:
    // A request on a game, from enter() to its end: the map sees the game busy meanwhile, and
    // active (and finished, once over) when it ends. Destroyed after the game's lock is released.
    struct Leave {
        Server& server;
        std::string id;
        std::shared_ptr<Room> room;
        bool over = false;
        ~Leave() { server.leave(id, room, over); }
    };

    // The game `id`, marked busy; nullptr when there is none.
    std::shared_ptr<Room> enter(const std::string& id) {
        std::lock_guard lock(rooms_mutex_);
        const auto it = rooms_.find(id);
        if (it == rooms_.end()) return nullptr;
        it->second.busy += 1;
        it->second.last_active = Clock::now();
        return it->second.room;
    }
    void leave(const std::string& id, const std::shared_ptr<Room>& room, bool over) {
        std::lock_guard lock(rooms_mutex_);
        const auto it = rooms_.find(id);
        if (it == rooms_.end() || it->second.room != room)
            return;  // dropped meanwhile (it was over)
        it->second.busy -= 1;
        it->second.last_active = Clock::now();
        if (over && !it->second.finished) it->second.finished = ++games_finished_;
        if (!room->ready && it->second.busy == 0) rooms_.erase(it);  // its making failed
    }

    // Under the map's lock: room for one more game within --max-games, by dropping finished games
    // first (the first finished first), then games idle for longer than --idle-seconds (the
    // longest idle first). False when every game left is in play and recently active: the new
    // game is refused rather than one of them dropped.
    bool make_room(Clock::time_point now) {
        const auto idle = std::chrono::seconds(args_.idle_seconds);
        while (rooms_.size() >= static_cast<std::size_t>(args_.max_games)) {
            auto victim = rooms_.end();
            for (auto it = rooms_.begin(); it != rooms_.end(); ++it) {
                if (it->second.finished &&
                    (victim == rooms_.end() || *it->second.finished < *victim->second.finished))
                    victim = it;
            }
            if (victim == rooms_.end()) {
                for (auto it = rooms_.begin(); it != rooms_.end(); ++it) {
                    const Entry& e = it->second;
                    if (e.busy == 0 && now - e.last_active > idle &&
                        (victim == rooms_.end() || e.last_active < victim->second.last_active)) {
                        victim = it;
                    }
                }
            }
            if (victim == rooms_.end()) return false;
            rooms_.erase(victim);
        }
        return true;
    }

    static json state(const std::string& id, const Room& room) {
        return std::visit([&](const auto& table) { return state_of(id, *table); }, room.table);
    }
    static void reply(httplib::Response& res, json state, const std::string& message) {
        if (!message.empty()) state["message"] = message;
        res.set_content(json_text(state), "application/json");
    }

    ServeArgs args_;
    std::atomic<bool> stopping_{false};
    std::mutex rooms_mutex_;  // the map and the counters below; held briefly, never during a move
    std::map<std::string, Entry> rooms_;
    std::uint64_t games_started_ = 0, games_finished_ = 0;
};

}  // namespace

int run_server(const ServeArgs& args, const std::string& site) {
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
    // Every connection holds a worker while it is open, idle or not: a pool of kWorkers, and
    // short waits for a request's bytes, keep one slow or idle client from stalling the others
    // (cpp-httplib's defaults: 8 workers, 5 s to read, 5 s kept alive).
    http.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
    http.set_read_timeout(kReadSeconds, 0);
    http.set_write_timeout(kWriteSeconds, 0);
    // An idle kept-alive connection (a browser tab) holds a worker, which sees a stop only when
    // its wait ends: 1 s keeps Ctrl-C prompt with a page open, and frees the worker.
    http.set_keep_alive_timeout(1);
    http.set_keep_alive_max_count(kKeepAliveRequests);
    // An answer's headers and body are two writes: with Nagle's algorithm the body waited for
    // the client's delayed ACK of the headers, 40 ms a request on a kept-alive connection.
    // (Accepted sockets inherit TCP_NODELAY from the listening one on Linux.)
    http.set_tcp_nodelay(true);
    // cpp-httplib's default also sets SO_REUSEPORT, which lets a second server bind the same port
    // and take half of the first one's requests; a port in use must be an error instead. The
    // socket is kept, to widen its backlog once bound.
    int listening = -1;
    http.set_socket_options([&listening](int sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening = sock;
    });
    // The page's files, as any static file server serves them; the engine's WebAssembly with its
    // type, which browsers need to compile it while it downloads.
    http.set_file_extension_and_mimetype_mapping("wasm", "application/wasm");
    // Only the page's own files: no hidden file, nothing a link in the folder points to outside
    // it (a server on --host 0.0.0.0 must not hand out the machine's files).
    const std::filesystem::path root = std::filesystem::canonical(site);
    http.set_pre_routing_handler([root](const httplib::Request& req, httplib::Response& res) {
        if (req.path.rfind("/api/", 0) == 0) return httplib::Server::HandlerResponse::Unhandled;
        namespace fs = std::filesystem;
        const fs::path asked = fs::path(req.path).relative_path();
        bool allowed = true;
        for (const auto& part : asked) allowed = allowed && !part.string().starts_with(".");
        std::error_code failed;
        const fs::path real = fs::weakly_canonical(root / asked, failed);
        const auto [end, at] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
        allowed = allowed && !failed && end == root.end();
        if (allowed) return httplib::Server::HandlerResponse::Unhandled;
        error(res, 404, fmt::format("no such page: {}", clip(req.path, 60)));
        return httplib::Server::HandlerResponse::Handled;
    });
    if (!http.set_mount_point("/", site)) {
        complain("mastermind serve: --site '{}' cannot be served\n", site);
        return kExitFailure;
    }
    http.Post("/api/new", [&](const httplib::Request& req, httplib::Response& res) {
        server.new_game(req, res);
    });
    http.Post("/api/play",
              [&](const httplib::Request& req, httplib::Response& res) { server.play(req, res); });
    // An answer without a body of its own (no such route, a method the route has not) says why,
    // as JSON like every other error.
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        const bool page = req.path == "/", api = req.path == "/api/new" || req.path == "/api/play";
        if (!page && !api) {
            error(res, 404,
                  fmt::format(
                      "no such page: {} (the page is GET /; a game is POST /api/new and /api/play)",
                      clip(req.path, 60)));
        } else if ((page && req.method != "GET") || (api && req.method != "POST")) {
            error(res, 405,
                  fmt::format("{} takes {}, not {}", req.path, page ? "GET" : "POST",
                              clip(req.method, 10)));
        } else {
            error(res, res.status,
                  fmt::format("{} {} cannot be served (HTTP {})", clip(req.method, 10), req.path,
                              res.status));
        }
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            std::string why = "internal error";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& e) {
                why = e.what();
            } catch (...) {
            }
            complain("mastermind serve: {}\n", why);
            error(res, 500, why);
        });

    // A host that names no address is told apart from an address that cannot be bound.
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int error = ::getaddrinfo(args.host.c_str(), nullptr, &hints, &found); error != 0) {
        complain(
            "mastermind serve: --host '{}': not an address of this machine or a name it resolves "
            "({})\n",
            args.host, ::gai_strerror(error));
        return kExitFailure;
    }
    ::freeaddrinfo(found);
    errno = 0;
    const int port = args.port == 0 ? http.bind_to_any_port(args.host)
                                    : (http.bind_to_port(args.host, args.port) ? args.port : -1);
    if (port < 0) {
        // cpp-httplib says only that it failed; the bind's errno, where it survives, says why.
        const int why = errno;
        complain("mastermind serve: cannot listen on {}:{}: {}\n", args.host, args.port,
                 why == EADDRINUSE      ? "the port is in use (another server?)"
                 : why == EADDRNOTAVAIL ? "the address is not this machine's"
                 : why == EACCES        ? "a port below 1024 needs root"
                 : args.port == 0       ? "the address is not this machine's, or no port is free"
                                        : "the address is in use or not this machine's");
        return kExitFailure;
    }
    // cpp-httplib listens with a backlog of 5 connections not yet accepted: past it (40 sockets
    // opened at once) the kernel drops a new connection's SYN and the client sends it again after
    // 1 s. Listening again on the bound socket widens the queue (the kernel caps it at somaxconn).
    if (listening >= 0) ::listen(listening, kListenBacklog);
    // An IPv6 address goes in brackets in a URL (http://[::1]:8080/).
    const bool ipv6 = args.host.find(':') != std::string::npos;
    fmt::print("mastermind serve: http://{}{}{}:{}/ ({}; Ctrl-C stops)\n", ipv6 ? "[" : "", args.host,
               ipv6 ? "]" : "", port,
               args.seed ? fmt::format("game n plays seed {} + n - 1", *args.seed)
                         : "fresh seeds, logged here");
    flush_stdout();

    // cpp-httplib's stop() does nothing before the server runs: a signal that came between the
    // bind and the listen loop's start was lost and the server ran on (seen once in the suite, a
    // SIGTERM right after start on a loaded machine). The stopper waits for the loop, or its end.
    // The stop flag goes first: a hint or count under way gives up at once, and its worker is
    // free for the listen loop's end, which waits for every worker.
    std::atomic<bool> listen_returned{false};
    std::thread stopper([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        server.stopping() = true;
        while (!http.is_running() && !listen_returned)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        http.stop();
    });
    const bool clean = http.listen_after_bind();
    listen_returned = true;
    if (!clean) pthread_kill(stopper.native_handle(), SIGTERM);  // the stopper waits for a signal
    stopper.join();
    complain("mastermind serve: stopped\n");
    return clean ? kExitOk : kExitFailure;
}

}  // namespace mastermind::app
