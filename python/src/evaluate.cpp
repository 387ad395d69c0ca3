// Players and evaluation in Python: `Batch`, the players of a game, and `evaluate` of a built-in
// player or a codebreaker written in Python over every secret, a sample or given secrets.
#include <unistd.h>

#include <fmt/format.h>

#include <atomic>

#include "bindings.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/position.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/evaluation.hpp"

namespace mastermind::python {

namespace {

struct Player {
    std::string name, summary, refuses, refuses_hints;
};

std::vector<Player> players_of(const GameDescription& game) {
    std::vector<Player> out;
    for (const auto& fit : game.players()) {
        std::string summary;
        if (game.ordinary()) {
            summary = std::string(find_codebreaker(fit.name)->summary);
        } else {
            summary = std::string(find_strategy(fit.name)->summary);
        }
        out.push_back({fit.name, summary, fit.refuses, fit.refuses_hints});
    }
    return out;
}

// The report of a run, with what the command line's --json says of it beside the counts.
struct PyReport {
    Report report;
    std::string player, scope, first_guess, first_guess_from;
    std::uint64_t seed = 1;
    std::optional<std::size_t> exact_below;  // entropy-optimal's switch to the exact search
    std::optional<PyTree> tree;
    bool ordinary = true;
    std::string rules;
    py::object game;  // as --json writes it: an object (ordinary), [P, K, B, M] (batch)
};

py::dict report_dict(const PyReport& r) {
    py::dict d;
    d["strategy"] = r.player;
    d["seed"] = r.seed;
    d["scope"] = r.scope;
    d["game"] = r.game;
    d["games"] = r.report.games;
    d["failures"] = r.report.failures;
    d["worst"] = r.report.worst;
    if (r.ordinary) d["total"] = r.report.total;
    d["mean"] = r.report.mean;
    d["histogram"] = r.report.histogram;
    d["worst_examples"] = r.report.worst_examples;
    d["failure_examples"] = r.report.failure_examples;
    d["strategy_calls"] = r.report.nodes;
    d["seconds"] = r.report.seconds;
    if (r.ordinary) {
        d["first_guess"] = r.first_guess;
        d["first_guess_from"] = r.first_guess_from;
        if (r.exact_below) d["exact_below"] = *r.exact_below;
    } else {
        d["move_hash"] = fmt::format("{:016x}", r.report.move_hash);
        d["rules"] = r.rules;
    }
    return d;
}

// Which of secrets, sample or every secret; ValueError for more than one.
struct Scope {
    py::object secrets;
    std::optional<std::uint64_t> sample;
};

Scope read_scope(const py::object& secrets, const std::optional<std::int64_t>& sample) {
    if (!secrets.is_none() && sample) throw py::value_error("give secrets or sample, not both");
    if (sample && (*sample < 1 || *sample > 100'000'000))
        throw py::value_error(fmt::format("sample {}: 1 .. 100000000 secrets", *sample));
    return {secrets, sample ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*sample))
                            : std::nullopt};
}

int read_threads(std::optional<int> threads, int otherwise) {
    const int t = threads.value_or(otherwise);
    if (t < 0 || t > 1024)
        throw py::value_error(fmt::format("threads {}: 0 (every core) .. 1024", t));
    return t;
}

// Progress reported from the work's threads, passed on to Python on its own thread.
struct Progress {
    std::atomic<std::uint64_t> done{0}, total{0};
    std::uint64_t shown = UINT64_MAX;
    py::object callback;

    std::function<void(std::uint64_t, std::uint64_t)> engine_side() {
        if (callback.is_none()) return {};
        return [this](std::uint64_t d, std::uint64_t t) {
            total = t;
            done = d;
        };
    }
    std::function<void()> python_side() {
        if (callback.is_none()) return {};
        return [this] { show(); };
    }
    void show() {
        const auto d = done.load();
        if (total.load() == 0 || d == shown) return;
        shown = d;
        callback(d, total.load());
    }
};

// What the options of both games take alike: threads, examples, progress, the run's budget.
template <class Options>
void set_run(Options& options, int threads, std::size_t examples, Progress& shown,
             const Interruptible& work, std::optional<double> seconds) {
    options.threads = threads;
    options.examples = examples;
    options.progress = shown.engine_side();
    options.budget = work.budget(seconds);
}

// "a sample of 50 secrets (seed 9)", "3 given secrets", "all 1296 secrets".
std::string scope_text(const Scope& scope, std::uint64_t secrets, std::size_t given,
                       std::uint64_t seed) {
    if (scope.sample)
        return fmt::format("a sample of {} (seed {})", count_of(*scope.sample, "secret"), seed);
    if (!scope.secrets.is_none()) return count_of(given, "given secret");
    return "all " + count_of(secrets, "secret");
}

PyReport evaluate_ordinary(const std::shared_ptr<OrdinaryGame>& game, const py::object& player,
                           const Scope& scope, std::uint64_t seed, const py::object& first,
                           std::optional<int> threads, std::size_t examples,
                           std::optional<std::int64_t> exact_below, const py::object& tree,
                           bool record_tree, const py::object& progress,
                           std::optional<double> seconds) {
    const auto& p = game->params();
    PyReport out;
    out.seed = seed;
    out.rules = std::string(to_string(p.rules));
    out.game = py::dict(py::arg("name") = "ordinary", py::arg("rules") = out.rules,
                        py::arg("pegs") = p.pegs, py::arg("colours") = p.colours,
                        py::arg("distinct") = p.distinct, py::arg("max_guesses") = p.max_guesses);
    Interruptible work;
    CodebreakerInfo python_info;
    OrdinaryEvaluationOptions options;
    const bool native = py::isinstance<py::str>(player);
    if (native) {
        out.player = player.cast<std::string>();
        const CodebreakerInfo* info = find_codebreaker(out.player);
        if (!info)
            throw py::value_error(fmt::format("'{}' is not a codebreaker of the ordinary game ({})",
                                              escaped(out.player), codebreaker_names()));
        if (auto why = codebreaker_refuses(*info, p.shape()); !why.empty())
            throw py::value_error(fmt::format("{} cannot play {}: {}", out.player,
                                              game->description().summary(), why));
        options.codebreaker = info;
    } else {
        if (!py::hasattr(player, "next") && !PyCallable_Check(player.ptr()))
            throw py::type_error(fmt::format(
                "player must be a codebreaker's name or an object with next(position) (got {})",
                py::str(py::type::handle_of(player).attr("__name__")).cast<std::string>()));
        if (!first.is_none())
            throw py::value_error("first is for the built-in codebreakers (yours plays its own)");
        out.player = py::str(py::type::handle_of(player).attr("__name__"));
        python_info = python_codebreaker(game, player, work);
        options.codebreaker = &python_info;
    }
    const CodeSpace& space = game->space();
    auto& co = options.codebreaker_options;
    co.seed = seed;
    if (exact_below) {
        if (out.player != "entropy-optimal")
            throw py::value_error(
                fmt::format("exact_below is entropy-optimal's (got {})", out.player));
        if (*exact_below < 1 || *exact_below > 1'000'000)
            throw py::value_error("exact_below: 1 .. 1000000");
        co.exact_below = static_cast<std::size_t>(*exact_below);
    }
    if (out.player == "entropy-optimal") out.exact_below = co.exact_below;
    if (out.player == "tree" && native) {
        if (tree.is_none())
            throw py::value_error("the codebreaker 'tree' plays a decision tree: give tree=");
        if (!py::isinstance<PyTree>(tree))
            throw py::type_error(
                "tree must be a DecisionTree (mastermind.DecisionTree.read(path))");
        const auto& t = tree.cast<const PyTree&>();
        if (auto why = t.tree->mismatch(space); !why.empty())
            throw py::value_error(fmt::format("tree {}", why));
        co.tree = t.tree;
    } else if (!tree.is_none()) {
        throw py::value_error(
            fmt::format("tree is for the codebreaker 'tree' (got {})", out.player));
    }
    if (native) co.first = default_first_guess(*options.codebreaker, space);
    if (!first.is_none()) {
        co.first = game->code(first, "first");
        if (co.tree && co.tree->nodes.front().guess != *co.first)
            throw py::value_error(fmt::format("first {}: the tree plays {} first",
                                              space.to_string(*co.first),
                                              space.to_string(co.tree->nodes.front().guess)));
    }
    // Where the first guess came from, as evaluate --json says it; a tree plays its own.
    out.first_guess_from = co.tree    ? "tree"
                           : co.first ? (first.is_none() ? "default" : "first")
                           : native   ? "rule"
                                      : "player";
    options.max_guesses = p.max_guesses;
    options.record_tree = record_tree;
    Progress shown;
    shown.callback = progress;
    set_run(options, read_threads(threads, native ? 0 : 1), examples, shown, work, seconds);
    const bool all = scope.secrets.is_none() && !scope.sample;
    if (record_tree && !all)
        throw py::value_error(
            "record_tree records the tree of every secret (no secrets, no sample)");
    std::vector<std::uint32_t> secrets;
    if (scope.sample) {
        for (auto s : draw_sample(space.size(), *scope.sample, seed))
            secrets.push_back(static_cast<std::uint32_t>(s));
    } else if (!all) {
        secrets = game->codes(scope.secrets, "secrets");
    }
    out.scope = scope_text(scope, space.size(), secrets.size(), seed);
    OrdinaryEvaluation r;
    work.run(
        [&] {
            r = all ? evaluate_ordinary_all(space, options)
                    : evaluate_ordinary_games(space, options, secrets);
        },
        shown.python_side());
    if (!progress.is_none()) shown.show();
    out.first_guess = co.first ? space.to_string(*co.first) : r.first_guess;
    if (r.tree) out.tree = PyTree::from(r.tree);
    out.report = std::move(r);
    return out;
}

PyReport evaluate_batch(const BatchGameSpec& game, const py::object& player, const Scope& scope,
                        std::uint64_t seed, std::optional<int> threads, std::size_t examples,
                        const ProgressArg& progress, std::optional<double> seconds,
                        std::optional<std::int64_t> memory_limit_mib) {
    if (!py::isinstance<py::str>(player))
        throw py::type_error(
            "a batch game is played by a built-in strategy: give its name (players(game))");
    const auto& params = game.params();
    PyReport out;
    out.ordinary = false;
    out.seed = seed;
    out.rules = std::string(to_string(params.rules));
    out.game = py::make_tuple(params.pegs, params.colours, params.batch, params.max_tests);
    out.game = py::list(out.game);
    out.player = player.cast<std::string>();
    const StrategyInfo* info = find_strategy(out.player);
    if (!info)
        throw py::value_error(fmt::format("'{}' is not a strategy of the batch game ({})",
                                          escaped(out.player), strategy_names()));
    if (auto why = strategy_refuses(*info, params); !why.empty())
        throw py::value_error(
            fmt::format("{} cannot play {}: {}", out.player, game.description().summary(), why));
    Interruptible work;
    EvaluationOptions options;
    options.params = params;
    options.strategy = info;
    options.seed = seed;
    Progress shown;
    shown.callback = progress;
    set_run(options, read_threads(threads, 0), examples, shown, work, seconds);
    const bool all = scope.secrets.is_none() && !scope.sample;
    std::vector<std::uint64_t> secrets;
    int shards = 1;
    if (scope.sample) {
        secrets = draw_sample(params.secret_count(), *scope.sample, seed);
    } else if (!all) {
        if (py::isinstance<py::str>(scope.secrets))
            throw py::type_error("secrets must be a sequence of secrets, not one str");
        for (const auto& s : py::iter(scope.secrets)) secrets.push_back(game.secret(s));
    }
    out.scope = scope_text(scope, params.secret_count(), secrets.size(), seed);
    if (memory_limit_mib && !all)
        throw py::value_error(
            "memory_limit_mib divides a run over every secret (no secrets, no sample)");
    if (all) {
        // The walk holds every secret's index twice: in shards, one after another, where one
        // process cannot hold them in the memory allowed (by default three quarters of this
        // machine's).
        const std::uint64_t physical = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                                       static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
        if (memory_limit_mib &&
            (*memory_limit_mib < 1 || *memory_limit_mib > (std::int64_t{1} << 40)))
            throw py::value_error(fmt::format("memory_limit_mib {}: 1 .. 2^40", *memory_limit_mib));
        const std::uint64_t limit = memory_limit_mib
                                        ? static_cast<std::uint64_t>(*memory_limit_mib) << 20
                                        : physical / 4 * 3;
        if (limit <= kShardOverheadBytes)
            throw py::value_error(
                fmt::format("memory_limit_mib {}: a shard's process needs more (at least {} MiB)",
                            limit >> 20, (kShardOverheadBytes >> 20) + 1));
        // The fewest shards that fit, as `evaluate --memory-limit` picks them.
        const auto fit = shards_for_memory(params.secret_count(), limit, index_bytes(params));
        if (fit == 0 || fit > 1'000'000)
            throw py::value_error(
                fmt::format("every secret of {} needs more than {} MiB of memory even in shards",
                            game.description().summary(), limit >> 20));
        shards = static_cast<int>(fit);
        if (shards > 1) out.scope += fmt::format(", in {} shards", shards);
    }
    EvaluationResult r;
    work.run(
        [&] {
            if (!all) {
                r = evaluate_secrets(options, secrets);
            } else if (shards > 1) {
                r = evaluate_all_in_shards(options, shards);
            } else {
                r = evaluate_all(options);
            }
        },
        shown.python_side());
    if (!progress.is_none()) shown.show();
    out.report = std::move(r);
    return out;
}

}  // namespace

void bind_batch(py::module_& m) {
    py::class_<BatchGameSpec, std::shared_ptr<BatchGameSpec>>(
        m, "Batch",
        R"(Batch Style Mastermind: a secret of `pegs` pegs over `colours` colours; each test sends
`batch` distinct strings at once and gets their answers back shuffled; at most `max_tests` tests,
then one challenge. The original problem is Batch(9, 10, 9, 20). Every value is checked here.

    >>> mastermind.Batch(5, 6, 5).summary
    'batch 5/6/5, 20 tests, classic rules'
)")
        .def(py::init([](const py::int_& pegs, const py::int_& colours, const py::int_& batch,
                         const py::int_& max_tests, const std::string& rules) {
                 return std::make_shared<BatchGameSpec>(
                     small_int(pegs, "pegs"), small_int(colours, "colours"),
                     small_int(batch, "batch"), small_int(max_tests, "max_tests"), rules);
             }),
             py::arg("pegs") = 9, py::arg("colours") = 10, py::arg("batch") = 9,
             py::arg("max_tests") = 20, py::arg("rules") = "classic")
        .def_property_readonly("pegs", [](const BatchGameSpec& g) { return g.params().pegs; })
        .def_property_readonly("colours", [](const BatchGameSpec& g) { return g.params().colours; })
        .def_property_readonly("batch", [](const BatchGameSpec& g) { return g.params().batch; })
        .def_property_readonly("max_tests",
                               [](const BatchGameSpec& g) { return g.params().max_tests; })
        .def_property_readonly(
            "rules",
            [](const BatchGameSpec& g) { return std::string(to_string(g.params().rules)); })
        .def_property_readonly(
            "size", [](const BatchGameSpec& g) { return g.params().secret_count(); },
            "The number of secrets, colours ** pegs.")
        .def_property_readonly("summary",
                               [](const BatchGameSpec& g) { return g.description().summary(); })
        .def(
            "code",
            [](const BatchGameSpec& g, const CodeArg& s) {
                return PackedCode::from_index(g.secret(s), g.params()).to_string(g.params().pegs);
            },
            py::arg("secret"), "A secret's symbols, from its index or its symbols (checked).")
        .def(
            "index", [](const BatchGameSpec& g, const CodeArg& s) { return g.secret(s); },
            py::arg("secret"), "A secret's index, from its symbols or its index (checked).")
        .def("__repr__",
             [](const BatchGameSpec& g) {
                 const auto& p = g.params();
                 return fmt::format(
                     "Batch(pegs={}, colours={}, batch={}, max_tests={}, rules='{}')", p.pegs,
                     p.colours, p.batch, p.max_tests, to_string(p.rules));
             })
        .def(
            "__eq__",
            [](const BatchGameSpec& a, const BatchGameSpec& b) { return a.params() == b.params(); },
            py::is_operator())
        .def("__hash__", [](const BatchGameSpec& g) {
            const auto& p = g.params();
            return py::hash(
                py::make_tuple(p.pegs, p.colours, p.batch, p.max_tests, static_cast<int>(p.rules)));
        });
}

void bind_evaluate(py::module_& m) {
    py::class_<Player>(m, "Player",
                       "A built-in codebreaker or strategy, and what it can do in a game.")
        .def_readonly("name", &Player::name)
        .def_readonly("summary", &Player::summary)
        .def_readonly("refuses", &Player::refuses, "Why it cannot play the game, or ''.")
        .def_readonly("refuses_hints", &Player::refuses_hints,
                      "Why it gives no quick hint in the game, or ''.")
        .def_property_readonly("plays", [](const Player& p) { return p.refuses.empty(); })
        .def("__repr__", [](const Player& p) {
            return fmt::format("Player('{}'{})", p.name,
                               p.refuses.empty() ? "" : ", refuses: " + p.refuses);
        });

    m.def(
        "players",
        [](const GameArg& game) {
            if (py::isinstance<OrdinaryGame>(game))
                return players_of(game.cast<const OrdinaryGame&>().description());
            if (py::isinstance<BatchGameSpec>(game))
                return players_of(game.cast<const BatchGameSpec&>().description());
            throw py::type_error("players(game): game is an Ordinary or a Batch");
        },
        py::arg("game"),
        R"(Every built-in codebreaker (Ordinary) or strategy (Batch), each with why it cannot play the
game or give a quick hint in it ('' when it can).

    >>> [p.name for p in mastermind.players(mastermind.Ordinary(8, 8)) if p.plays]
    ['knuth', 'irving', 'entropy', 'most-parts', 'shapiro', 'tree']
)");

    py::class_<PyReport>(
        m, "Report",
        R"(The report of evaluate(): the same fields as `mastermind evaluate --json` (to_dict()). A
winning guess or challenge counts as a move.)")
        .def_property_readonly("games", [](const PyReport& r) { return r.report.games; })
        .def_property_readonly(
            "failures", [](const PyReport& r) { return r.report.failures; },
            "Games not won: not found in time, a wrong challenge, a player's error.")
        .def_property_readonly(
            "worst", [](const PyReport& r) { return r.report.worst; },
            "The most moves of a won game.")
        .def_property_readonly(
            "total", [](const PyReport& r) { return r.report.total; }, "Moves over the won games.")
        .def_property_readonly("mean", [](const PyReport& r) { return r.report.mean; })
        .def_property_readonly(
            "histogram", [](const PyReport& r) { return r.report.histogram; },
            "histogram[m]: the games won in m moves.")
        .def_property_readonly(
            "worst_examples", [](const PyReport& r) { return r.report.worst_examples; },
            "The smallest secrets that take the worst case.")
        .def_property_readonly(
            "failure_examples", [](const PyReport& r) { return r.report.failure_examples; },
            "'secret: what went wrong' for the smallest secrets that failed.")
        .def_property_readonly(
            "strategy_calls", [](const PyReport& r) { return r.report.nodes; },
            "How often the player was asked for a move (the nodes of its decision tree).")
        .def_property_readonly(
            "move_hash", [](const PyReport& r) { return r.report.move_hash; },
            "A signature of every move played (mastermind bench).")
        .def_property_readonly("seconds", [](const PyReport& r) { return r.report.seconds; })
        .def_property_readonly("strategy", [](const PyReport& r) { return r.player; })
        .def_property_readonly("scope", [](const PyReport& r) { return r.scope; })
        .def_property_readonly(
            "first_guess", [](const PyReport& r) { return r.first_guess; },
            "The ordinary game: every game's first guess ('' when none was played).")
        .def_property_readonly(
            "tree", [](const PyReport& r) { return r.tree; },
            "The decision tree walked, with record_tree=True (ordinary game).")
        .def("to_dict", &report_dict,
             "The fields of `mastermind evaluate --json`, by the same names.")
        .def("__repr__", [](const PyReport& r) {
            return fmt::format(
                "<Report {}: {} games, {} failures, total {}, mean {:.4f}, worst {}>", r.player,
                r.report.games, r.report.failures, r.report.total, r.report.mean, r.report.worst);
        });

    m.def(
        "evaluate",
        [](const GameArg& game, const PlayerArg& player, const CodesArg& secrets,
           const std::optional<py::int_>& sample_value, const py::int_& seed_given,
           const SecretArg& first, std::optional<int> threads, std::int64_t examples,
           std::optional<std::int64_t> exact_below, const TreeArg& tree, bool record_tree,
           const ProgressArg& progress, std::optional<double> seconds,
           std::optional<std::int64_t> memory_limit_mib) {
            const std::uint64_t seed = seed_value(seed_given);
            std::optional<std::int64_t> sample;
            if (sample_value) {
                if (*sample_value < py::int_(1) || *sample_value > py::int_(100'000'000))
                    throw py::value_error(
                        fmt::format("sample {}: 1 .. 100000000 secrets",
                                    py::str(py::handle(*sample_value)).cast<std::string>()));
                sample = sample_value->cast<std::int64_t>();
            }
            if (examples < 0 || examples > 1'000'000)
                throw py::value_error(fmt::format("examples {}: 0 .. 1000000", examples));
            if (!progress.is_none() && !PyCallable_Check(progress.value.ptr()))
                throw py::type_error("progress must be callable as progress(done, total)");
            const auto scope = read_scope(secrets, sample);
            if (py::isinstance<OrdinaryGame>(game)) {
                if (memory_limit_mib)
                    throw py::value_error("memory_limit_mib divides a batch game's run");
                return evaluate_ordinary(game.cast<std::shared_ptr<OrdinaryGame>>(), player, scope,
                                         static_cast<std::uint64_t>(seed), first, threads,
                                         static_cast<std::size_t>(examples), exact_below, tree,
                                         record_tree, progress, seconds);
            }
            if (py::isinstance<BatchGameSpec>(game)) {
                if (!first.is_none() || !tree.is_none() || record_tree || exact_below)
                    throw py::value_error(
                        "first, tree, record_tree and exact_below are for the ordinary game's "
                        "codebreakers");
                return evaluate_batch(game.cast<const BatchGameSpec&>(), player, scope,
                                      static_cast<std::uint64_t>(seed), threads,
                                      static_cast<std::size_t>(examples), progress, seconds,
                                      memory_limit_mib);
            }
            throw py::type_error("evaluate(game, ...): game is an Ordinary or a Batch");
        },
        py::arg("game"), py::arg("player"), py::kw_only(), py::arg("secrets") = py::none(),
        py::arg("sample") = py::none(), py::arg("seed") = 1, py::arg("first") = py::none(),
        py::arg("threads") = py::none(), py::arg("examples") = 5,
        py::arg("exact_below") = py::none(), py::arg("tree") = py::none(),
        py::arg("record_tree") = false, py::arg("progress") = py::none(),
        py::arg("seconds") = py::none(), py::arg("memory_limit_mib") = py::none(),
        R"(Plays `player` against every secret of `game` (walking its decision tree: the player is
asked once per node), or against `sample` secrets drawn from `seed`, or the given `secrets`
(each a game as real play runs it). The same run as `mastermind evaluate`, with the same report.

player: a built-in codebreaker or strategy by name (players(game)), or, in the ordinary game, a
  codebreaker written in Python: an object whose next(position) (or a function of the position)
  returns the next guess, given a Position; it is called once per node of the tree, from one
  thread unless `threads` says more (a move must depend on the position only).
first: the built-in codebreaker's first guess (by default the published one on 4x6).
threads: the run's threads (0: every core; by default every core, 1 for a Python codebreaker).
tree: the DecisionTree that the codebreaker 'tree' plays; record_tree: keep the tree walked.
progress: called as progress(games done, games in all) now and then.
seconds: give up with TimeoutError after that long. Ctrl-C stops the run (KeyboardInterrupt).
memory_limit_mib: a batch game's run over every secret in shards that fit (by default in three
  quarters of this machine's memory).

    >>> mastermind.evaluate(mastermind.Ordinary(4, 6), "knuth").total
    5801
)");
}

}  // namespace mastermind::python
