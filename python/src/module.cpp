// The Python module `mastermind._core` (re-exported by the package `mastermind`): the module
// itself, the errors, how long work runs, the game objects and scoring. docs/python.md is the
// manual.
#include <Python.h>

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "bindings.hpp"
#include "mastermind/batch/game.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/core/code.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/engine/inconsistent_answers.hpp"
#include "mastermind/version.hpp"

namespace mastermind::python {

std::string escaped(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            out += fmt::format("\\x{:02x}", u);
        } else {
            out += c;
        }
    }
    return out;
}

std::uint64_t seed_value(const py::int_& seed) {
    if (seed < py::int_(0) || seed > py::int_(UINT64_MAX))
        throw py::value_error(
            fmt::format("seed {}: 0 .. 2^64-1", py::str(py::handle(seed)).cast<std::string>()));
    return seed.cast<std::uint64_t>();
}

int small_int(const py::int_& value, const char* name) {
    if (value < py::int_(-(1 << 30)) || value > py::int_(1 << 30))
        throw py::value_error(fmt::format("{} {} is out of range", name,
                                          py::str(py::handle(value)).cast<std::string>()));
    return value.cast<int>();
}

const GameFieldNames& field_names() {
    static const GameFieldNames names{"game",  "rules",     "pegs",        "colours",
                                      "batch", "max_tests", "max_guesses", "distinct"};
    return names;
}

namespace {

GameDescription describe(GameRequest request) {
    std::string why;
    auto game = GameDescription::make(request, why, field_names());
    if (!game) throw py::value_error(escaped(why));
    return *game;
}

std::string type_name(const py::handle& value) {
    return py::str(py::type::handle_of(value).attr("__name__"));
}

// An integer array as int64: an unsigned value past int64's range is refused by its own value
// (not wrapped to a negative one).
py::array_t<std::int64_t> as_int64(const py::array& a, const char* what, const char* noun) {
    if (a.dtype().kind() == 'u') {
        const auto u =
            py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(a);
        for (py::ssize_t i = 0; i < u.size(); ++i) {
            if (u.data()[i] > static_cast<std::uint64_t>(INT64_MAX))
                throw py::value_error(
                    fmt::format("{}: {} {} is out of range", what, noun, u.data()[i]));
        }
    }
    return py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
}

// An int, a numpy integer or anything else with __index__ (not a bool), or nothing.
std::optional<py::int_> as_int(const py::handle& value) {
    if (py::isinstance<py::bool_>(value)) return std::nullopt;
    const auto n = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!n) {
        PyErr_Clear();
        return std::nullopt;
    }
    return py::reinterpret_borrow<py::int_>(n);
}

}  // namespace

OrdinaryGame::OrdinaryGame(int pegs, int colours, const std::string& rules, int max_guesses,
                           bool distinct)
    : description_(
          describe({"ordinary", rules, pegs, colours, std::nullopt, max_guesses, distinct})) {
    params_ = description_.ordinary_params();
}

OrdinaryGame::OrdinaryGame(const OrdinaryParams& params)
    : OrdinaryGame(params.pegs, params.colours, std::string(to_string(params.rules)),
                   params.max_guesses, params.distinct) {}

const CodeSpace& OrdinaryGame::space() const {
    if (auto why = CodeSpace::check(params_.shape()); !why.empty())
        throw py::value_error(fmt::format("{}: {}", description_.summary(), why));
    std::call_once(built_,
                   [&] { space_ = std::make_unique<CodeSpace>(params_.rules, params_.shape()); });
    return *space_;
}

Code OrdinaryGame::code_value(const py::handle& value, const char* what) const {
    const auto& p = params_;
    if (py::isinstance<py::str>(value)) {
        const auto text = value.cast<std::string>();
        if (auto c = parse_game_code(text, p.shape())) return *c;
        throw py::value_error(fmt::format("{} '{}' {}", what, escaped(text),
                                          escaped(describe_bad_game_code(text, p.shape()))));
    }
    if (py::isinstance<py::bool_>(value) ||
        !(py::isinstance<py::int_>(value) || py::hasattr(value, "__index__")))
        throw py::type_error(
            fmt::format("{} must be a str or an int (got {})", what, type_name(value)));
    const auto big = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!big) {
        PyErr_Clear();
        throw py::type_error(
            fmt::format("{} must be a str or an int (got {})", what, type_name(value)));
    }
    const auto n = py::reinterpret_borrow<py::int_>(big);
    if (n < py::int_(0) || n >= py::int_(p.code_count()))
        throw py::value_error(fmt::format("{} {} is not a code number of {} (0 .. {})", what,
                                          py::str(value).cast<std::string>(),
                                          description_.summary(), p.code_count() - 1));
    return game_code_from_index(n.cast<std::uint64_t>(), p.shape());
}

std::uint64_t OrdinaryGame::number(const Code& code) const {
    return *params_.shape().number(code.pegs());
}

std::uint32_t OrdinaryGame::code(const py::handle& value, const char* what) const {
    space();  // a game too large for the code space is refused first
    return static_cast<std::uint32_t>(number(code_value(value, what)));
}

std::vector<std::uint32_t> OrdinaryGame::codes(const py::handle& value, const char* what) const {
    const CodeSpace& s = space();
    std::vector<std::uint32_t> out;
    if (value.is_none()) {
        out.resize(s.size());
        for (std::uint32_t i = 0; i < s.size(); ++i) out[i] = i;
        return out;
    }
    if (py::isinstance<py::str>(value))
        throw py::type_error(fmt::format("{} must be a sequence of codes, not one str", what));
    if (py::isinstance<py::array>(value)) {
        const auto a = py::reinterpret_borrow<py::array>(value);
        if (a.ndim() != 1)
            throw py::value_error(
                fmt::format("{} must be one-dimensional (got {} dimensions)", what, a.ndim()));
        if (a.dtype().kind() != 'i' && a.dtype().kind() != 'u')
            throw py::type_error(fmt::format("{} must hold integer code numbers (got dtype {})",
                                             what, py::str(a.dtype()).cast<std::string>()));
        const auto wide = as_int64(a, what, "code number");
        const auto view = wide.unchecked<1>();
        out.reserve(static_cast<std::size_t>(view.shape(0)));
        for (py::ssize_t i = 0; i < view.shape(0); ++i) {
            const std::int64_t n = view(i);
            if (n < 0 || static_cast<std::uint64_t>(n) >= s.size())
                throw py::value_error(
                    fmt::format("{}[{}] = {} is not a code number of {} (0 .. {})", what, i, n,
                                description_.summary(), s.size() - 1));
            out.push_back(static_cast<std::uint32_t>(n));
        }
        return out;
    }
    for (const auto& item : py::iter(value)) out.push_back(code(item, what));
    return out;
}

std::uint32_t OrdinaryGame::answer(const py::handle& value) const {
    const CodeSpace& s = space();
    const bool classic = params_.rules == Rules::classic;
    Score score;
    if (py::isinstance<Score>(value)) {
        score = value.cast<Score>();
    } else {
        std::vector<int> parts;
        if (py::isinstance<py::str>(value)) {
            std::istringstream in(value.cast<std::string>());
            std::string word;
            while (in >> word) {
                try {
                    std::size_t used = 0;
                    parts.push_back(std::stoi(word, &used));
                    if (used != word.size()) throw std::invalid_argument(word);
                } catch (const std::exception&) {
                    throw py::value_error(fmt::format("answer '{}': '{}' is not a count",
                                                      escaped(value.cast<std::string>()),
                                                      escaped(word)));
                }
            }
        } else if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
            for (const auto& item : value) {
                const auto n = as_int(item);
                if (!n)
                    throw py::type_error(fmt::format("answer {}: counts are ints",
                                                     py::repr(value).cast<std::string>()));
                parts.push_back(small_int(*n, "answer count"));
            }
        } else {
            throw py::type_error(fmt::format(
                "an answer is a Score, a str ('2 1') or a tuple (got {})", type_name(value)));
        }
        const std::size_t want = classic ? 2 : 3;
        if (parts.size() != want)
            throw py::value_error(fmt::format(
                "answer {}: {} rules answer {} counts ({})", py::repr(value).cast<std::string>(),
                to_string(params_.rules), want, classic ? "black white" : "black grey white"));
        score = classic ? Score{parts[0], 0, parts[1]} : Score{parts[0], parts[1], parts[2]};
    }
    const int pegs = params_.pegs;
    if (score.black < 0 || score.grey < 0 || score.white < 0 ||
        score.black + score.grey + score.white > pegs || (classic && score.grey != 0))
        throw py::value_error(fmt::format("answer {} is not an answer of {}",
                                          py::repr(value).cast<std::string>(),
                                          description_.summary()));
    // Under either rules P-1 black pegs leave one peg, which cannot match anything else.
    if (score.black == pegs - 1 && score.grey + score.white == 1)
        throw py::value_error(fmt::format("answer {} is not an answer of {}",
                                          py::repr(value).cast<std::string>(),
                                          description_.summary()));
    const auto id = s.encode(score);
    if (id >= s.feedback_slots() || !(s.decode(id) == score))
        throw py::value_error(fmt::format("answer {} is not an answer of {}",
                                          py::repr(value).cast<std::string>(),
                                          description_.summary()));
    return id;
}

BatchGameSpec::BatchGameSpec(int pegs, int colours, int batch, int max_tests,
                             const std::string& rules)
    : description_(describe({"batch", rules, pegs, colours, batch, max_tests})) {}

std::uint64_t BatchGameSpec::secret(const py::handle& value, const char* what) const {
    const auto& p = params();
    if (py::isinstance<py::str>(value)) {
        const auto text = value.cast<std::string>();
        if (const auto c = PackedCode::parse(text, p)) return c->index(p);
        throw py::value_error(
            fmt::format("{} '{}' {}", what, escaped(text), escaped(describe_bad_code(text, p))));
    }
    if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
        throw py::type_error(
            fmt::format("{} must be a str or an int (got {})", what, type_name(value)));
    const auto n = value.cast<py::int_>();
    if (n < py::int_(0) || n >= py::int_(p.secret_count()))
        throw py::value_error(fmt::format("{} {} is not a secret index of {} (0 .. {})", what,
                                          py::str(value).cast<std::string>(),
                                          description_.summary(), p.secret_count() - 1));
    return n.cast<std::uint64_t>();
}

Budget Interruptible::budget(std::optional<double> seconds) const {
    if (seconds) {
        if (!(*seconds > 0) || *seconds > 1e9)
            throw py::value_error(
                fmt::format("seconds {} must be above 0 (and at most 1e9)", *seconds));
        return Budget::of_seconds(*seconds, &stop_);
    }
    return Budget::until(stop_);
}

void Interruptible::fail(py::error_already_set&& error) {
    {
        const std::lock_guard lock(mutex_);
        if (!error_) error_.emplace(std::move(error));
    }
    stop_ = true;
}

void Interruptible::run(const std::function<void()>& work, const std::function<void()>& tick) {
    std::exception_ptr failure;
    std::mutex done_mutex;
    std::condition_variable done_signal;
    bool done = false;
    {
        py::gil_scoped_release without_gil;
        std::thread worker([&] {
            try {
                work();
            } catch (...) {
                failure = std::current_exception();
            }
            const std::lock_guard lock(done_mutex);
            done = true;
            done_signal.notify_all();
        });
        std::unique_lock lock(done_mutex);
        while (!done) {
            done_signal.wait_for(lock, std::chrono::milliseconds(20));
            if (done) break;
            lock.unlock();
            {
                py::gil_scoped_acquire with_gil;
                if (!stopped()) {
                    try {
                        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                        if (tick) tick();
                    } catch (py::error_already_set& e) {
                        fail(std::move(e));
                    }
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    {
        const std::lock_guard lock(mutex_);
        if (error_) {
            auto e = std::move(*error_);
            error_.reset();
            throw e;
        }
    }
    if (failure) std::rethrow_exception(failure);
}

void bind_scoring(py::module_& m) {
    py::class_<Score>(
        m, "Score",
        R"(An answer: black (right colour, right place), grey (adjacent rules: right colour on a
neighbouring peg) and white (right colour elsewhere). Under classic rules grey is 0.

    >>> mastermind.Score(2, 1)             # 2 black, 1 white
    Score(black=2, white=1, grey=0)
)")
        .def(py::init([](const py::object& b, const py::object& w, const py::object& g) {
                 auto count = [](const py::object& v, const char* name) {
                     const auto n = as_int(v);  // an int or a numpy integer
                     if (!n)
                         throw py::type_error(
                             fmt::format("{} must be an int (got {})", name, type_name(v)));
                     return small_int(*n, name);
                 };
                 const int black = count(b, "black"), white = count(w, "white"),
                           grey = count(g, "grey");
                 if (black < 0 || white < 0 || grey < 0)
                     throw py::value_error(fmt::format(
                         "Score({}, {}, grey={}): counts are never negative", black, white, grey));
                 return Score{black, grey, white};
             }),
             py::arg("black"), py::arg("white"), py::kw_only(), py::arg("grey") = 0)
        .def_readonly("black", &Score::black)
        .def_readonly("white", &Score::white)
        .def_readonly("grey", &Score::grey)
        .def(
            "__eq__", [](const Score& a, const Score& b) { return a == b; }, py::is_operator())
        .def(
            "__lt__",
            [](const Score& a, const Score& b) {
                return std::tie(a.black, a.white, a.grey) < std::tie(b.black, b.white, b.grey);
            },
            py::is_operator())
        .def("__iter__",
             [](const Score& s) { return py::iter(py::make_tuple(s.black, s.white, s.grey)); })
        .def("__hash__",
             [](const Score& s) { return py::hash(py::make_tuple(s.black, s.grey, s.white)); })
        .def("__repr__",
             [](const Score& s) {
                 return fmt::format("Score(black={}, white={}, grey={})", s.black, s.white, s.grey);
             })
        .def(py::pickle([](const Score& s) { return py::make_tuple(s.black, s.white, s.grey); },
                        [](const py::tuple& t) {
                            return Score{t[0].cast<int>(), t[2].cast<int>(), t[1].cast<int>()};
                        }));

    m.def(
        "score",
        [](const PegsArg& target, const PegsArg& guess, const std::string& rules) {
            const auto r = parse_rules(rules);
            if (!r)
                throw py::value_error(
                    fmt::format("rules '{}': classic or adjacent", escaped(rules)));
            auto pegs_of = [](const py::handle& v, const char* what) {
                std::vector<std::uint8_t> pegs;
                if (py::isinstance<py::str>(v)) {
                    const auto text = v.cast<std::string>();
                    for (char c : text) {
                        const int colour = Alphabet::digits().colour_of(c);
                        if (colour < 0)
                            throw py::value_error(
                                fmt::format("{} '{}': '{}' is not a colour (0-9, then A-F)", what,
                                            escaped(text), escaped(std::string_view(&c, 1))));
                        pegs.push_back(static_cast<std::uint8_t>(colour));
                    }
                } else {
                    for (const auto& item : py::iter(v)) {
                        const auto n = as_int(item);
                        if (!n)
                            throw py::type_error(fmt::format("{}: colours are ints (got {})", what,
                                                             type_name(item)));
                        const int colour = small_int(*n, "colour");
                        if (colour < 0 || colour >= kMaxColours)
                            throw py::value_error(fmt::format("{}: colour {} is outside 0 .. {}",
                                                              what, colour, kMaxColours - 1));
                        pegs.push_back(static_cast<std::uint8_t>(colour));
                    }
                }
                if (pegs.empty() || pegs.size() > static_cast<std::size_t>(kMaxPegs))
                    throw py::value_error(
                        fmt::format("{} has {} pegs (1 .. {})", what, pegs.size(), kMaxPegs));
                return pegs;
            };
            const auto t = pegs_of(target, "target"), g = pegs_of(guess, "guess");
            if (t.size() != g.size())
                throw py::value_error(
                    fmt::format("target has {} pegs, guess {}", t.size(), g.size()));
            return score(*r, t, g);
        },
        py::arg("target"), py::arg("guess"), py::arg("rules") = "classic",
        R"(The answer to `guess` when the secret is `target`, under `rules` ("classic" or "adjacent").
A code is a str of colour symbols (0-9, then A-F) or a sequence of colour numbers (0 .. 25), of at
most 64 pegs; both the same length.

    >>> mastermind.score("1123", "1312")
    Score(black=1, white=3, grey=0)
    >>> mastermind.score("1123", "1312", rules="adjacent")
    Score(black=1, white=1, grey=2)
)");

    m.def(
        "score_array",
        [](const ArrayArg& target_array, const ArrayArg& guess_array, const std::string& rules) {
            const auto r = parse_rules(rules);
            if (!r)
                throw py::value_error(
                    fmt::format("rules '{}': classic or adjacent", escaped(rules)));
            // Colours checked as they are given (an int64 of 257 or a float of 1.9 is refused,
            // not wrapped or truncated), then held as bytes.
            auto colours_of = [](const py::object& given, const char* what) {
                const auto a = py::array::ensure(given);
                if (!a) {
                    PyErr_Clear();
                    throw py::type_error(
                        fmt::format("{} must be an array of colour numbers", what));
                }
                const char kind = a.dtype().kind();
                if (a.size() > 0 && kind != 'i' && kind != 'u')
                    throw py::type_error(
                        fmt::format("{} must hold integer colour numbers (got dtype {})", what,
                                    py::str(a.dtype()).cast<std::string>()));
                if (a.ndim() < 1 || a.ndim() > 2)
                    throw py::value_error(fmt::format(
                        "{} is an array of shape (n, pegs) or (pegs,), not {} dimensions", what,
                        a.ndim()));
                const auto wide = as_int64(a, what, "colour");
                if (!wide) throw py::error_already_set();
                py::array_t<std::uint8_t> bytes(
                    std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
                const std::int64_t* in = wide.data();
                std::uint8_t* out = bytes.mutable_data();
                for (py::ssize_t i = 0; i < wide.size(); ++i) {
                    if (in[i] < 0 || in[i] >= kMaxColours)
                        throw py::value_error(fmt::format("{}: colour {} is outside 0 .. {}", what,
                                                          in[i], kMaxColours - 1));
                    out[i] = static_cast<std::uint8_t>(in[i]);
                }
                return bytes;
            };
            const auto targets = colours_of(target_array, "targets");
            const auto guesses = colours_of(guess_array, "guesses");
            const auto pegs = targets.shape(targets.ndim() - 1);
            if (guesses.shape(guesses.ndim() - 1) != pegs)
                throw py::value_error(fmt::format("targets have {} pegs, guesses {}", pegs,
                                                  guesses.shape(guesses.ndim() - 1)));
            if (pegs < 1 || pegs > kMaxPegs)
                throw py::value_error(fmt::format("{} pegs (1 .. {})", pegs, kMaxPegs));
            const py::ssize_t nt = targets.ndim() == 2 ? targets.shape(0) : 1;
            const py::ssize_t ng = guesses.ndim() == 2 ? guesses.shape(0) : 1;
            if (nt != ng && nt != 1 && ng != 1)
                throw py::value_error(fmt::format(
                    "{} targets against {} guesses: give as many, or one of either", nt, ng));
            // One row against n (n may be 0), or n against n.
            const py::ssize_t n = nt == 1 ? ng : nt;
            const std::uint8_t* t = targets.data();
            const std::uint8_t* g = guesses.data();
            py::array_t<std::int32_t> out({n, py::ssize_t{3}});
            auto o = out.mutable_unchecked<2>();
            {
                py::gil_scoped_release without_gil;
                const auto p = static_cast<std::size_t>(pegs);
                for (py::ssize_t i = 0; i < n; ++i) {
                    const std::span<const std::uint8_t> ti(
                        t + (nt == 1 ? 0 : static_cast<std::size_t>(i) * p), p);
                    const std::span<const std::uint8_t> gi(
                        g + (ng == 1 ? 0 : static_cast<std::size_t>(i) * p), p);
                    const Score s = score(*r, ti, gi);
                    o(i, 0) = s.black;
                    o(i, 1) = s.white;
                    o(i, 2) = s.grey;
                }
            }
            return out;
        },
        py::arg("targets"), py::arg("guesses"), py::arg("rules") = "classic",
        R"(score() over arrays of codes: `targets` and `guesses` of shape (n, pegs) (or one of them
(pegs,), scored against every row of the other) of colour numbers. Returns an int32 array of
shape (n, 3): black, white, grey of each row.

    >>> mastermind.score_array(numpy.array([[1, 1, 2, 3], [0, 0, 0, 0]]), numpy.array([1, 3, 1, 2]))
    array([[1, 3, 0],
           [0, 0, 0]], dtype=int32)
)");
}

}  // namespace mastermind::python

PYBIND11_MODULE(_core, m) {
    namespace py = pybind11;
    using namespace mastermind::python;
    m.doc() =
        "The engine of mastermind (docs/python.md): games, scoring, codebreakers, evaluation.";
    m.attr("__version__") = std::string(mastermind::version());
    // The engine's errors as Python's: a budget spent is a TimeoutError, answers no code fits a
    // ValueError, std::invalid_argument a ValueError. Every message is decoded with bad bytes
    // escaped and kept whole past a NUL: a code typed with 'é' or '\0' is named, not lost.
    py::register_exception_translator([](std::exception_ptr p) {
        auto raise = [](PyObject* type, const char* what) {
            const auto text = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
                what, static_cast<Py_ssize_t>(std::strlen(what)), "backslashreplace"));
            PyErr_SetObject(type, text.ptr());
        };
        try {
            if (p) std::rethrow_exception(p);
        } catch (const mastermind::BudgetExhausted& e) {
            raise(PyExc_TimeoutError, e.what());
        } catch (const mastermind::InconsistentAnswers& e) {
            raise(PyExc_ValueError, e.what());
        } catch (const py::value_error& e) {
            raise(PyExc_ValueError, e.what());
        } catch (const py::type_error& e) {
            raise(PyExc_TypeError, e.what());
        } catch (const py::index_error& e) {
            raise(PyExc_IndexError, e.what());
        } catch (const std::invalid_argument& e) {
            raise(PyExc_ValueError, e.what());
        }
    });
    bind_scoring(m);
    bind_ordinary(m);
    bind_batch(m);
    bind_evaluate(m);
    bind_play(m);
}
