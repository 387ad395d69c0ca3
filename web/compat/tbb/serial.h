// The part of oneTBB's interface the engine uses, run serially on the calling thread: the
// WebAssembly build (web/, scripts/build-web.sh) has no TBB and no threads, and runs every
// parallel loop of the libraries as a plain loop. Each header of this folder stands in for the
// oneTBB header of its name; only the browser build puts this folder on the include path.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <utility>

namespace tbb {

template <class Value>
class blocked_range {
  public:
    using const_iterator = Value;
    blocked_range(Value begin, Value end, std::size_t /*grain*/ = 1) : begin_(begin), end_(end) {}
    Value begin() const { return begin_; }
    Value end() const { return end_; }
    std::size_t size() const { return static_cast<std::size_t>(end_ - begin_); }
    bool empty() const { return !(begin_ < end_); }

  private:
    Value begin_, end_;
};

template <class Index, class Body>
void parallel_for(Index first, Index last, const Body& body) {
    for (Index i = first; i < last; ++i) body(i);
}

template <class Value, class Body>
void parallel_for(const blocked_range<Value>& range, const Body& body) {
    if (!range.empty()) body(range);
}

template <class Value, class Result, class Body, class Reduction>
Result parallel_reduce(const blocked_range<Value>& range, const Result& identity, const Body& body,
                       const Reduction& /*reduction*/) {
    return range.empty() ? identity : body(range, identity);
}

// One thread, so one copy, made on first use.
template <class T>
class enumerable_thread_specific {
  public:
    enumerable_thread_specific() : make_([] { return T(); }) {}
    explicit enumerable_thread_specific(const T& exemplar) : make_([exemplar] { return exemplar; }) {}
    template <class Make, class = decltype(T(std::declval<Make&>()()))>
    explicit enumerable_thread_specific(Make make) : make_(std::move(make)) {}

    T& local() {
        if (!value_) value_.emplace(make_());
        return *value_;
    }
    std::size_t size() const { return value_ ? 1 : 0; }
    T* begin() { return value_ ? &*value_ : nullptr; }
    T* end() { return value_ ? &*value_ + 1 : nullptr; }
    const T* begin() const { return value_ ? &*value_ : nullptr; }
    const T* end() const { return value_ ? &*value_ + 1 : nullptr; }

  private:
    std::function<T()> make_;
    std::optional<T> value_;
};

class global_control {
  public:
    enum parameter { max_allowed_parallelism, thread_stack_size };
    global_control(parameter, std::size_t) {}
};

class task_arena {
  public:
    static constexpr int automatic = -1;
    explicit task_arena(int = automatic) {}
    template <class F>
    auto execute(F&& f) {
        return std::forward<F>(f)();
    }
};

namespace info {
inline int default_concurrency() { return 1; }
}  // namespace info

}  // namespace tbb
