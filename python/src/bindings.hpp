// What the files of the Python module share: the game objects Python holds, how Python values
// become codes and answers, and how long work runs without the GIL and stops on Ctrl-C.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/code.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/games/description.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/decision_tree.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind::python {

namespace py = pybind11;

// Arguments that take several Python types, passed through as they are and named in signatures
// (help(), the stub _core.pyi) by the types they accept.
#define MASTERMIND_PYTHON_ARGUMENT(Type)                     \
    struct Type {                                            \
        py::object value;                                    \
        operator const py::object&() const { return value; } \
        bool is_none() const { return value.is_none(); }     \
        template <class T>                                   \
        T cast() const {                                     \
            return value.cast<T>();                          \
        }                                                    \
    };
MASTERMIND_PYTHON_ARGUMENT(CodeArg)          // a code: its symbols or its number
MASTERMIND_PYTHON_ARGUMENT(CodesArg)         // codes: an array or a sequence of codes, or None
MASTERMIND_PYTHON_ARGUMENT(AnswerArg)        // an answer: a Score, its text, a tuple
MASTERMIND_PYTHON_ARGUMENT(HistoryArg)       // (guess, answer) pairs
MASTERMIND_PYTHON_ARGUMENT(PegsArg)          // a code of any size: symbols or colour numbers
MASTERMIND_PYTHON_ARGUMENT(GameArg)          // an Ordinary or a Batch
MASTERMIND_PYTHON_ARGUMENT(PlayerArg)        // a built-in player's name, or a Python codebreaker
MASTERMIND_PYTHON_ARGUMENT(SecretArg)        // a code, or None: the seed draws it
MASTERMIND_PYTHON_ARGUMENT(StringsArg)       // a batch test: strings, or one str of them
MASTERMIND_PYTHON_ARGUMENT(ProgressArg)      // progress(done, total), or None
MASTERMIND_PYTHON_ARGUMENT(TreeArg)          // a DecisionTree, or None
MASTERMIND_PYTHON_ARGUMENT(LineProgressArg)  // progress(line), or None
MASTERMIND_PYTHON_ARGUMENT(ArrayArg)         // anything numpy makes an array of
#undef MASTERMIND_PYTHON_ARGUMENT

using CodeArray = py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast>;

// `text` for a message: control characters (a NUL among them) written \xNN, so that the message
// is whole and names what was typed.
std::string escaped(std::string_view text);

// A Python int as a seed (0 .. 2^64-1, as the command line's), or as a small count named `name`;
// ValueError naming the value when it is out of range.
std::uint64_t seed_value(const py::int_& seed);
int small_int(const py::int_& value, const char* name);

// How the module names a game's fields in its messages: as the keyword arguments.
const GameFieldNames& field_names();

// `mastermind.Ordinary`: the ordinary game, validated once by GameDescription, with its code
// space built when first needed (a game too large for it, 8x16, can still be judged and scored).
class OrdinaryGame {
  public:
    OrdinaryGame(int pegs, int colours, const std::string& rules, int max_guesses,
                 bool distinct = false);
    explicit OrdinaryGame(const OrdinaryParams& params);

    const OrdinaryParams& params() const { return params_; }
    const GameDescription& description() const { return description_; }
    // The code space; throws ValueError when the game is too large to hold every code.
    const CodeSpace& space() const;

    // A code given as its symbols ("0011") or its number (0 .. size-1); ValueError otherwise.
    std::uint32_t code(const py::handle& value, const char* what = "code") const;
    // The same without the code space, in a game of any size: the code, and its number.
    Code code_value(const py::handle& value, const char* what = "code") const;
    std::uint64_t number(const Code& code) const;
    // Codes as an array of code numbers (each checked), or every code when `value` is None.
    std::vector<std::uint32_t> codes(const py::handle& value, const char* what = "codes") const;
    // An answer given as a Score, its protocol text ("2 1", "1 0 2") or a tuple in that order.
    std::uint32_t answer(const py::handle& value) const;

  private:
    OrdinaryParams params_;
    GameDescription description_;
    mutable std::once_flag built_;
    mutable std::unique_ptr<CodeSpace> space_;
};

// `mastermind.Batch`: Batch Style Mastermind's parameters, validated once.
class BatchGameSpec {
  public:
    BatchGameSpec(int pegs, int colours, int batch, int max_tests, const std::string& rules);

    const BatchParams& params() const { return description_.batch_params(); }
    const GameDescription& description() const { return description_; }
    // A secret given as its symbols or its index (0 .. size-1); ValueError otherwise.
    std::uint64_t secret(const py::handle& value, const char* what = "secret") const;

  private:
    GameDescription description_;
};

// Long work runs on a thread of its own while the Python thread waits without the GIL, looking
// every 20 ms for a signal: Ctrl-C sets `stop` (which the work's budget watches) and raises
// KeyboardInterrupt once the work has ended. Python called from the work's thread (a codebreaker
// written in Python, a progress callback) takes the GIL itself; an exception it raises stops the
// work the same way and is raised here.
class Interruptible {
  public:
    // The budget to give the work: the stop flag, and `seconds` when given.
    Budget budget(std::optional<double> seconds = std::nullopt) const;
    // Runs `work` (called without the GIL); `tick`, if set, is called with the GIL every wait.
    void run(const std::function<void()>& work, const std::function<void()>& tick = {});
    // On the work's thread, with the GIL: keeps the Python error being raised and stops the work.
    void fail(py::error_already_set&& error);
    bool stopped() const { return stop_.load(); }

  private:
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::optional<py::error_already_set> error_;  // guarded by mutex_
};

// A decision tree with the game it is for.
struct PyTree {
    std::shared_ptr<const DecisionTree> tree;
    std::shared_ptr<const OrdinaryGame> game;

    // The tree with a game of its own sizes and rules (10 guesses).
    static PyTree from(std::shared_ptr<const DecisionTree> tree);
    // `n` as a node of the tree; IndexError otherwise.
    std::uint32_t node(std::int64_t n) const;
};

// A Python object with `next(position)` as a codebreaker of the engine (ordinary.cpp).
CodebreakerInfo python_codebreaker(const std::shared_ptr<const OrdinaryGame>& game,
                                   py::object player, Interruptible& work);

void bind_scoring(py::module_& m);
void bind_ordinary(py::module_& m);
void bind_batch(py::module_& m);
void bind_evaluate(py::module_& m);
void bind_play(py::module_& m);

}  // namespace mastermind::python

namespace pybind11::detail {

#define MASTERMIND_PYTHON_CASTER(Type, text)                                                 \
    template <>                                                                              \
    struct type_caster<mastermind::python::Type> {                                           \
        PYBIND11_TYPE_CASTER(mastermind::python::Type, const_name(text));                    \
        bool load(handle source, bool) {                                                     \
            value.value = reinterpret_borrow<object>(source);                                \
            return true;                                                                     \
        }                                                                                    \
        static handle cast(const mastermind::python::Type& v, return_value_policy, handle) { \
            return v.value.inc_ref();                                                        \
        }                                                                                    \
    };
MASTERMIND_PYTHON_CASTER(CodeArg, "Union[str, int]")
MASTERMIND_PYTHON_CASTER(CodesArg, "Optional[Union[numpy.ndarray, Sequence[Union[str, int]]]]")
MASTERMIND_PYTHON_CASTER(AnswerArg, "Union[Score, str, Tuple[int, ...]]")
MASTERMIND_PYTHON_CASTER(HistoryArg,
                         "Sequence[Tuple[Union[str, int], Union[Score, str, Tuple[int, ...]]]]")
MASTERMIND_PYTHON_CASTER(PegsArg, "Union[str, Sequence[int]]")
MASTERMIND_PYTHON_CASTER(GameArg, "Union[Ordinary, Batch]")
MASTERMIND_PYTHON_CASTER(PlayerArg, "Union[str, Any]")
MASTERMIND_PYTHON_CASTER(SecretArg, "Optional[Union[str, int]]")
MASTERMIND_PYTHON_CASTER(StringsArg, "Union[str, Sequence[str]]")
MASTERMIND_PYTHON_CASTER(ProgressArg, "Optional[Callable[[int, int], None]]")
MASTERMIND_PYTHON_CASTER(TreeArg, "Optional[DecisionTree]")
MASTERMIND_PYTHON_CASTER(LineProgressArg, "Optional[Callable[[str], None]]")
MASTERMIND_PYTHON_CASTER(ArrayArg, "numpy.typing.ArrayLike")
#undef MASTERMIND_PYTHON_CASTER

}  // namespace pybind11::detail
