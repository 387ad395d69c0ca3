// Games in Python: one game of a player against a secret (`play`), a person's game with the
// judge's rules and hints (`Table`), and a program judged as `mastermind arena` judges it
// (`judge`).
#include <fmt/format.h>

#include "bindings.hpp"
#include "mastermind/arena/arena.hpp"
#include "mastermind/batch/game.hpp"
#include "mastermind/batch/position.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/batch/table.hpp"
#include "mastermind/ordinary/evaluation.hpp"
#include "mastermind/ordinary/table.hpp"

namespace mastermind::python {

namespace {

Score score_of(const HitBlow& a) {
    return Score{a.hit, a.grey, a.blow};
}

std::uint64_t read_seed(const py::int_& seed) {
    return seed_value(seed);
}

struct Played {
    std::string secret;
    py::list moves;
    std::optional<std::string> challenge;
    bool won = false;
    std::string error;
};

Played play_ordinary(const std::shared_ptr<OrdinaryGame>& game, const py::object& player,
                     const py::object& secret, std::uint64_t seed, const py::object& first) {
    const auto& space = game->space();
    const std::uint32_t s =
        secret.is_none() ? static_cast<std::uint32_t>(game->number(
                               seeded_ordinary_game(game->params(), std::nullopt, seed).secret))
                         : game->code(secret, "secret");
    Interruptible work;
    CodebreakerInfo python_info;
    const CodebreakerInfo* info = nullptr;
    CodebreakerOptions options;
    options.seed = seed;
    options.max_guesses = game->params().max_guesses;
    if (py::isinstance<py::str>(player)) {
        const auto name = player.cast<std::string>();
        info = find_codebreaker(name);
        if (!info)
            throw py::value_error(fmt::format("'{}' is not a codebreaker of the ordinary game ({})",
                                              escaped(name), codebreaker_names()));
        if (name == "tree")
            throw py::value_error("play the codebreaker 'tree' with DecisionTree.walk(secret)");
        if (auto why = codebreaker_refuses(*info, game->params().shape()); !why.empty())
            throw py::value_error(fmt::format("{}: {}", name, why));
        options.first = first.is_none() ? default_first_guess(*info, space)
                                        : std::optional(game->code(first, "first"));
    } else {
        if (!first.is_none())
            throw py::value_error("first is for the built-in codebreakers (yours plays its own)");
        python_info = python_codebreaker(game, player, work);
        info = &python_info;
    }
    options.budget = work.budget();
    PlayedGame result;
    work.run([&] {
        auto breaker = info->make(space, options);
        result = play_ordinary_game(space, *breaker, s, game->params().max_guesses);
        py::gil_scoped_acquire with_gil;
        breaker.reset();
    });
    Played out;
    out.secret = space.to_string(s);
    for (const auto& g : result.guesses)
        out.moves.append(py::make_tuple(space.to_string(g.code), space.decode(g.feedback)));
    out.won = result.won;
    out.error = result.error;
    return out;
}

Played play_batch(const BatchGameSpec& game, const py::object& player, const py::object& secret,
                  std::uint64_t seed) {
    if (!py::isinstance<py::str>(player))
        throw py::type_error("a batch game is played by a built-in strategy: give its name");
    const auto name = player.cast<std::string>();
    const StrategyInfo* info = find_strategy(name);
    if (!info)
        throw py::value_error(fmt::format("'{}' is not a strategy of the batch game ({})",
                                          escaped(name), strategy_names()));
    const auto& p = game.params();
    if (auto why = strategy_refuses(*info, p); !why.empty())
        throw py::value_error(fmt::format("{}: {}", name, why));
    std::optional<PackedCode> given;
    if (!secret.is_none()) given = PackedCode::from_index(game.secret(secret), p);
    const auto seeded = seeded_game(p, given, seed);
    std::vector<QueryRecord> history;
    std::vector<std::vector<HitBlow>> shown;
    Played out;
    out.secret = seeded.secret.to_string(p.pegs);
    Interruptible work;
    const Budget budget = work.budget();
    work.run([&] {
        // A move that lists the consistent secrets of a huge game stops on Ctrl-C too.
        const BudgetScope scope(budget);
        BatchGame judge(p, seeded.secret, seeded.shuffle_seed);
        const auto strategy = info->make(p, seed);
        try {
            for (;;) {
                const Move move = strategy->next(Position::lazy(p, history));
                std::vector<std::string> texts;
                for (const auto& c : move.strings) texts.push_back(c.to_string(p.pegs));
                const std::vector<std::string_view> views(texts.begin(), texts.end());
                if (move.challenge) {
                    const auto r = judge.challenge(views.empty() ? std::string_view() : views[0]);
                    out.challenge = texts.empty() ? std::string() : texts[0];
                    out.won = r.accepted;
                    if (r.breach != RuleBreach::none) out.error = r.reason;
                    break;
                }
                const auto r = judge.test(views);
                if (r.breach != RuleBreach::none) {
                    out.error = r.reason;
                    break;
                }
                QueryRecord record{r.strings, r.shuffled};
                std::sort(record.answers.begin(), record.answers.end());
                history.push_back(std::move(record));
                shown.push_back(r.shuffled);
            }
        } catch (const BudgetExhausted&) {
            throw;  // stopped: KeyboardInterrupt, not a lost game
        } catch (const std::exception& e) {
            out.error = e.what();
        }
    });
    for (std::size_t t = 0; t < history.size(); ++t) {
        py::list strings, answers;
        for (const auto& c : history[t].strings) strings.append(c.to_string(p.pegs));
        for (const auto& a : shown[t]) answers.append(score_of(a));
        out.moves.append(py::make_tuple(strings, answers));
    }
    return out;
}

// A person's game: the ordinary one or the batch one, with its table.
struct PyTable {
    std::shared_ptr<OrdinaryGame> ordinary;
    std::shared_ptr<BatchGameSpec> batch;
    std::unique_ptr<OrdinaryTable> ordinary_table;
    std::unique_ptr<BatchTable> batch_table;

    TableOutcome outcome() const {
        return ordinary_table ? ordinary_table->outcome() : batch_table->outcome();
    }
    void need_ordinary(const char* what) const {
        if (!ordinary_table)
            throw py::type_error(fmt::format(
                "{} is the ordinary game's (a batch game has test() and challenge())", what));
    }
    void need_batch(const char* what) const {
        if (!batch_table)
            throw py::type_error(
                fmt::format("{} is the batch game's (the ordinary game has guess())", what));
    }
};

std::string verdict_name(Verdict v) {
    return std::string(to_string(v));
}

}  // namespace

void bind_play(py::module_& m) {
    py::class_<Played>(
        m, "Played",
        "One game of play(): the secret, the moves and answers, and whether it was won.")
        .def_readonly("secret", &Played::secret)
        .def_readonly("moves", &Played::moves,
                      "Ordinary: (guess, Score) pairs. Batch: (strings, answers) of each test, the "
                      "answers as the judge shuffled them.")
        .def_readonly("challenge", &Played::challenge, "Batch: the string challenged at the end.")
        .def_readonly("won", &Played::won)
        .def_readonly("error", &Played::error, "What went wrong, when the player failed.")
        .def("__repr__", [](const Played& p) {
            return fmt::format("<Played {}: {} moves, {}>", p.secret, py::len(p.moves),
                               p.won ? "won" : "lost");
        });

    m.def(
        "play",
        [](const GameArg& game, const PlayerArg& player, const SecretArg& secret,
           const py::int_& seed, const SecretArg& first) {
            const auto s = read_seed(seed);
            if (py::isinstance<OrdinaryGame>(game))
                return play_ordinary(game.cast<std::shared_ptr<OrdinaryGame>>(), player, secret, s,
                                     first);
            if (py::isinstance<BatchGameSpec>(game)) {
                if (!first.is_none())
                    throw py::value_error("first is for the ordinary game's codebreakers");
                return play_batch(game.cast<const BatchGameSpec&>(), player, secret, s);
            }
            throw py::type_error("play(game, ...): game is an Ordinary or a Batch");
        },
        py::arg("game"), py::arg("player"), py::kw_only(), py::arg("secret") = py::none(),
        py::arg("seed") = 1, py::arg("first") = py::none(),
        R"(One game of `player` (a built-in codebreaker or strategy by name; in the ordinary game also
a codebreaker written in Python) against `secret`, or against the secret `mastermind judge --seed
SEED` draws. Returns a Played.

    >>> mastermind.play(mastermind.Ordinary(4, 6), "knuth", secret="3532").moves[-1]
    ('3532', Score(black=4, white=0, grey=0))
)");

    py::class_<PyTable>(
        m, "Table",
        R"(A game against a hidden secret, as a person plays it (mastermind play): the judge's rules
(a refused move raises ValueError and costs nothing), hints from the built-in players, and the
secret shown once the game is over. The secret is the one `mastermind judge --seed SEED` draws.

    >>> table = mastermind.Table(mastermind.Ordinary(4, 6), seed=7)
    >>> table.guess("0011")
    Score(black=0, white=1, grey=0)
)")
        .def(py::init([](const GameArg& game, const py::int_& seed) {
                 const auto s = read_seed(seed);
                 auto t = std::make_unique<PyTable>();
                 if (py::isinstance<OrdinaryGame>(game)) {
                     t->ordinary = game.cast<std::shared_ptr<OrdinaryGame>>();
                     t->ordinary->space();  // a game too large to hold its codes is refused here
                     t->ordinary_table = std::make_unique<OrdinaryTable>(t->ordinary->params(), s);
                 } else if (py::isinstance<BatchGameSpec>(game)) {
                     t->batch = game.cast<std::shared_ptr<BatchGameSpec>>();
                     t->batch_table = std::make_unique<BatchTable>(t->batch->params(), s);
                 } else {
                     throw py::type_error("Table(game): game is an Ordinary or a Batch");
                 }
                 return t;
             }),
             py::arg("game"), py::arg("seed") = 1)
        .def_property_readonly(
            "outcome", [](const PyTable& t) { return std::string(to_string(t.outcome())); },
            "'playing', 'won', 'lost' or 'gave up'.")
        .def_property_readonly(
            "over", [](const PyTable& t) { return t.outcome() != TableOutcome::playing; })
        .def_property_readonly(
            "secret",
            [](const PyTable& t) {
                if (t.outcome() == TableOutcome::playing)
                    throw py::value_error("the secret is shown once the game is over");
                return t.ordinary_table ? t.ordinary->space().to_string(t.ordinary_table->secret())
                                        : t.batch_table->secret().to_string(t.batch->params().pegs);
            })
        .def_property_readonly(
            "history",
            [](const PyTable& t) {
                py::list out;
                if (t.ordinary_table) {
                    const auto& s = t.ordinary->space();
                    for (const auto& g : t.ordinary_table->session().history())
                        out.append(py::make_tuple(s.to_string(g.code), s.decode(g.feedback)));
                    return out;
                }
                const int pegs = t.batch->params().pegs;
                for (std::size_t i = 0; i < t.batch_table->turns(); ++i) {
                    py::list strings, answers;
                    for (const auto& c : t.batch_table->strings(i))
                        strings.append(c.to_string(pegs));
                    for (const auto& a : t.batch_table->answers(i)) answers.append(score_of(a));
                    out.append(py::make_tuple(strings, answers));
                }
                return out;
            },
            "The moves so far with their answers.")
        .def(
            "guess",
            [](PyTable& t, const CodeArg& code) {
                t.need_ordinary("guess()");
                const std::string text =
                    py::isinstance<py::str>(code)
                        ? code.cast<std::string>()
                        : t.ordinary->space().to_string(t.ordinary->code(code));
                if (auto why = t.ordinary_table->guess(text); !why.empty())
                    throw py::value_error(why);
                const auto& s = t.ordinary->space();
                return s.decode(t.ordinary_table->session().history().back().feedback);
            },
            py::arg("code"), "Plays a guess; returns its answer.")
        .def(
            "possible",
            [](const PyTable& t, std::optional<double> seconds) -> std::optional<std::uint64_t> {
                Interruptible work;
                const Budget budget = work.budget(seconds);  // checked in either game
                if (t.ordinary_table) return t.ordinary_table->session().consistent().size();
                BatchTable::Count c;
                work.run([&] { c = t.batch_table->count(budget); });
                if (!c.secrets) return std::nullopt;
                return *c.secrets;
            },
            py::arg("seconds") = py::none(),
            "How many secrets fit every answer so far (None when the batch game's count gives up).")
        .def(
            "test",
            [](PyTable& t, const StringsArg& strings) {
                t.need_batch("test()");
                std::string line;
                if (py::isinstance<py::str>(strings)) {
                    line = strings.cast<std::string>();
                } else {
                    for (const auto& s : py::iter(strings)) {
                        if (!line.empty()) line += ' ';
                        line += py::str(s).cast<std::string>();
                    }
                }
                if (auto why = t.batch_table->test(line); !why.empty()) throw py::value_error(why);
                py::list answers;
                for (const auto& a : t.batch_table->answers(t.batch_table->turns() - 1))
                    answers.append(score_of(a));
                return answers;
            },
            py::arg("strings"),
            "Sends a test (a list of strings, or one str of them separated by spaces); returns the "
            "shuffled answers.")
        .def(
            "challenge",
            [](PyTable& t, const std::string& code) {
                t.need_batch("challenge()");
                if (auto why = t.batch_table->challenge(code); !why.empty())
                    throw py::value_error(why);
                return t.batch_table->outcome() == TableOutcome::won;
            },
            py::arg("code"), "The final answer; True if it is the secret.")
        .def(
            "hint",
            [](PyTable& t, const std::string& player, double seconds) -> py::object {
                Interruptible work;
                const Budget budget = work.budget(seconds);
                if (t.ordinary_table) {
                    OrdinaryHint h;
                    work.run([&] { h = t.ordinary_table->hint(player, budget); });
                    if (!h.code) throw py::value_error(escaped(h.why_not));
                    return py::str(t.ordinary->space().to_string(*h.code));
                }
                BatchHint h;
                work.run([&] { h = t.batch_table->hint(player, budget); });
                if (!h.move) throw py::value_error(escaped(h.why_not));
                const int pegs = t.batch->params().pegs;
                if (h.move->challenge)
                    return py::make_tuple("challenge", h.move->strings.at(0).to_string(pegs));
                py::list strings;
                for (const auto& c : h.move->strings) strings.append(c.to_string(pegs));
                return py::make_tuple("test", strings);
            },
            py::arg("player") = "auto", py::arg("seconds") = 10.0,
            "The move `player` ('auto': the best for the game) would play: a code (ordinary), or "
            "('test', strings) or "
            "('challenge', code) (batch); ValueError saying why not when it cannot answer within "
            "`seconds`.")
        .def("give_up", [](PyTable& t) {
            if (t.ordinary_table)
                t.ordinary_table->give_up();
            else
                t.batch_table->give_up();
        });

    struct Judged {
        std::string verdict, detail, secret, sandbox;
        int moves = 0;
        double seconds = 0;
        long peak_rss_kb = 0;
    };
    py::class_<Judged>(m, "Judged",
                       "The verdict of judge(): as `mastermind arena` gives it for one game.")
        .def_readonly(
            "verdict", &Judged::verdict,
            "'Accepted', 'Wrong Answer', 'Time Limit Exceeded', ... (as the arena writes them)")
        .def_readonly("detail", &Judged::detail)
        .def_readonly("secret", &Judged::secret)
        .def_readonly("moves", &Judged::moves, "Tests (batch) or guesses (ordinary) used.")
        .def_readonly("seconds", &Judged::seconds)
        .def_readonly("peak_rss_kb", &Judged::peak_rss_kb)
        .def_readonly("sandbox", &Judged::sandbox, "How the limits were applied.")
        .def("__repr__", [](const Judged& j) {
            return fmt::format("<Judged {}: {} moves, {}>", j.secret, j.moves, j.verdict);
        });

    m.def(
        "judge",
        [](const GameArg& game, std::vector<std::string> program, const SecretArg& secret,
           const py::int_& seed, double time_limit, double memory_mib) {
            const auto s = read_seed(seed);
            if (program.empty())
                throw py::value_error("program is a command line: a list of at least one argument");
            if (resolve_program(program[0]).empty())
                throw py::value_error(fmt::format(
                    "program '{}' is not an executable file (nor in PATH)", escaped(program[0])));
            if (!(time_limit > 0) || time_limit > 86400)
                throw py::value_error(
                    fmt::format("time_limit {}: above 0, at most 86400 s", time_limit));
            if (!(memory_mib > 0) || memory_mib > 1 << 20)
                throw py::value_error(
                    fmt::format("memory_mib {}: above 0, at most 2^20", memory_mib));
            GameSpec spec;
            if (py::isinstance<OrdinaryGame>(game)) {
                const auto& g = game.cast<const OrdinaryGame&>();
                std::optional<Code> code;
                if (!secret.is_none()) code = g.code_value(secret, "secret");
                spec.game = make_ordinary_judge_config(g.params(), code, s);
            } else if (py::isinstance<BatchGameSpec>(game)) {
                const auto& g = game.cast<const BatchGameSpec&>();
                std::optional<PackedCode> code;
                if (!secret.is_none()) code = PackedCode::from_index(g.secret(secret), g.params());
                spec.game = make_judge_config(g.params(), code, s);
            } else {
                throw py::type_error("judge(game, ...): game is an Ordinary or a Batch");
            }
            ArenaLimits limits;
            limits.time_limit =
                std::chrono::milliseconds(static_cast<long long>(time_limit * 1000));
            limits.memory_bytes = static_cast<std::uint64_t>(memory_mib * 1024 * 1024);
            GameResult r;
            {
                py::gil_scoped_release without_gil;
                r = play_program(ProgramSpec{program, false}, spec, limits);
            }
            return Judged{verdict_name(r.verdict),
                          r.detail,
                          r.secret,
                          r.sandbox,
                          r.tests,
                          r.seconds,
                          r.peak_rss_kb};
        },
        py::arg("game"), py::arg("program"), py::kw_only(), py::arg("secret") = py::none(),
        py::arg("seed") = 1, py::arg("time_limit") = 3.0, py::arg("memory_mib") = 64.0,
        R"(Judges one game of `program` (a command line as a list, run without a shell) over the
protocol of docs/protocol.md, in a sandbox with the time and memory limits, as `mastermind arena`
does. Returns a Judged.

    >>> mastermind.judge(mastermind.Batch(), ["mastermind", "solve"]).verdict  # doctest: +SKIP
    'Accepted'
)");
}

}  // namespace mastermind::python
