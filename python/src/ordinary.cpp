// The ordinary game in Python: `Ordinary`, the consistent set and its partitions, the position a
// Python codebreaker is given, decision trees and the exact optimum.
#include <tbb/parallel_for.h>

#include <fmt/format.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <pybind11/stl/filesystem.h>

#include "bindings.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/decision_tree.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind::python {

namespace {

using GamePtr = std::shared_ptr<const OrdinaryGame>;

py::array_t<std::uint32_t> to_array(std::span<const std::uint32_t> codes) {
    py::array_t<std::uint32_t> out(static_cast<py::ssize_t>(codes.size()));
    std::copy(codes.begin(), codes.end(), out.mutable_data());
    return out;
}

// counts[g * slots + f]: the members of `set` that answer f to guesses[g]. Parallel over the
// guesses when the work is large, asking `budget` every block of guesses.
void count_parts(const CodeSpace& space, const std::vector<std::uint32_t>& guesses,
                 const std::vector<std::uint32_t>& set, std::uint32_t* counts,
                 const Budget& budget) {
    const std::size_t slots = space.feedback_slots();
    std::fill(counts, counts + guesses.size() * slots, 0u);
    std::vector<CodeMasks> masks(set.size());
    for (std::size_t i = 0; i < set.size(); ++i) masks[i] = space.masks(set[i]);
    const bool classic = space.rules() == Rules::classic;
    auto rows = [&](std::size_t begin, std::size_t end) {
        if (budget.limited()) budget.check("the partition");
        for (std::size_t g = begin; g < end; ++g) {
            const CodeMasks guess = space.masks(guesses[g]);
            std::uint32_t* row = counts + g * slots;
            if (classic) {
                for (const auto& s : masks) ++row[space.classic_feedback(guess, s)];
            } else {
                for (const auto& s : masks) ++row[space.adjacent_feedback(guess, s)];
            }
        }
    };
    if (guesses.size() * set.size() >= (std::size_t{1} << 18)) {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, guesses.size(), 64),
            [&](const tbb::blocked_range<std::size_t>& r) { rows(r.begin(), r.end()); });
    } else {
        for (std::size_t begin = 0; begin < guesses.size(); begin += 64)
            rows(begin, std::min(guesses.size(), begin + 64));
    }
}

// Work above this many scores, asked for on Python's own thread, runs as long work does
// (Interruptible): Ctrl-C stops it. Smaller work, or work inside a codebreaker's move (whose walk
// runs so already), runs here under the thread's budget.
constexpr std::size_t kInterruptibleScores = std::size_t{1} << 26;

py::array_t<std::uint32_t> partition_sizes(const CodeSpace& space,
                                           const std::vector<std::uint32_t>& guesses,
                                           const std::vector<std::uint32_t>& set) {
    const std::size_t slots = space.feedback_slots();
    py::array_t<std::uint32_t> out(
        {static_cast<py::ssize_t>(guesses.size()), static_cast<py::ssize_t>(slots)});
    std::uint32_t* counts = out.mutable_data();
    if (!ambient_budget().limited() && guesses.size() * set.size() >= kInterruptibleScores) {
        Interruptible work;
        const Budget budget = work.budget();
        work.run([&] { count_parts(space, guesses, set, counts, budget); });
    } else {
        const Budget& budget = ambient_budget();
        py::gil_scoped_release without_gil;
        count_parts(space, guesses, set, counts, budget);
    }
    return out;
}

py::dict partition(const CodeSpace& space, const std::vector<std::uint32_t>& set,
                   std::uint32_t guess) {
    std::vector<std::uint32_t> sorted = set;
    std::sort(sorted.begin(), sorted.end());
    const auto parts = split_by_feedback(space, sorted, guess);
    py::dict out;
    for (std::size_t i = 0; i < parts.feedback.size(); ++i)
        out[py::cast(space.decode(parts.feedback[i]))] = to_array(parts.part(i));
    return out;
}

py::array_t<bool> membership(const CodeSpace& space, std::span<const std::uint32_t> set,
                             const std::vector<std::uint32_t>& codes) {
    std::vector<std::uint8_t> in(space.size(), 0);
    for (auto c : set) in[c] = 1;
    py::array_t<bool> out(static_cast<py::ssize_t>(codes.size()));
    bool* o = out.mutable_data();
    for (std::size_t i = 0; i < codes.size(); ++i) o[i] = in[codes[i]] != 0;
    return out;
}

std::vector<std::uint32_t> consistent_with(const CodeSpace& space, std::vector<std::uint32_t> set,
                                           std::span<const Guess> history) {
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    for (const auto& g : history) set = narrow(space, set, g.code, g.feedback);
    return set;
}

// A history given as pairs (guess, answer).
std::vector<Guess> read_history(const OrdinaryGame& game, const py::handle& history) {
    std::vector<Guess> out;
    if (history.is_none()) return out;
    if (py::isinstance<py::str>(history))
        throw py::type_error("history is a sequence of (guess, answer) pairs, not a str");
    for (const auto& item : py::iter(history)) {
        const auto pair = py::reinterpret_borrow<py::object>(item);
        if (!py::isinstance<py::sequence>(pair) || py::isinstance<py::str>(pair) ||
            py::len(pair) != 2)
            throw py::value_error(fmt::format("history entry {} is not a (guess, answer) pair",
                                              py::repr(pair).cast<std::string>()));
        out.push_back({game.code(pair[py::int_(0)], "guess"), game.answer(pair[py::int_(1)])});
    }
    return out;
}

py::list history_list(const CodeSpace& space, std::span<const Guess> history) {
    py::list out;
    for (const auto& g : history) out.append(py::make_tuple(g.code, space.decode(g.feedback)));
    return out;
}

// What a Python codebreaker is given: the game, the guesses so far with their answers, the codes
// still possible, and the partitions of those codes by any guess, computed natively.
struct PyPosition {
    GamePtr game;
    std::vector<Guess> history;
    std::vector<std::uint32_t> consistent;  // increasing
};

class PythonBreaker final : public Codebreaker {
  public:
    PythonBreaker(GamePtr game, py::object player, Interruptible& work, Budget budget)
        : game_(std::move(game)), player_(std::move(player)), work_(work), budget_(budget) {}
    ~PythonBreaker() override {
        py::gil_scoped_acquire with_gil;
        player_ = py::object();
    }

    std::uint32_t next(const OrdinaryPosition& position) override {
        py::gil_scoped_acquire with_gil;
        try {
            if (work_.stopped()) throw BudgetExhausted("the evaluation was stopped");
            PyPosition p{game_,
                         {position.history.begin(), position.history.end()},
                         {position.consistent.begin(), position.consistent.end()}};
            // The native work the move asks for (partition_sizes) answers to the run's budget.
            const BudgetScope scope(budget_);
            const py::object guess = next_(py::cast(std::move(p)));
            try {
                return game_->code(guess, "the guess next() returned");
            } catch (py::builtin_exception& e) {
                e.set_error();
                throw py::error_already_set();
            }
        } catch (py::error_already_set& e) {
            work_.fail(std::move(e));
            throw BudgetExhausted("the Python codebreaker raised an exception");
        }
    }

  private:
    py::object next_(const py::object& position) {
        if (py::hasattr(player_, "next")) return player_.attr("next")(position);
        return player_(position);
    }

    GamePtr game_;
    py::object player_;
    Interruptible& work_;
    Budget budget_;  // the run's
};

std::string tree_text(const CodeSpace& space, const DecisionTree& tree) {
    std::ostringstream out;
    write_decision_tree(out, space, tree);
    return out.str();
}

}  // namespace

PyTree PyTree::from(std::shared_ptr<const DecisionTree> tree) {
    OrdinaryParams p;
    p.rules = tree->rules, p.pegs = tree->pegs, p.colours = tree->colours;
    p.distinct = tree->distinct;
    auto game = std::make_shared<const OrdinaryGame>(p);
    if (auto why = tree->mismatch(game->space()); !why.empty()) throw py::value_error(why);
    return {std::move(tree), std::move(game)};
}

std::uint32_t PyTree::node(std::int64_t n) const {
    if (n < 0 || static_cast<std::size_t>(n) >= tree->nodes.size())
        throw py::index_error(fmt::format("node {} of a tree of {} nodes", n, tree->nodes.size()));
    return static_cast<std::uint32_t>(n);
}

namespace {

PyTree read_tree(std::istream& in, const std::string& name) {
    try {
        return PyTree::from(std::make_shared<DecisionTree>(read_decision_tree(in, name)));
    } catch (const std::runtime_error& e) {
        throw py::value_error(e.what());
    }
}

}  // namespace

CodebreakerInfo python_codebreaker(const std::shared_ptr<const OrdinaryGame>& game,
                                   py::object player, Interruptible& work) {
    CodebreakerInfo info;
    info.name = "python";
    info.summary = "a codebreaker written in Python";
    // `make` runs on the walk's threads, without the GIL: the object is shared, its reference
    // taken under the GIL.
    auto shared = std::make_shared<py::object>(std::move(player));
    info.make = [game, shared, &work](
                    const CodeSpace&,
                    const CodebreakerOptions& options) -> std::unique_ptr<Codebreaker> {
        py::gil_scoped_acquire with_gil;
        return std::make_unique<PythonBreaker>(game, *shared, work, options.budget);
    };
    return info;
}

void bind_ordinary(py::module_& m) {
    py::class_<OrdinaryGame, std::shared_ptr<OrdinaryGame>>(
        m, "Ordinary",
        R"(The ordinary game: a secret of `pegs` pegs over `colours` colours (written 0-9, then A-F),
one guess a turn, answered black/white ("classic") or black/grey/white ("adjacent"); a guess that
scores all black wins, at most `max_guesses` guesses. Every value is checked here, as the command
line checks it; a game too large to hold every code (more than 2^26) can still be scored and
judged, and refuses what needs its codes.

Codes are given as their symbols ("0011") or their numbers (0 .. size-1, peg 0 the most
significant digit); arrays of codes are numpy arrays of code numbers.

    >>> game = mastermind.Ordinary(4, 6)
    >>> game.size, game.code(7), game.index("0011")
    (1296, '0011', 7)
)")
        .def(py::init([](const py::int_& pegs, const py::int_& colours, const std::string& rules,
                         const py::int_& max_guesses, bool distinct) {
                 return std::make_shared<OrdinaryGame>(
                     small_int(pegs, "pegs"), small_int(colours, "colours"), rules,
                     small_int(max_guesses, "max_guesses"), distinct);
             }),
             py::arg("pegs") = 4, py::arg("colours") = 6, py::arg("rules") = "classic",
             py::arg("max_guesses") = 10, py::kw_only(), py::arg("distinct") = false)
        .def_static(
            "bulls_and_cows",
            [](const std::string& rules) {
                return std::make_shared<OrdinaryGame>(4, 10, rules, 10, true);
            },
            py::arg("rules") = "classic",
            "Bulls and Cows: 4 pegs, 10 colours, no colour twice in a code (secrets and guesses).")
        .def_property_readonly("pegs", [](const OrdinaryGame& g) { return g.params().pegs; })
        .def_property_readonly("colours", [](const OrdinaryGame& g) { return g.params().colours; })
        .def_property_readonly(
            "rules", [](const OrdinaryGame& g) { return std::string(to_string(g.params().rules)); })
        .def_property_readonly("max_guesses",
                               [](const OrdinaryGame& g) { return g.params().max_guesses; })
        .def_property_readonly(
            "distinct", [](const OrdinaryGame& g) { return g.params().distinct; },
            "Whether codes hold each colour at most once (Bulls and Cows).")
        .def_property_readonly(
            "size", [](const OrdinaryGame& g) { return g.params().code_count(); },
            "The number of codes: colours ** pegs, or colours! / (colours - pegs)! when distinct.")
        .def_property_readonly(
            "summary", [](const OrdinaryGame& g) { return g.description().summary(); },
            "As the command line writes the game: 'ordinary 4x6, 10 guesses, classic rules'.")
        .def_property_readonly(
            "answer_slots", [](const OrdinaryGame& g) { return g.space().feedback_slots(); },
            "The number of answer ids (columns of partition_sizes(); some are not answers).")
        .def("__repr__",
             [](const OrdinaryGame& g) {
                 const auto& p = g.params();
                 return fmt::format("Ordinary(pegs={}, colours={}, rules='{}', max_guesses={}{})",
                                    p.pegs, p.colours, to_string(p.rules), p.max_guesses,
                                    p.distinct ? ", distinct=True" : "");
             })
        .def(
            "__eq__",
            [](const OrdinaryGame& a, const OrdinaryGame& b) { return a.params() == b.params(); },
            py::is_operator())
        .def("__hash__",
             [](const OrdinaryGame& g) {
                 const auto& p = g.params();
                 return py::hash(py::make_tuple(p.pegs, p.colours, static_cast<int>(p.rules),
                                                p.max_guesses, p.distinct));
             })
        .def(
            "codes",
            [](const OrdinaryGame& g) {
                const auto& s = g.space();
                py::array_t<std::uint32_t> out(static_cast<py::ssize_t>(s.size()));
                auto* o = out.mutable_data();
                for (std::uint32_t i = 0; i < s.size(); ++i) o[i] = i;
                return out;
            },
            R"(Every code number, 0 .. size-1, as a uint32 array.

    >>> mastermind.Ordinary(2, 3).codes()
    array([0, 1, 2, 3, 4, 5, 6, 7, 8], dtype=uint32)
)")
        .def(
            "digits",
            [](const OrdinaryGame& g, const CodesArg& codes) {
                const auto& s = g.space();
                const auto list = g.codes(codes);
                py::array_t<std::uint8_t> out(
                    {static_cast<py::ssize_t>(list.size()), static_cast<py::ssize_t>(s.pegs())});
                auto* o = out.mutable_data();
                for (std::size_t i = 0; i < list.size(); ++i)
                    for (int p = 0; p < s.pegs(); ++p)
                        *o++ = static_cast<std::uint8_t>(s.digit(list[i], p));
                return out;
            },
            py::arg("codes") = py::none(),
            "The colours of each code (every code by default): a uint8 array of shape (n, pegs), "
            "for score_array().")
        .def(
            "code",
            [](const OrdinaryGame& g, const CodeArg& code) {
                return g.code_value(code).to_string(kGameSymbols);
            },
            py::arg("code"), "A code's symbols ('0011'), from its number or its symbols (checked).")
        .def(
            "index",
            [](const OrdinaryGame& g, const CodeArg& code) { return g.number(g.code_value(code)); },
            py::arg("code"), "A code's number, from its symbols or its number (checked).")
        .def(
            "score",
            [](const OrdinaryGame& g, const CodeArg& guess, const CodeArg& secret) {
                // The reference scorer: games of any size (the code space's masks need P x K <=
                // 64).
                return score(g.params().rules, g.code_value(secret, "secret"),
                             g.code_value(guess, "guess"));
            },
            py::arg("guess"), py::arg("secret"),
            "The answer to `guess` when the secret is `secret`.")
        .def(
            "answer",
            [](const OrdinaryGame& g, const AnswerArg& answer) {
                return g.space().decode(g.answer(answer));
            },
            py::arg("answer"),
            "An answer as a Score, from a Score, its text ('2 1'; '1 0 2' is black grey white) or "
            "a tuple (checked).")
        .def(
            "answer_id",
            [](const OrdinaryGame& g, const AnswerArg& answer) { return g.answer(answer); },
            py::arg("answer"), "The column of `answer` in partition_sizes().")
        .def(
            "answer_of",
            [](const OrdinaryGame& g, std::uint32_t id) {
                const auto& s = g.space();
                if (id >= s.feedback_slots())
                    throw py::value_error(fmt::format("answer id {}: the game has {} (0 .. {})", id,
                                                      s.feedback_slots(), s.feedback_slots() - 1));
                const Score score = s.decode(id);
                g.answer(
                    py::cast(score));  // an id no answer has is refused as answer_id() refuses it
                return score;
            },
            py::arg("id"), "The Score of column `id` of partition_sizes().")
        .def_property_readonly(
            "win",
            [](const OrdinaryGame& g) {
                return Score{g.params().pegs, 0, 0};
            },
            "The winning answer: every peg black.")
        .def(
            "consistent",
            [](const OrdinaryGame& g, const HistoryArg& history, const CodesArg& codes) {
                const auto h = read_history(g, history);
                return to_array(consistent_with(g.space(), g.codes(codes), h));
            },
            py::arg("history") = py::list(), py::arg("codes") = py::none(),
            R"(The codes (of `codes`, every code by default) that give every answer of `history`, a
sequence of (guess, answer) pairs, in increasing order.

    >>> game.consistent([("0011", "1 1")]).size
    208
)")
        .def(
            "partition",
            [](const OrdinaryGame& g, const CodeArg& guess, const CodesArg& codes) {
                return partition(g.space(), g.codes(codes), g.code(guess, "guess"));
            },
            py::arg("guess"), py::arg("codes") = py::none(),
            R"(`codes` (every code by default) split by their answer to `guess`: a dict from each
answer to its codes.

    >>> mastermind.Ordinary(2, 3).partition("01")[mastermind.Score(0, 1)]
    array([5, 6], dtype=uint32)
)")
        .def(
            "partition_sizes",
            [](const OrdinaryGame& g, const CodesArg& guesses, const CodesArg& codes) {
                return partition_sizes(g.space(), g.codes(guesses, "guesses"), g.codes(codes));
            },
            py::arg("guesses") = py::none(), py::arg("codes") = py::none(),
            R"(How each guess (every code by default) splits `codes` (every code by default): a uint32
array of shape (len(guesses), answer_slots), row g column answer_id(a) the codes answering a to
guesses[g]. Computed natively (in parallel when large), without the GIL.

    >>> game = mastermind.Ordinary(2, 3)
    >>> sizes = game.partition_sizes(["01"])
    >>> int(sizes[0, game.answer_id("1 0")])
    4
)");

    py::class_<PyPosition>(
        m, "Position",
        R"(What a codebreaker written in Python is given at each move: the game, the guesses so far
with their answers, and the codes still possible. Its partition helpers run natively.)")
        .def_property_readonly(
            "game",
            [](const PyPosition& p) { return std::const_pointer_cast<OrdinaryGame>(p.game); })
        .def_property_readonly(
            "history", [](const PyPosition& p) { return history_list(p.game->space(), p.history); },
            "The guesses so far as (code number, Score) pairs.")
        .def_property_readonly(
            "consistent", [](const PyPosition& p) { return to_array(p.consistent); },
            "The codes that fit every answer so far (code numbers, increasing).")
        .def(
            "__len__", [](const PyPosition& p) { return p.consistent.size(); },
            "The number of codes still possible.")
        .def(
            "is_consistent",
            [](const PyPosition& p, const CodesArg& codes) {
                return membership(p.game->space(), p.consistent, p.game->codes(codes));
            },
            py::arg("codes") = py::none(),
            "For each code (every code by default): whether it is still possible (a bool array).")
        .def(
            "partition",
            [](const PyPosition& p, const CodeArg& guess) {
                return partition(p.game->space(), p.consistent, p.game->code(guess, "guess"));
            },
            py::arg("guess"),
            "The codes still possible split by their answer to `guess`: a dict from answer to "
            "codes.")
        .def(
            "partition_sizes",
            [](const PyPosition& p, const CodesArg& guesses) {
                return partition_sizes(p.game->space(), p.game->codes(guesses, "guesses"),
                                       p.consistent);
            },
            py::arg("guesses") = py::none(),
            "Ordinary.partition_sizes() over the codes still possible: shape (len(guesses), "
            "answer_slots).")
        .def("__repr__", [](const PyPosition& p) {
            return fmt::format("<Position after {} guesses, {} codes possible>", p.history.size(),
                               p.consistent.size());
        });

    py::class_<PyTree>(
        m, "DecisionTree",
        R"(A strategy written out as a decision tree (docs/decision-tree.md): the guess at each node
and, for each answer other than all black, the node it leads to. Node 0 is the first guess.
evaluate(..., record_tree=True) records one; evaluate(game, "tree", tree=t) plays one back.)")
        .def_static(
            "read",
            [](const std::filesystem::path& path) {
                // A file that cannot be opened is Python's OSError (FileNotFoundError,
                // IsADirectoryError, PermissionError), with the reason; one that is not a tree
                // a ValueError naming its line.
                std::error_code error;
                errno = 0;
                if (std::filesystem::is_directory(path, error)) errno = EISDIR;
                std::ifstream in;
                if (errno != EISDIR) in.open(path);
                if (!in.is_open()) {
                    if (errno == 0) errno = EIO;
                    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
                    throw py::error_already_set();
                }
                return read_tree(in, path.string());
            },
            py::arg("path"),
            "Reads a tree file (a path or str); ValueError naming the line of the first thing "
            "wrong.")
        .def_static(
            "parse",
            [](const std::string& text) {
                std::istringstream in(text);
                return read_tree(in, "<text>");
            },
            py::arg("text"), "Reads a tree from its text.")
        .def(
            "write",
            [](const PyTree& t, const std::filesystem::path& path) {
                errno = 0;
                std::ofstream out(path);
                if (out) out << tree_text(t.game->space(), *t.tree);
                if (out) out.close();
                if (!out) {
                    if (errno == 0) errno = EIO;
                    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
                    throw py::error_already_set();
                }
            },
            py::arg("path"), "Writes the tree's file (OSError with the reason when it cannot).")
        .def("__repr__",
             [](const PyTree& t) {
                 return fmt::format("<DecisionTree of {}: {} nodes, first guess {}>",
                                    t.game->description().summary(), t.tree->nodes.size(),
                                    t.game->space().to_string(t.tree->nodes.front().guess));
             })
        .def(
            "__eq__",
            [](const PyTree& a, const PyTree& b) {
                return a.game->params() == b.game->params() &&
                       tree_text(a.game->space(), *a.tree) == tree_text(b.game->space(), *b.tree);
            },
            py::is_operator())
        .def("__str__", [](const PyTree& t) { return tree_text(t.game->space(), *t.tree); })
        .def("__len__", [](const PyTree& t) { return t.tree->nodes.size(); })
        .def_property_readonly(
            "game", [](const PyTree& t) { return std::const_pointer_cast<OrdinaryGame>(t.game); })
        .def(
            "guess",
            [](const PyTree& t, std::int64_t node) {
                return t.game->space().to_string(t.tree->nodes[t.node(node)].guess);
            },
            py::arg("node") = 0, "The guess at `node`.")
        .def(
            "children",
            [](const PyTree& t, std::int64_t node) {
                py::dict out;
                for (const auto& [f, child] : t.tree->nodes[t.node(node)].children)
                    out[py::cast(t.game->space().decode(f))] = child;
                return out;
            },
            py::arg("node") = 0, "The nodes below `node`: a dict from answer to node.")
        .def(
            "child",
            [](const PyTree& t, std::int64_t node,
               const AnswerArg& answer) -> std::optional<std::int64_t> {
                const auto c = t.tree->child(t.node(node), t.game->answer(answer));
                if (c < 0) return std::nullopt;
                return c;
            },
            py::arg("node"), py::arg("answer"), "The node after `answer` at `node`, or None.")
        .def(
            "walk",
            [](const PyTree& t, const CodeArg& secret) {
                const auto& s = t.game->space();
                const auto code = t.game->code(secret, "secret");
                py::list moves;
                std::int64_t node = 0;
                for (std::size_t step = 0; step <= t.tree->nodes.size(); ++step) {
                    const auto guess = t.tree->nodes[static_cast<std::size_t>(node)].guess;
                    const auto f = s.feedback(guess, code);
                    moves.append(py::make_tuple(s.to_string(guess), s.decode(f)));
                    if (f == s.win()) return moves;
                    node = t.tree->child(static_cast<std::uint32_t>(node), f);
                    if (node < 0)
                        throw py::value_error(
                            fmt::format("the tree has no move after {} for secret {}",
                                        py::repr(moves).cast<std::string>(), s.to_string(code)));
                }
                throw py::value_error("the tree loops");
            },
            py::arg("secret"),
            "The game the tree plays against `secret`: (guess, answer) pairs up to the win.");

    struct Optimum {
        std::uint64_t total, squares;
        std::string guess;
        int depth;
    };
    py::class_<Optimum>(
        m, "Optimum",
        "An optimal strategy's value at a position: total guesses, sum of squares, its move.")
        .def_readonly("total", &Optimum::total,
                      "The least total number of guesses over the codes still possible.")
        .def_readonly("squares", &Optimum::squares,
                      "Among those strategies, the least sum of squared game lengths.")
        .def_readonly("guess", &Optimum::guess, "The optimal strategy's move.")
        .def_readonly("depth", &Optimum::depth, "The most guesses any of its games then takes.")
        .def("__repr__", [](const Optimum& o) {
            return fmt::format("Optimum(total={}, squares={}, guess='{}', depth={})", o.total,
                               o.squares, o.guess, o.depth);
        });

    m.def(
        "optimal",
        [](const OrdinaryGame& game, const HistoryArg& history, std::optional<int> max_guesses,
           int threads, std::optional<double> seconds,
           const LineProgressArg& progress) -> std::optional<Optimum> {
            if (!progress.is_none() && !PyCallable_Check(progress.value.ptr()))
                throw py::type_error("progress must be callable as progress(line)");
            if (auto why = OptimalSearch::check(game.params().code_count()); !why.empty())
                throw py::value_error(fmt::format("{}: {}", game.description().summary(), why));
            if (threads < 0 || threads > 1024)
                throw py::value_error(fmt::format("threads {}: 0 (every core) .. 1024", threads));
            if (threads == 0)
                threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
            const auto& space = game.space();
            const auto h = read_history(game, history);
            const int limit = max_guesses.value_or(game.params().max_guesses);
            if (limit < 1 || limit > OrdinaryParams::kMaxGuesses)
                throw py::value_error(
                    fmt::format("max_guesses {}: 1 .. {}", limit, OrdinaryParams::kMaxGuesses));
            const int left = limit - static_cast<int>(h.size());
            const auto set = consistent_with(space, game.codes(py::none()), h);
            if (set.empty()) throw py::value_error("no code fits the answers of history");
            for (const auto& g : h) {
                if (g.feedback == space.win())
                    throw py::value_error(fmt::format(
                        "history is already won ({} scored all black)", space.to_string(g.code)));
            }
            if (left < 1) return std::nullopt;
            std::optional<Optimum> result;
            Interruptible work;
            const Budget budget = work.budget(seconds);
            // The search's lines, passed on to Python on its own thread.
            std::mutex lines_mutex;
            std::vector<std::string> lines;
            auto show = [&] {
                std::vector<std::string> now;
                {
                    const std::lock_guard lock(lines_mutex);
                    now.swap(lines);
                }
                for (const auto& line : now) progress.value(line);
            };
            work.run(
                [&] {
                    OptimalSearchOptions options;
                    options.threads = threads;
                    if (!progress.is_none()) {
                        options.progress = [&](const std::string& line) {
                            const std::lock_guard lock(lines_mutex);
                            lines.push_back(line);
                        };
                    }
                    OptimalSearch search(space, options);
                    const auto value = search.solve(h, set, left, budget);
                    if (!value) return;
                    const auto move = search.move(set, left);
                    result = Optimum{value->total, value->squares,
                                     move ? space.to_string(move->guess) : std::string(),
                                     move ? move->depth : 0};
                },
                progress.is_none() ? std::function<void()>() : show);
            if (!progress.is_none()) show();
            return result;
        },
        py::arg("game"), py::arg("history") = py::list(), py::kw_only(),
        py::arg("max_guesses") = py::none(), py::arg("threads") = 1,
        py::arg("seconds") = py::none(), py::arg("progress") = py::none(),
        R"(The exact optimum at the position `history` leaves (docs/optimal.md): the least total number
of guesses over the codes still possible, every game within `max_guesses` (the game's by default)
counted from the start, with its first move; None when some code cannot be found in time.
`threads`: threads for a large set's first level; `seconds`: give up with TimeoutError after
that long; `progress`: called with each line the search writes on how it goes (the command
line's --progress). Ctrl-C stops it.

    >>> mastermind.optimal(mastermind.Ordinary(3, 4))
    Optimum(total=206, squares=690, guess='001', depth=4)
)");
}

}  // namespace mastermind::python
