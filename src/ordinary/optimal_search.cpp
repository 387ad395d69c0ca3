#include "mastermind/ordinary/optimal_search.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "mastermind/core/hash.hpp"
#include "mastermind/core/text.hpp"
#include "ordinary/guess_symmetry.hpp"
#include "ordinary/optimal_value.hpp"
#include "ordinary/small_scan.hpp"

namespace mastermind {

namespace {

// Sets up to this size are searched in two phases (search()).
constexpr std::uint32_t kTwoPhaseSet = 64;

using optimal_value::kInfinite;
using optimal_value::Value;
using optimal_value::value_of;

// The table's key: two independent hashes of the members (in order) and the guesses left, of 64
// and 63 bits; b's top bit is always set, so that b == 0 marks an empty slot of the table.
struct Key {
    std::uint64_t a, b;
    bool operator==(const Key&) const = default;
};

Key key_of(std::span<const std::uint32_t> set, int guesses_left) {
    std::uint64_t a = 0x243f6a8885a308d3ULL ^ static_cast<std::uint64_t>(guesses_left);
    std::uint64_t b = 0x13198a2e03707344ULL + set.size();
    for (auto c : set) {
        a = mix64(a + c);
        b = (b + (c ^ 0x5bd1e995u)) * 0x9fb21c651e98df25ULL;
        b ^= b >> 32;
    }
    return {a, mix64(b) | std::uint64_t{1} << 63};
}

// What the table knows of a set: its exact value with the guess and depth that reach it, or a
// proven lower bound.
struct Entry {
    Value value = 0;
    std::uint32_t guess = 0;
    std::uint8_t exact = 0;
    std::uint8_t depth = 0;
};

// The transposition table, shared by every thread of a search: striped, each stripe under its
// own lock, so that threads rarely wait on each other and a set one thread has solved is a hit
// for the others (separate tables made two threads do nearly twice the work of one). Each stripe
// is an open-addressing map (linear probing in one array, grown at 70% load): millions of entries
// cost one allocation, not one each, and a lookup reads one or two cache lines. The key's two
// hashes are independent: one picks the stripe, the other the slot.
class Table {
  public:
    std::optional<Entry> find(const Key& key) {
        Stripe& s = stripe(key);
        const std::lock_guard lock(s.mutex);
        const Slot* slot = s.find(key);
        if (!slot) return std::nullopt;
        return slot->entry;
    }
    // Starts reading the slot where `key` would be, for a find() soon after (a hint: the
    // stripe is read without its lock, and a stale slot costs nothing but the hint).
    void prefetch(const Key& key) const {
        const Stripe& s = stripes_[key.b & (kStripes - 1)];
        const Slot* slots = s.data.load(std::memory_order_relaxed);
        const std::size_t mask = s.mask.load(std::memory_order_relaxed);
        if (slots) __builtin_prefetch(slots + (static_cast<std::size_t>(key.a) & mask));
    }
    // Records the exact value of a set and the guess that reaches it.
    void solved(const Key& key, const Entry& entry) {
        Stripe& s = stripe(key);
        const std::lock_guard lock(s.mutex);
        s.slot(key).entry = entry;
    }
    // Records a proven lower bound, unless the value is already known.
    void at_least(const Key& key, Value lower) {
        Stripe& s = stripe(key);
        const std::lock_guard lock(s.mutex);
        Entry& e = s.slot(key).entry;
        if (!e.exact) e.value = std::max(e.value, lower);
    }
    std::size_t size() {
        std::size_t n = 0;
        for (auto& s : stripes_) {
            const std::lock_guard lock(s.mutex);
            n += s.count;
        }
        return n;
    }

  private:
    struct Slot {
        Key key{0, 0};  // b == 0: empty
        Entry entry;
        bool used() const { return key.b != 0; }
    };
    struct Stripe {
        std::mutex mutex;
        std::vector<Slot> slots;  // a power of two, or empty
        // slots.data() and size - 1, for prefetch() without the lock.
        std::atomic<const Slot*> data{nullptr};
        std::atomic<std::size_t> mask{0};
        std::size_t count = 0;

        std::size_t home(const Key& key) const {
            return static_cast<std::size_t>(key.a) & (slots.size() - 1);
        }
        const Slot* find(const Key& key) const {
            if (slots.empty()) return nullptr;
            for (std::size_t i = home(key);; i = (i + 1) & (slots.size() - 1)) {
                const Slot& slot = slots[i];
                if (!slot.used()) return nullptr;
                if (slot.key == key) return &slot;
            }
        }
        // The slot of `key`, added (with a default entry) if it is not there.
        Slot& slot(const Key& key) {
            if ((count + 1) * 10 > slots.size() * 7) grow();
            for (std::size_t i = home(key);; i = (i + 1) & (slots.size() - 1)) {
                Slot& slot = slots[i];
                if (slot.key == key) return slot;
                if (!slot.used()) {
                    slot.key = key, slot.entry = Entry{};
                    ++count;
                    return slot;
                }
            }
        }
        void grow() {
            std::vector<Slot> old = std::move(slots);
            slots.assign(old.empty() ? 64 : old.size() * 2, Slot{});
            data.store(slots.data(), std::memory_order_relaxed);
            mask.store(slots.size() - 1, std::memory_order_relaxed);
            for (const Slot& o : old) {
                if (!o.used()) continue;
                std::size_t i = home(o.key);
                while (slots[i].used()) i = (i + 1) & (slots.size() - 1);
                slots[i] = o;
            }
        }
    };
    static constexpr std::size_t kStripes = 64;  // a power of two
    Stripe& stripe(const Key& key) { return stripes_[key.b & (kStripes - 1)]; }
    std::array<Stripe, kStripes> stripes_;
};

// A permutation of the positions (peg i moves to position to[i]) with a permutation of the
// colours of the guesses so far (colour c becomes colour[c]) that maps each of those guesses to
// itself, and so the consistent set to itself.
struct Symmetry {
    std::array<std::uint8_t, CodeSpace::kMaxPegs> to{};
    std::array<std::int8_t, CodeSpace::kMaxColours> colour{};
};

// A symmetry as least_under() applies it within one scan: peg j of a guess's image is
// colour[the guess's digit at from[j]], where a colour of kRelabel or above is free (or, for
// distinct codes, absent from the set) and takes the lowest label of its kind not yet taken, in
// the order the image meets them.
constexpr std::uint8_t kRelabel = 64;
struct SymmetryMap {
    std::array<std::uint8_t, CodeSpace::kMaxPegs> from{};
    std::array<std::uint8_t, CodeSpace::kMaxColours> colour{};
};

struct Candidate {
    Value bound;  // admissible lower bound on the value with this guess
    std::uint32_t code;
    bool consistent;
};

// A guess at the top of a search on threads: the candidate, its place in the `before` order (of
// two guesses with the same value the one placed first is kept, however they are tried) and the
// lower bound it is tried by and cut at.
struct Tried {
    Candidate guess;
    std::size_t rank;
    Value bound;
};

// Whether a progress line is due at `now`: none was let through within `every` of it (`last` at
// the epoch: none yet). Marks it let through.
bool line_due(std::chrono::steady_clock::time_point& last,
              std::chrono::steady_clock::duration every,
              std::chrono::steady_clock::time_point now) {
    if (last != std::chrono::steady_clock::time_point{} && now - last < every) return false;
    last = now;
    return true;
}

// No progress lines while it lives, the callback given back when it ends, by an exception too
// (a budget that runs out): around a bound computed as a step of something else.
struct Quiet {
    OptimalSearchOptions& options;
    decltype(options.progress) progress = std::exchange(options.progress, nullptr);
    ~Quiet() { options.progress = std::move(progress); }
};

// The progress of a solve after some guesses (the walk of a strategy asks one per position
// whose move is not known yet: hundreds after a fixed first guess) while it lives: a line every
// 10 s at most over all such solves, each saying which position it is of and the time since
// the first of them began, instead of every line of every solve. The callback is given back
// when it ends.
struct Sparse {
    using Clock = std::chrono::steady_clock;
    // When a line was last let through and when the first such solve began (both kept by the
    // search across its solves; the epoch: not yet).
    struct Times {
        Clock::time_point last_line, first_began;
    };
    OptimalSearchOptions& options;
    decltype(options.progress) progress;
    Sparse(OptimalSearchOptions& o, Times& times, std::string where)
        : options(o), progress(std::move(o.progress)) {
        if (!progress) return;
        if (times.first_began == Clock::time_point{}) times.first_began = Clock::now();
        options.progress = [report = progress, &times,
                            where = std::move(where)](const std::string& line) {
            const auto now = Clock::now();
            if (!line_due(times.last_line, std::chrono::seconds(10), now)) return;
            // "optimal: ...; 1.7 s" (this solve's time) -> "optimal: after G answered A: ...;
            // 1.7 s here, 10.1 s in all".
            constexpr std::string_view kPrefix = "optimal: ";
            const std::string_view text = line;
            if (!text.starts_with(kPrefix)) return report(line);
            report(fmt::format("{}after {}: {} here, {:.1f} s in all", kPrefix, where,
                               text.substr(kPrefix.size()),
                               std::chrono::duration<double>(now - times.first_began).count()));
        };
    }
    Sparse(const Sparse&) = delete;
    Sparse& operator=(const Sparse&) = delete;
    ~Sparse() { options.progress = std::move(progress); }
};

// The canonical guesses of a position, grouped by colour-count class.
struct GuessList {
    struct Group {
        std::uint32_t count_class, begin, end;
    };
    std::vector<std::uint32_t> codes;
    std::vector<Group> groups;
};

// The order candidates are tried in: the least bound first, then a consistent guess, then the
// lower code. As a heap's comparison: whether `a` comes after `b`. (A function object, so that
// the heap's loops inline it.)
constexpr auto worse = [](const Candidate& a, const Candidate& b) {
    if (a.bound != b.bound) return a.bound > b.bound;
    if (a.consistent != b.consistent) return b.consistent;
    return a.code > b.code;
};

// The same order for a sort: `a` is tried before `b`.
constexpr auto before = [](const Candidate& a, const Candidate& b) { return worse(b, a); };

struct Part {
    std::uint32_t feedback;
    std::uint32_t begin, end;
    std::uint32_t size() const { return end - begin; }
};

// What one level of the search keeps while its children are searched.
struct Frame {
    std::vector<CodeMasks> masks;
    std::vector<Candidate> candidates;
    std::vector<Symmetry> symmetries;
    std::vector<std::uint32_t> feedback;  // of each member, for the guess being tried
    std::vector<std::uint32_t> members;   // the members part by part
    std::vector<Part> parts;
    // The members' colour counts, each once with how many members have them (load()): all that
    // class_info() needs, often far shorter than the members.
    struct Kind {
        std::uint64_t counts;
        std::uint32_t members;
    };
    std::vector<Kind> kinds;
    std::uint32_t stamp = 0;  // load(): which set class_seen's entries of this level are of
    // The most parts other than the winning one that a guess can split any subset of the set
    // into, as scan() found it: what the children's searches may assume.
    std::uint32_t child_branch = 0;
};

struct Result {
    Value value;         // exact when below the search's beta, else a lower bound
    std::uint8_t depth;  // guesses of the longest game, when exact
};

}  // namespace

OptimalSearch::Fill OptimalSearch::fill_bound(std::uint64_t n, std::uint64_t branching) {
    // Level 1 finds at most one secret (the guess itself), and each node of a level has at most
    // `branching` children: the secrets found at level L each took L guesses.
    Fill fill;
    std::uint64_t found_here = 1;
    for (std::uint64_t remaining = n; remaining > 0;) {
        ++fill.levels;
        const std::uint64_t found = std::min(remaining, found_here);
        const auto level = static_cast<std::uint64_t>(fill.levels);
        fill.total += found * level;
        fill.squares += found * level * level;
        fill.deepest = found;
        remaining -= found;
        found_here = std::min<std::uint64_t>(found_here * std::max<std::uint64_t>(branching, 1),
                                             std::uint64_t{1} << 40);
    }
    return fill;
}

struct OptimalSearch::Impl {
    const CodeSpace& space;
    OptimalSearchOptions options;
    // The budget of the solve() under way (never null during one), asked every kBudgetNodes sets.
    const Budget* budget = nullptr;
    static constexpr std::uint64_t kBudgetNodes = 256;
    optimal_value::Measure measure;        // the objective's arithmetic (options.fewest_at_limit)
    std::uint32_t branching = 1;           // answers other than all black one guess can get
    std::vector<Value> fill;               // [n]: the value of the complete fill (fill_bound)
    std::vector<std::uint8_t> fill_depth;  // [n]: the levels that fill needs
    std::vector<std::uint32_t> fill_deepest;  // [n]: the secrets on its last level
    std::shared_ptr<Table> table;          // one for the search's threads
    std::deque<Frame>
        frames;  // a deque: a level's frame stays where it is while deeper ones are added
    std::vector<std::uint32_t> history;  // the guesses from the start of the game
    std::vector<std::uint32_t> counts;   // by feedback id, zero between uses
    std::vector<std::uint32_t> touched;
    std::vector<std::uint64_t> touched_words;   // bit f: part f has members (scan)
    std::vector<Value> bounds;                  // scan: measure.lift(bound()) of each part size
    std::vector<SymmetryMap> maps;              // scan: the frame's symmetries for its set
    std::vector<Value> steps;                   // scan: bounds[m + 1] - bounds[m]
    std::vector<std::uint32_t> member_answers;  // scan: the feedback of each member
    small_scan::Members small_set;              // scan: a small set's masks for the kernel
    std::vector<std::uint64_t> set_positions, set_counts;  // scan: a larger set's, for answers()
    small_scan::Game small_game;                // and what its answers need of the game
    std::vector<std::uint8_t> in_set;
    std::unordered_map<std::uint64_t, GuessList> canonical_lists;
    std::vector<std::uint32_t> class_seen;  // [count class]: load()'s stamp class_value is of
    std::vector<Value> class_value;
    std::vector<std::uint32_t> class_parts;         // [count class]: answer_bound() of the class
    std::vector<std::uint32_t> kind_seen, kind_of;  // [count class]: load()'s stamp and kind
    std::vector<std::uint32_t> classes_by_colours;  // answer_bound()'s order of the classes
    std::vector<Value> sum_split;  // [c * sum_split_limit + m]: even_split(m, answers with sum c)
    std::uint32_t sum_split_limit = 0;
    std::array<std::uint32_t, CodeSpace::kMaxPegs + 1> sum_answers{};  // answers_with_sum(c)
    // class_info()'s counts of members by sum for a set of fewer than 2^kSumField members,
    // packed in fields of this many bits (the sums 0 to kMaxPegs in 64 bits).
    static constexpr std::uint32_t kSumField = 64 / (CodeSpace::kMaxPegs + 1);
    std::uint32_t class_stamp = 0;
    OptimalSearchStats stats;
    std::chrono::steady_clock::time_point started, last_report;
    std::chrono::steady_clock::time_point last_top_line;  // report()'s last line (epoch: none yet)
    Sparse::Times sparse_times;  // the progress of the solves after some guesses

    Impl(const CodeSpace& s, OptimalSearchOptions o, std::shared_ptr<Table> t)
        : space(s),
          options(std::move(o)),
          measure(options.fewest_at_limit),
          table(std::move(t)),
          counts(s.feedback_slots(), 0),
          touched_words((s.feedback_slots() + 63) / 64, 0),
          small_game(small_scan::game_of(s.rules() == Rules::adjacent, s.pegs(), s.colours())),
          in_set(s.size(), 0) {
        if (options.order_levels == 0)
            options.order_levels = s.rules() == Rules::classic || s.colours() > s.pegs() ? 2 : 1;
        touched.reserve(s.feedback_slots());
        class_seen.assign(s.count_classes(), 0);
        class_value.assign(s.count_classes(), 0);
        class_parts.assign(s.count_classes(), 0);
        kind_seen.assign(s.count_classes(), 0);
        kind_of.assign(s.count_classes(), 0);
        classes_by_colours.resize(s.count_classes());
        std::iota(classes_by_colours.begin(), classes_by_colours.end(), 0u);
        const auto colours_of = [&](std::uint32_t cls) {
            int k = 0;
            for (int c = 0; c < s.colours(); ++c)
                k += (s.class_counts(cls) >> (c * s.pegs()) & 1) ? 1 : 0;
            return k;
        };
        std::stable_sort(
            classes_by_colours.begin(), classes_by_colours.end(),
            [&](std::uint32_t a, std::uint32_t b) { return colours_of(a) > colours_of(b); });
        branching = static_cast<std::uint32_t>(achievable_answers() - 1);
        fill.resize(std::size_t{s.size()} + 1);
        fill_depth.resize(std::size_t{s.size()} + 1);
        fill_deepest.resize(std::size_t{s.size()} + 1);
        for (std::uint32_t n = 0; n <= s.size(); ++n) {
            const auto f = fill_bound(n, branching);
            // Without a limit: no game at it (bound() adds them for the limit asked).
            fill[n] = measure.at_limit() ? f.total : value_of(f.total, f.squares);
            fill_depth[n] = static_cast<std::uint8_t>(std::min(f.levels, 255));
            fill_deepest[n] = static_cast<std::uint32_t>(f.deepest);
        }
        // class_info's even splits, looked up for every sum c and part size below the limit.
        sum_split_limit = std::min<std::uint32_t>(s.size() + 1, 4096);
        sum_split.resize(std::size_t{sum_split_limit} * static_cast<std::size_t>(s.pegs() + 1));
        for (std::uint32_t c = 0; c <= static_cast<std::uint32_t>(s.pegs()); ++c) {
            sum_answers[c] = answers_with_sum(c);
            for (std::uint32_t m = 1; m < sum_split_limit; ++m) {
                sum_split[c * sum_split_limit + m] = even_split(m, std::min(m, sum_answers[c]));
            }
        }
    }

    // Distinct answers a guess can get in this game (the all-black one included): those of one
    // guess of each colour pattern against every code.
    std::uint64_t achievable_answers() {
        if (space.size() > 65536) {
            // Scoring a guess of each pattern against every code would take minutes: count every
            // (b, w) or (b, g, w) summing to at most P instead, less (P-1, 1) under classic rules.
            const auto p = static_cast<std::uint64_t>(space.pegs());
            return space.rules() == Rules::classic ? (p + 1) * (p + 2) / 2 - (p >= 1 ? 1 : 0)
                                                   : (p + 1) * (p + 2) * (p + 3) / 6;
        }
        std::vector<std::uint8_t> seen(space.feedback_slots(), 0);
        const std::uint32_t all = (1u << space.colours()) - 1;
        codebreakers::for_each_canonical_guess(space, all, 0, [&](std::uint32_t g) {
            for (std::uint32_t s = 0; s < space.size(); ++s) seen[space.feedback(g, s)] = 1;
            return true;
        });
        return static_cast<std::uint64_t>(std::count(seen.begin(), seen.end(), 1));
    }

    // A lower bound on the total of a guess outside the set: all n secrets need a second guess
    // and are split into at most `branch` parts (the set's, at most the game's `branching`), at
    // best evenly (the fill is convex).
    Value outside_floor(std::uint32_t n, std::uint32_t branch) const {
        return even_split(n, std::min({n, branch, branching}));
    }

    // The least value of n secrets split into `parts` parts, each one guess deeper: the parts as
    // even as they can be (the fill is convex).
    Value even_split(std::uint32_t n, std::uint32_t parts) const {
        const std::uint32_t small = n / parts, large = n % parts;
        return (large ? large * measure.lift(fill[small + 1], small + 1) : 0) +
               (parts - large) * measure.lift(fill[small], small);
    }

    // The canonical guesses for the colours present in the set and used so far
    // (guess_symmetry.hpp), listed once for each pair: few pairs occur, and the listing costs more
    // than scoring small sets. They come grouped by colour-count class, in code order inside a
    // group.
    const GuessList& canonical_guesses(std::uint32_t present, std::uint32_t used) {
        auto& list = canonical_lists[std::uint64_t{present} << 32 | used];
        if (list.codes.empty()) {
            codebreakers::for_each_canonical_guess(space, present, used, [&](std::uint32_t g) {
                list.codes.push_back(g);
                return true;
            });
            std::stable_sort(list.codes.begin(), list.codes.end(),
                             [&](std::uint32_t a, std::uint32_t b) {
                                 return space.count_class(a) < space.count_class(b);
                             });
            for (std::uint32_t i = 0; i < list.codes.size(); ++i) {
                const std::uint32_t cls = space.count_class(list.codes[i]);
                if (list.groups.empty() || list.groups.back().count_class != cls)
                    list.groups.push_back({cls, i, i});
                list.groups.back().end = i + 1;
            }
        }
        return list;
    }

    // The members of `set` in `f` (their masks), with a new stamp for class_info()'s cache.
    void load(Frame& f, std::span<const std::uint32_t> set) {
        f.masks.resize(set.size());
        f.kinds.clear();
        f.stamp = ++class_stamp;
        for (std::size_t i = 0; i < set.size(); ++i) {
            f.masks[i] = space.masks(set[i]);
            const std::uint32_t cls = space.count_class(set[i]);
            if (kind_seen[cls] != f.stamp) {
                kind_seen[cls] = f.stamp;
                kind_of[cls] = static_cast<std::uint32_t>(f.kinds.size());
                f.kinds.push_back({f.masks[i].counts, 0});
            }
            ++f.kinds[kind_of[cls]].members;
        }
    }

    // What the colour counts of class `cls` tell of every guess with them: black + white (+ grey)
    // against each secret depends on the counts alone, so the secrets with a common sum c split
    // into at most as many parts as there are answers with that sum. Hence a bound on the number
    // of parts other than the winning one (class_parts) and, for a guess outside the set, on its
    // value: those parts at best even (class_value). Computed once per class and set (f.stamp).
    struct ClassInfo {
        Value value;
        std::uint32_t parts;
    };
    [[gnu::always_inline]] ClassInfo class_info(const Frame& f, std::uint32_t cls) {
        if (class_seen[cls] == f.stamp) return {class_value[cls], class_parts[cls]};
        class_seen[cls] = f.stamp;
        const std::uint64_t u = space.class_counts(cls);
        const auto pegs = static_cast<std::uint32_t>(space.pegs());
        if (const std::size_t n = f.masks.size(); n < sum_split_limit && n < (1u << kSumField)) {
            // The usual set, small: every sum's count fits a field of one 64-bit accumulator,
            // and every even split is in the table (sum_split[c][0] is 0), so no branch, and no
            // chain of stores and loads through a counter in memory when kinds share a sum.
            std::uint64_t by_sum = 0;
            for (const auto& kind : f.kinds) {
                by_sum += std::uint64_t{kind.members}
                          << (kSumField * static_cast<std::uint32_t>(
                                              __builtin_popcountll(u & kind.counts)));
            }
            Value total = 0;
            std::uint32_t parts = 0;
            for (std::uint32_t c = 0; c <= pegs; ++c, by_sum >>= kSumField) {
                const auto m = static_cast<std::uint32_t>(by_sum) & ((1u << kSumField) - 1);
                parts += std::min(m, sum_answers[c]);
                total += sum_split[c * sum_split_limit + m];
            }
            class_value[cls] = total;
            class_parts[cls] = parts;
            return {total, parts};
        }
        std::uint32_t by_sum[CodeSpace::kMaxPegs + 1] = {};
        for (const auto& kind : f.kinds)
            by_sum[__builtin_popcountll(u & kind.counts)] += kind.members;
        Value total = 0;
        std::uint32_t parts = 0;
        for (std::uint32_t c = 0; c <= pegs; ++c) {
            const std::uint32_t m = by_sum[c];
            if (m == 0) continue;
            const std::uint32_t answers = std::min(m, sum_answers[c]);
            parts += answers;
            total +=
                m < sum_split_limit ? sum_split[c * sum_split_limit + m] : even_split(m, answers);
        }
        class_value[cls] = total;
        class_parts[cls] = parts;
        return {total, parts};
    }

    // The most parts other than the winning one that any guess splits the set loaded in `f` into
    // (class_info() over every class), or `branch` if some class reaches it: no guess at the set
    // or below it does better, so the admissible bound of the set and of its parts may use it in
    // place of `branch`. The classes of the most colours come first: they tell apart the most
    // sums, so a set that gains nothing is found out after a few.
    std::uint32_t answer_bound(const Frame& f, std::uint32_t branch) {
        std::uint32_t most = 1;
        for (const std::uint32_t cls : classes_by_colours) {
            most = std::max(most, class_info(f, cls).parts);
            if (most >= branch) return branch;
        }
        return most;
    }

    // Answers with black + white (+ grey) = c other than all black; with c = P, black is not P - 1
    // either.
    std::uint32_t answers_with_sum(std::uint32_t c) const {
        const auto pegs = static_cast<std::uint32_t>(space.pegs());
        std::uint32_t answers = space.rules() == Rules::classic ? c + 1 : (c + 1) * (c + 2) / 2;
        if (c == pegs) answers -= space.rules() == Rules::classic ? 2 : 3;
        return std::max(answers, 1u);
    }

    // The answer to guess `g` of secret `s`, the rules known when compiling (the hot loops).
    template <Rules R>
    std::uint32_t feedback(const CodeMasks& g, const CodeMasks& s) const {
        return R == Rules::classic ? space.classic_feedback(g, s) : space.adjacent_feedback(g, s);
    }

    // Whether every part of `guess` has at most two secrets (then the bound is its exact total).
    bool small_parts(std::uint32_t guess, const Frame& f, std::uint32_t n) {
        const CodeMasks gm = space.masks(guess);
        bool small = true;
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t fb = space.feedback(gm, f.masks[i]);
            if (counts[fb]++ == 0) touched.push_back(fb);
            small = small && counts[fb] <= 2;
        }
        for (auto fb : touched) counts[fb] = 0;
        touched.clear();
        return small;
    }

    Value bound(std::uint32_t n, int guesses_left) const {
        if (fill_depth[n] > guesses_left) return kInfinite;
        if (measure.at_limit() && fill_depth[n] == guesses_left && guesses_left != kUnbounded)
            return fill[n] | Value{fill_deepest[n]} << 32;
        return fill[n];
    }
    // The same bound when no guess splits the set into more than `branch` parts besides the
    // winning one.
    Value bound(std::uint32_t n, int guesses_left, std::uint32_t branch) const {
        if (branch >= branching) return bound(n, guesses_left);
        Fill f = fill_bound(n, branch);
        f.levels = std::min(f.levels, 255);
        return measure.fill(f, guesses_left);
    }

    Frame& frame(std::size_t level) {
        if (frames.size() <= level) frames.resize(level + 1);
        return frames[level];
    }

    // The symmetries of the guesses so far. Level 0 starts from every permutation of the
    // positions under classic rules (8! = 40,320 for 8 pegs: the root's few canonical guesses are
    // checked against them once, and each guess keeps few) and from the reversal under adjacent
    // rules, the one permutation that keeps every pair of neighbours neighbours (black, the
    // maximum grey matching and so white are the same for the reversed guess and secret);
    // deeper levels keep those of the level above that also fix its guess.
    // options.position_symmetry off: none (the tests' reference).
    void symmetries_for(std::size_t level) {
        auto& out = frames[level].symmetries;
        out.clear();
        if (!options.position_symmetry) return;
        const int pegs = space.pegs();
        std::vector<Symmetry> start;
        std::span<const std::uint32_t> fix;
        if (level == 0) {
            Symmetry s;
            s.colour.fill(-1);
            if (space.rules() != Rules::classic) {
                for (int i = 0; i < pegs; ++i)
                    s.to[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(pegs - 1 - i);
                start.push_back(s);
            }
            std::uint32_t taken = 0;
            auto permute = [&](auto&& self, int at) -> void {
                if (at == pegs) {
                    start.push_back(s);
                    return;
                }
                for (int v = 0; v < pegs; ++v) {
                    if (taken >> v & 1) continue;
                    taken |= 1u << v;
                    s.to[static_cast<std::size_t>(at)] = static_cast<std::uint8_t>(v);
                    self(self, at + 1);
                    taken &= ~(1u << v);
                }
            };
            if (space.rules() == Rules::classic) permute(permute, 0);
            fix = history;
        } else {
            start = frames[level - 1].symmetries;
            fix = std::span<const std::uint32_t>(history).last(1);
        }
        for (auto s : start) {
            bool ok = true;
            for (auto h : fix) {
                for (int i = 0; i < pegs && ok; ++i) {
                    const int c = space.digit(h, i),
                              image = space.digit(h, s.to[static_cast<std::size_t>(i)]);
                    if (s.colour[static_cast<std::size_t>(c)] == -1) {
                        for (int other = 0; other < space.colours(); ++other) {
                            if (s.colour[static_cast<std::size_t>(other)] == image) ok = false;
                        }
                        s.colour[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(image);
                    } else if (s.colour[static_cast<std::size_t>(c)] != image) {
                        ok = false;
                    }
                }
            }
            bool identity = true;
            for (int i = 0; i < pegs; ++i)
                identity = identity && s.to[static_cast<std::size_t>(i)] == i;
            if (ok && !identity) out.push_back(s);
        }
    }

    // The maps of `symmetries` for a set whose absent colours are `zero` and whose free colours
    // still present are `free_live`.
    void symmetry_maps(const std::vector<Symmetry>& symmetries, std::uint32_t zero,
                       std::uint32_t free_live, std::vector<SymmetryMap>& out) const {
        const int pegs = space.pegs(), k = space.colours();
        const int z0 = zero ? __builtin_ctz(zero) : -1;
        out.resize(symmetries.size());
        for (std::size_t i = 0; i < symmetries.size(); ++i) {
            const Symmetry& s = symmetries[i];
            SymmetryMap& m = out[i];
            for (int p = 0; p < pegs; ++p)
                m.from[s.to[static_cast<std::size_t>(p)]] = static_cast<std::uint8_t>(p);
            for (int c = 0; c < k; ++c) {
                int mapped;
                if (zero >> c & 1)
                    mapped = space.distinct() ? kRelabel + c : z0;
                else if (free_live >> c & 1)
                    mapped = kRelabel + c;
                else
                    mapped = s.colour[static_cast<std::size_t>(c)];
                m.colour[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(mapped);
            }
        }
    }

    // Whether `guess` (canonical for its colours) is the least code of its class under the
    // position symmetries too: its image under each map, built peg by peg, is compared with it
    // as it is built, so that most maps are decided at the first peg or two.
    bool least_under(const std::vector<SymmetryMap>& images, std::uint32_t guess,
                     std::uint32_t zero, std::uint32_t free_live) const {
        const int pegs = space.pegs();
        const std::uint8_t* digits = space.digits(guess).data();
        for (const auto& m : images) {
            std::uint32_t pending_free = free_live, pending_zero = zero, labelled = 0;
            std::uint8_t label_of[CodeSpace::kMaxColours];
            for (int j = 0; j < pegs; ++j) {
                const std::uint8_t c = digits[m.from[static_cast<std::size_t>(j)]];
                std::uint8_t image = m.colour[c];
                if (image >= kRelabel) {
                    if (labelled >> c & 1) {
                        image = label_of[c];
                    } else {
                        std::uint32_t& pending = (zero >> c & 1) ? pending_zero : pending_free;
                        image = static_cast<std::uint8_t>(__builtin_ctz(pending));
                        pending &= pending - 1;
                        label_of[c] = image;
                        labelled |= 1u << c;
                    }
                }
                if (image != digits[j]) {
                    if (image < digits[j]) return false;
                    break;
                }
            }
        }
        return true;
    }

    enum class Guesses { consistent, outside, all };

    // Scores the canonical guesses of kind `which` against `set` (loaded in `f`) and keeps, in
    // `f.candidates` sorted best first, those whose bound is below `beta`, the parts bounded with
    // `branch`. Returns the least bound of the ones it dropped. Sets `settled` when it
    // finds a guess proven optimal: that one alone is kept. Sets f.child_branch: the most parts a
    // guess made, when every guess was scored or ruled out by its class, else `branch`.
    template <Rules R>
    Value scan(Frame& f, std::span<const std::uint32_t> set, int child_left, Value beta,
               Value floor, Guesses which, bool& settled, std::uint32_t branch) {
        const auto n = static_cast<std::uint32_t>(set.size());
        std::uint64_t present_counts = 0;
        for (std::uint32_t i = 0; i < n; ++i) present_counts |= f.masks[i].counts;
        f.child_branch = branch;
        std::uint32_t most_parts = 0;
        const int pegs = space.pegs(), k = space.colours();
        std::uint32_t present = 0, used = 0;
        for (int c = 0; c < k; ++c) {
            if (present_counts >> (c * pegs) & ((std::uint64_t{1} << pegs) - 1)) present |= 1u << c;
        }
        for (auto h : history) {
            for (auto d : space.digits(h)) used |= 1u << d;
        }
        const std::uint32_t all = (1u << k) - 1;
        const std::uint32_t zero = all & ~present, free_live = all & ~used & present;
        symmetry_maps(f.symmetries, zero, free_live, maps);
        const std::uint32_t win = space.win();
        // A consistent guess wins one game at once, with the guesses left at this set.
        const Value wins_now = measure.win(child_left == kUnbounded ? child_left : child_left + 1);
        f.candidates.clear();
        Value dropped = kInfinite, best_consistent = kInfinite;
        settled = false;
        // The bound of each part size for the children's guesses left, looked up below.
        bounds.resize(std::size_t{n} + 1);
        for (std::uint32_t m = 0; m <= n; ++m)
            bounds[m] = m == 0 ? 0 : measure.lift(bound(m, child_left, branch), m);
        const Value* part_bound = bounds.data();
        // With every part size's bound finite (no limit on the guesses, or one these sizes
        // cannot reach) the sum can be kept member by member (steps) without overflowing.
        const bool incremental = bounds[n] < kInfinite;
        // (The vector kernel reads small_scan::kMaxMembers steps whatever n is.)
        steps.assign(std::max<std::size_t>(std::size_t{n} + 1, small_scan::kMaxMembers), 0);
        // Room for the vector answers' last register (small_scan::answers).
        member_answers.resize((std::size_t{n} + small_scan::kAnswersBlock - 1) /
                              small_scan::kAnswersBlock * small_scan::kAnswersBlock);
        if (incremental) {
            for (std::uint32_t m = 0; m < n; ++m) steps[m] = bounds[m + 1] - bounds[m];
        }
        // A small set is scored by the vector kernel (small_scan.hpp), its members' masks laid
        // out as it reads them.
        const bool vector = incremental && n <= small_scan::kMaxMembers && options.vector_scan &&
                            small_scan::supported();
        if (vector) {
            for (std::uint32_t i = 0; i < n; ++i) {
                small_set.positions[i] = f.masks[i].positions;
                small_set.counts[i] = f.masks[i].counts;
            }
        }
        // A larger set's answers come from the same kernel, eight members a register, and are
        // then counted one by one.
        const bool vector_answers =
            incremental && !vector && options.vector_scan && small_scan::supported();
        if (vector_answers) {
            set_positions.assign(member_answers.size(), 0);
            set_counts.assign(member_answers.size(), 0);
            for (std::uint32_t i = 0; i < n; ++i) {
                set_positions[i] = f.masks[i].positions;
                set_counts[i] = f.masks[i].counts;
            }
        }
        const Value* step = steps.data();
        std::uint32_t* answer = member_answers.data();
        std::uint32_t* count = counts.data();
        const CodeMasks* member = f.masks.data();
        const std::uint32_t words = static_cast<std::uint32_t>(touched_words.size());
        std::uint64_t* touched_bits = touched_words.data();
        auto consider = [&](std::uint32_t g, bool consistent) {
            if (!maps.empty() && !least_under(maps, g, zero, free_live)) return true;
            ++stats.guesses_scored;
            const CodeMasks gm = space.masks(g);
            Value sum = 0;
            std::uint32_t parts = 0, largest = 0;
            if (vector) {
                const auto r =
                    small_scan::score(small_game, small_set, n, gm.positions, gm.counts, step);
                sum = r.sum, parts = r.parts, largest = r.largest;
                // The secret the guess wins at once is a game of one guess, not a part.
                if (consistent) sum = sum - step[0] + wins_now;
            } else if (incremental) {
                // The bound summed as the members are counted: each member adds the step from its
                // part's size so far to one more, and no pass over the parts is needed after.
                const auto add = [&](std::uint32_t fb) {
                    const std::uint32_t before = count[fb]++;
                    sum += step[before];
                    parts += before == 0 ? 1 : 0;
                    largest = std::max(largest, before + 1);
                };
                if (vector_answers) {
                    small_scan::answers(small_game, set_positions.data(), set_counts.data(), n,
                                        gm.positions, gm.counts, answer);
                    for (std::uint32_t i = 0; i < n; ++i) add(answer[i]);
                } else {
                    for (std::uint32_t i = 0; i < n; ++i) {
                        const std::uint32_t fb = feedback<R>(gm, member[i]);
                        answer[i] = fb;
                        add(fb);
                    }
                }
                for (std::uint32_t i = 0; i < n; ++i) count[answer[i]] = 0;
                // The secret the guess wins at once is a game of one guess, not a part.
                if (consistent) sum = sum - step[0] + wins_now;
            } else {
                // Counting without branches: the parts met are bits of touched_bits.
                for (std::uint32_t i = 0; i < n; ++i) {
                    const std::uint32_t fb = feedback<R>(gm, member[i]);
                    ++count[fb];
                    touched_bits[fb >> 6] |= std::uint64_t{1} << (fb & 63);
                }
                count[win] = 0;
                touched_bits[win >> 6] &= ~(std::uint64_t{1} << (win & 63));
                // The secret the guess wins at once (a game of one guess); every other game takes
                // this guess and then its part's (lift).
                sum = consistent ? wins_now : 0;
                for (std::uint32_t w = 0; w < words; ++w) {
                    for (std::uint64_t bits = touched_bits[w]; bits; bits &= bits - 1) {
                        const std::uint32_t fb =
                            w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits));
                        const std::uint32_t m = count[fb];
                        count[fb] = 0;
                        sum += part_bound[m];
                        largest = std::max(largest, m);
                        ++parts;
                    }
                    touched_bits[w] = 0;
                }
            }
            const Value total = std::min(sum, kInfinite);
            // In `incremental`, the secret the guess wins at once was counted as a part.
            most_parts = std::max(most_parts, incremental && consistent ? parts - 1 : parts);
            const bool small = largest <= 2;
            const bool useful = consistent || parts > 1;
            if (!useful) return true;
            if (total >= beta) {
                dropped = std::min(dropped, total);
                return true;
            }
            if (small && total <= floor) {
                // Parts of one or two are solved exactly by the bound, and no guess beats the
                // floor: this guess is optimal.
                f.candidates.assign(1, Candidate{total, g, consistent});
                settled = true;
                return false;
            }
            f.candidates.push_back({total, g, consistent});
            if (consistent) best_consistent = std::min(best_consistent, total);
            return true;
        };
        for (auto s : set) {
            if (which == Guesses::outside) break;
            if (!codebreakers::is_canonical_guess(space, present, used, s)) continue;
            if (!consider(s, true)) break;
        }
        if (!settled && which != Guesses::outside) {
            // No guess outside the set does better than splitting all n secrets evenly, so once
            // a consistent guess whose parts are all solved by the bound reaches that, it is
            // optimal.
            floor = std::max(floor, std::min(best_consistent, outside_floor(n, branch)));
            const Candidate* settle = nullptr;
            for (const auto& c : f.candidates) {
                if (c.bound <= floor && small_parts(c.code, f, n) &&
                    (!settle || c.code < settle->code))
                    settle = &c;
            }
            if (settle) {
                f.candidates.assign(1, *settle);
                settled = true;
            }
        }
        if (!settled && which != Guesses::consistent) {
            for (auto s : set) in_set[s] = 1;
            const auto& guesses = canonical_guesses(present, used);
            for (const auto& group : guesses.groups) {
                // Guesses with the same colour counts share a bound (class_info): most classes
                // are ruled out without scoring their guesses.
                if (const auto info = class_info(f, group.count_class); info.value >= beta) {
                    dropped = std::min(dropped, info.value);
                    most_parts = std::max(most_parts, info.parts);
                    continue;
                }
                bool go_on = true;
                for (std::uint32_t i = group.begin; i < group.end && go_on; ++i) {
                    const std::uint32_t g = guesses.codes[i];
                    if (!in_set[g]) go_on = consider(g, false);
                }
                if (!go_on) break;
            }
            for (auto s : set) in_set[s] = 0;
            if (!settled && which == Guesses::all) f.child_branch = std::min(branch, most_parts);
        }
        // Best first by popping a heap: most candidates are never reached, so a full sort is waste.
        std::make_heap(f.candidates.begin(), f.candidates.end(), worse);
        return dropped;
    }

    // Splits `set` by the answers to `guess` into f.members / f.parts, the smallest part first.
    template <Rules R>
    void split(Frame& f, std::span<const std::uint32_t> set, std::uint32_t guess) {
        const auto n = static_cast<std::uint32_t>(set.size());
        f.feedback.resize(n);
        f.members.resize(n);
        const CodeMasks gm = space.masks(guess);
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t fb = feedback<R>(gm, f.masks[i]);
            f.feedback[i] = fb;
            if (counts[fb]++ == 0) touched.push_back(fb);
        }
        std::sort(touched.begin(), touched.end());
        f.parts.clear();
        std::uint32_t begin = 0;
        for (auto fb : touched) {
            f.parts.push_back({fb, begin, begin});
            begin += counts[fb];
            counts[fb] = f.parts.back().begin;  // now the next free slot of the part
        }
        for (std::uint32_t i = 0; i < n; ++i) f.members[counts[f.feedback[i]]++] = set[i];
        for (auto& p : f.parts) {
            p.end = counts[p.feedback];
            counts[p.feedback] = 0;
        }
        touched.clear();
        // Smallest first, stable (few parts: insertion sort, no buffer).
        for (std::size_t i = 1; i < f.parts.size(); ++i) {
            const Part p = f.parts[i];
            std::size_t j = i;
            for (; j > 0 && f.parts[j - 1].size() > p.size(); --j) f.parts[j] = f.parts[j - 1];
            f.parts[j] = p;
        }
    }

    // The value of `set` with `left` guesses, exact when below `beta`, else a lower bound; no
    // guess splits it, or any subset, into more than `branch` parts besides the winning one.
    template <Rules R>
    Result search(std::size_t level, std::span<const std::uint32_t> set, int left, Value beta,
                  std::uint32_t branch, const Key* known_key = nullptr) {
        const auto n = static_cast<std::uint32_t>(set.size());
        if (n == 1) return {measure.win(left), 1};
        if (n == 2) return left >= 2 ? Result{measure.pair(left), 2} : Result{kInfinite, 0};
        Value floor = bound(n, left, branch);
        if (floor >= beta) return {floor, 0};
        const Key key = known_key ? *known_key : key_of(set, left);
        if (const auto known = table->find(key)) {
            ++stats.table_hits;
            if (known->exact) return {known->value, known->depth};
            floor = std::max(floor, known->value);
            if (floor >= beta) return {floor, 0};
        }
        if ((++stats.nodes % kBudgetNodes) == 0) budget->check("the exact search");
        frame(level);
        symmetries_for(level);
        Frame& f = frames[level];
        load(f, set);
        // A set larger than a complete split can take is bounded by the parts its guesses can
        // make (answer_bound), which may be fewer than the game's.
        if (n > branch + 1 && n >= options.answer_bound_from) {
            branch = answer_bound(f, branch);
            floor = std::max(floor, bound(n, left, branch));
            if (floor >= beta) {
                table->at_least(key, floor);
                return {floor, 0};
            }
        }
        const int child_left = left == kUnbounded ? left : left - 1;
        // Small sets are searched in two phases: the consistent guesses first, then the others
        // only if the best so far is above what any of them could reach (outside_floor).
        const bool two_phase = n <= kTwoPhaseSet;
        bool settled = false;
        Value proven = scan<R>(f, set, child_left, beta, floor,
                               two_phase ? Guesses::consistent : Guesses::all, settled, branch);
        Value best = beta;
        std::uint32_t best_guess = 0;
        std::uint8_t best_depth = 0;
        bool found = false;
        auto try_candidates = [&] {
            auto& candidates = f.candidates;
            const std::size_t count = candidates.size();
            for (std::size_t c = 0; c < count; ++c) {
                std::pop_heap(candidates.begin(), candidates.end() - static_cast<std::ptrdiff_t>(c),
                              worse);
                const Candidate cand = candidates[count - 1 - c];
                if (cand.bound >= best) {
                    proven = std::min(proven, cand.bound);
                    // The rest come out of the heap at this bound or above.
                    if (level == 0) report_cut(count - c, count, cand.bound);
                    break;
                }
                split<R>(f, set, cand.code);
                history.push_back(cand.code);
                Value total = cand.bound;
                std::uint8_t depth = 1;
                bool complete = true;
                // Each part's key is made one part ahead and its table slot prefetched, so that
                // the slot is read while the part before is searched.
                Key next_key{0, 0};
                auto key_ahead = [&](std::size_t p) {
                    const Part& part = f.parts[p];
                    if (part.size() <= 2) return;
                    next_key = key_of(
                        std::span<const std::uint32_t>(f.members).subspan(part.begin, part.size()),
                        child_left);
                    table->prefetch(next_key);
                };
                if (!f.parts.empty()) key_ahead(0);
                for (std::size_t p = 0; p < f.parts.size(); ++p) {
                    const Part part = f.parts[p];
                    const Key key_here = next_key;
                    if (p + 1 < f.parts.size()) key_ahead(p + 1);
                    if (part.feedback == space.win()) continue;
                    const Value estimate =
                        measure.lift(bound(part.size(), child_left, branch), part.size());
                    const Value beta_here = measure.child_beta(best - (total - estimate), part.size());
                    const auto members =
                        std::span<const std::uint32_t>(f.members).subspan(part.begin, part.size());
                    const Result r =
                        search<R>(level + 1, members, child_left, beta_here, f.child_branch,
                                  part.size() > 2 ? &key_here : nullptr);
                    total = total - estimate + measure.lift(r.value, part.size());
                    if (r.value >= beta_here) {
                        complete = false;
                        break;
                    }
                    depth = std::max<std::uint8_t>(depth, static_cast<std::uint8_t>(r.depth + 1));
                }
                history.pop_back();
                if (complete) {
                    best = total, best_guess = cand.code, best_depth = depth, found = true;
                } else {
                    proven = std::min(proven, total);
                }
                if (level == 0)
                    report(c + 1, count, cand.code, complete ? total : 0, best);
                else if (level <= 2)
                    report_deeper(level, n, c + 1, count);
            }
        };
        try_candidates();
        if (two_phase && !settled) {
            const Value outside = outside_floor(n, branch);
            if (outside < best) {
                proven =
                    std::min(proven, scan<R>(f, set, child_left, best, std::max(floor, outside),
                                             Guesses::outside, settled, branch));
                try_candidates();
            } else {
                proven = std::min(proven, outside);
            }
        }
        if (found) {
            table->solved(key, Entry{best, best_guess, 1, best_depth});
            return {best, best_depth};
        }
        const Value lower = std::max(floor, proven);
        table->at_least(key, lower);
        return {lower, 0};
    }

    // A proven lower bound on the value of `set` from `levels` levels of guesses, none searched:
    // at one level the least bound of a guess (scan()); at more, each guess in the order of its
    // own bound, its parts bounded by one level fewer, the least total over the guesses. As the
    // search does, with a bar: the bound itself when below `beta`, else a lower bound on the set
    // of at least `beta` (a guess whose own bound reaches the least so far, or the bar, is not
    // followed, nor the parts of one whose total does). `first`: the first guess is that one.
    // Counts a set bounded as a set searched, for the budget.
    template <Rules R>
    Value level_bound(std::size_t level, std::span<const std::uint32_t> set, int left, int levels,
                      Value beta, std::uint32_t branch,
                      std::optional<std::uint32_t> first = std::nullopt) {
        const auto n = static_cast<std::uint32_t>(set.size());
        if (n <= 2 && !first) {
            if (n == 0) return 0;
            if (n == 1) return measure.win(left);
            return left >= 2 ? measure.pair(left) : kInfinite;
        }
        if (levels == 0) return bound(n, left, branch);
        if ((++stats.nodes % kBudgetNodes) == 0) budget->check("the lower bound");
        frame(level + 1);
        symmetries_for(level);
        load(frames[level], set);
        branch = answer_bound(frames[level], branch);
        const Value floor = first ? 0 : bound(n, left, branch);
        if (floor >= beta) return floor;
        const int child_left = left == kUnbounded ? left : left - 1;
        std::vector<Candidate> guesses;
        std::uint32_t child_branch = branch;
        if (first) {
            bool consistent = false;
            for (auto c : set) consistent = consistent || c == *first;
            guesses.push_back({0, *first, consistent});
        } else {
            bool settled = false;
            scan<R>(frames[level], set, child_left, kInfinite, floor, Guesses::all, settled,
                    branch);
            guesses = frames[level].candidates;
            if (guesses.empty()) return kInfinite;
            std::sort(guesses.begin(), guesses.end(), before);
            if (levels == 1 || settled) return std::max(floor, guesses.front().bound);
            child_branch = frames[level].child_branch;
        }
        Value best = kInfinite;
        for (std::size_t c = 0; c < guesses.size(); ++c) {
            const Candidate& guess = guesses[c];
            if (guess.bound >= std::min(best, beta)) {
                best = std::min(best, guess.bound);
                break;
            }
            split<R>(frames[level], set, guess.code);
            history.push_back(guess.code);
            // Each part at its admissible bound (as scan() summed it), then at its deeper one.
            auto estimate = [&](const Part& part) {
                return measure.lift(bound(part.size(), child_left, branch), part.size());
            };
            Value total = guess.consistent ? measure.win(left) : 0;
            for (const Part& part : frames[level].parts) {
                if (part.feedback != space.win())
                    total = std::min(total + estimate(part), kInfinite);
            }
            const Value bar = std::min(best, beta);
            for (const Part& part : frames[level].parts) {
                if (part.feedback == space.win()) continue;
                if (total >= bar) break;
                const auto members = std::span<const std::uint32_t>(frames[level].members)
                                         .subspan(part.begin, part.size());
                const Value before = total - estimate(part);
                const Value r = level_bound<R>(level + 1, members, child_left, levels - 1,
                                               measure.child_beta(bar - before, part.size()), child_branch);
                total = std::min(before + measure.lift(r, part.size()), kInfinite);
            }
            history.pop_back();
            best = std::min(best, total);
            // The budget asked after each first guess too: the sets below may be fewer than
            // kBudgetNodes.
            if (level == 0) budget->check("the lower bound");
            if (level == 1 || level == 2) report_deeper(level, n, c + 1, guesses.size());
            if (level == 0 && options.progress) {
                options.progress(fmt::format(
                    "optimal: lower bound from {}: guess {} of {} ({}) {}; least so far {}; "
                    "{:.1f} s",
                    count_of(static_cast<std::uint64_t>(levels), "level"), c + 1, guesses.size(),
                    space.to_string(guess.code),
                    total >= kInfinite ? std::string("cannot be played")
                                       : fmt::format("at least ({})", text(total)),
                    best >= kInfinite ? std::string("none") : text(best),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
                        .count()));
            }
        }
        return std::max(best, floor);
    }

    // The values the parts of f's last split (f = frames[level], the guess last in `history`) are
    // counted at until they are searched, as f.parts: each part's admissible bound `estimate`, or,
    // with `levels` > 0, the bound of that many levels of guesses if higher, the difference added
    // to `total`. The deeper the bound of the parts not yet searched, the sooner a guess that
    // cannot win is cut and the tighter each part's bar.
    template <Rules R>
    std::vector<Value> part_estimates(std::size_t level, int child_left, std::uint32_t child_branch,
                                      int levels, const auto& estimate, Value& total) {
        const Frame& f = frames[level];
        std::vector<Value> out;
        for (const Part& part : f.parts) {
            Value e = estimate(part);
            if (levels > 0 && part.feedback != space.win()) {
                const auto members =
                    std::span<const std::uint32_t>(f.members).subspan(part.begin, part.size());
                const Value deeper = measure.lift(
                    level_bound<R>(level + 1, members, child_left, levels, kInfinite, child_branch),
                    part.size());
                if (deeper > e) {
                    total = std::min(total - e + deeper, kInfinite);
                    e = deeper;
                }
            }
            out.push_back(e);
        }
        return out;
    }

    // At the top of a search on several threads: raises each guess's bound in `tried` to the bound
    // of options.order_levels levels of guesses from it (level_bound), by which they are then
    // tried. The first guess tried is searched exactly in any case, and the best first gives the
    // others the tightest bar: on 5x6 the admissible bound puts 00123 (36,905) before 00112
    // (36,721), two levels put 00112 first. Leaves frames[0] loaded with `set`, as scan() left it.
    template <Rules R>
    void deeper_bounds(std::span<const std::uint32_t> set, int left, Value beta,
                       std::uint32_t branch, std::vector<Tried>& tried) {
        const Quiet quiet{options};  // level_bound reports its own progress at the top
        const auto path = history;
        for (auto& t : tried) {
            t.bound = std::max(t.bound, level_bound<R>(0, set, left, options.order_levels, beta,
                                                       branch, t.guess.code));
            history = path;
        }
        symmetries_for(0);
        load(frames[0], set);
    }

    template <Rules R>
    Result search_parallel(std::size_t level, std::span<const std::uint32_t> set, int left,
                           Value beta, std::uint32_t branch,
                           std::vector<std::unique_ptr<Impl>>& helpers);

    // In a long search, a line every 10 s from the levels below the first: how far the current
    // set of the second or third level has got (the history says which it is).
    void report_deeper(std::size_t level, std::uint32_t n, std::size_t done, std::size_t of) {
        if (!options.progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (!line_due(last_report, std::chrono::seconds(10), now)) return;
        std::string path;
        for (auto h : history) {
            if (!path.empty()) path += ' ';
            path += space.to_string(h);
        }
        options.progress(fmt::format(
            "optimal: level {} after {}: {} secrets, guess {} of {} tried; {:.0f} s", level + 1,
            path, n, done, of, std::chrono::duration<double>(now - started).count()));
    }

    // A value for the progress lines: "total T", or "N at the limit, total T" when they count
    // (in that order: a bound on the pair does not bound the total alone).
    std::string text(Value v) const {
        if (!measure.at_limit()) return fmt::format("total {}", measure.total(v));
        return fmt::format("{} at the limit, total {}", measure.games_at_limit(v),
                           measure.total(v));
    }

    // A line for each first guess tried that becomes the best, and for the last; the others
    // (a large game refutes hundreds, 6x4 adjacent 186 in seconds) at most one a second.
    void report(std::size_t done, std::size_t of, std::uint32_t guess, Value total, Value best) {
        if (!options.progress) return;
        const auto now = std::chrono::steady_clock::now();
        const bool improves = total != 0 && total == best;
        if (improves || done == of)
            last_top_line = now;
        else if (!line_due(last_top_line, std::chrono::seconds(1), now))
            return;
        const double seconds = std::chrono::duration<double>(now - started).count();
        options.progress(fmt::format(
            "optimal: guess {} of {} ({}) {}; best so far {}; {:.1f} s", done, of,
            space.to_string(guess),
            total ? text(total) : std::string("cannot beat it"),
            best >= kInfinite ? std::string("none") : text(best), seconds));
    }
    // A line for the first guesses left out unsearched, their bounds already at the best:
    // `cut` of the `of`, the others searched, the least of their bounds `least`.
    void report_cut(std::size_t cut, std::size_t of, Value least) {
        if (!options.progress || cut == 0) return;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        options.progress(fmt::format(
            "optimal: of {} first guesses {} searched, {} cannot beat it by {} bound alone "
            "({}); {:.1f} s",
            of, of - cut, cut, cut == 1 ? "its" : "their",
            least >= kInfinite ? "no win within the limit" : "at least " + text(least),
            seconds));
    }
};

std::string OptimalSearch::check(std::uint64_t codes) {
    if (codes <= kMaxCodes) return {};
    return fmt::format("the exact search holds games of at most {} codes (this one has {})",
                       kMaxCodes, codes);
}

namespace {

const CodeSpace& checked(const CodeSpace& space) {
    if (auto why = OptimalSearch::check(space.size()); !why.empty())
        throw std::invalid_argument(why);
    return space;
}

}  // namespace

OptimalSearch::OptimalSearch(const CodeSpace& space, OptimalSearchOptions options)
    : impl_(std::make_unique<Impl>(checked(space), options, std::make_shared<Table>())) {
    OptimalSearchOptions quiet = impl_->options;  // the helpers search as the main thread, silently
    quiet.progress = nullptr;
    for (int t = 1; t < options.threads; ++t)
        helpers_.push_back(std::make_unique<Impl>(space, quiet, impl_->table));
}

// A large set on several threads (the caller's `main` and the helpers), all sharing one table.
// The guesses are tried in the order search() tries them, in two ways:
//   - the first, usually the best, by its parts: handed out to the threads smallest first, each
//     part searched by one thread; a part of at least parallel_part secrets is searched by all
//     threads together, the same way one level down, once the smaller ones are done (a first
//     guess that leaves one dominant part, as Bulls and Cows' 1,440 of 5,040, would otherwise
//     keep one thread busy alone);
//   - the others, which mostly fail, one guess per thread, its parts in order against the best
//     total so far, so that each is cut exactly where search() would cut it (handing out their
//     parts instead searches each against a bound loosened by the parts still running, and two
//     threads did twice the work of one).
// A guess beats the best so far with every part exact and the sum below it; of two with the same
// value the earlier in the order is kept, as search() keeps it, so the strategy does not depend on
// timing.
template <Rules R>
Result OptimalSearch::Impl::search_parallel(std::size_t level, std::span<const std::uint32_t> set,
                                            int left, Value beta, std::uint32_t branch,
                                            std::vector<std::unique_ptr<Impl>>& helpers) {
    Impl& main = *this;
    const auto n = static_cast<std::uint32_t>(set.size());
    const int child_left = left == kUnbounded ? left : left - 1;
    Value floor = main.bound(n, left, branch);
    if (floor >= beta) return {floor, 0};
    const Key key = key_of(set, left);
    if (const auto known = main.table->find(key)) {
        ++main.stats.table_hits;
        if (known->exact) return {known->value, known->depth};
        floor = std::max(floor, known->value);
        if (floor >= beta) return {floor, 0};
    }
    ++main.stats.nodes;
    main.frame(level);
    main.symmetries_for(level);
    main.load(main.frames[level], set);
    // As search() does: the parts the set's guesses can make may be fewer than the game's.
    branch = main.answer_bound(main.frames[level], branch);
    floor = std::max(floor, main.bound(n, left, branch));
    if (floor >= beta) {
        main.table->at_least(key, floor);
        return {floor, 0};
    }
    bool settled = false;
    Value proven = main.scan<R>(main.frames[level], set, child_left, beta, floor,
                                Impl::Guesses::all, settled, branch);
    // The bound of each part (as scan() summed it) and what its own search may assume.
    const std::uint32_t child_branch = main.frames[level].child_branch;
    auto estimate_of = [&](const Part& part) {
        return measure.lift(main.bound(part.size(), child_left, branch), part.size());
    };
    std::vector<Candidate> candidates = main.frames[level].candidates;
    std::sort(candidates.begin(), candidates.end(), before);
    // The guesses in the order they are tried.
    std::vector<Tried> tried;
    for (std::size_t c = 0; c < candidates.size(); ++c)
        tried.push_back({candidates[c], c, candidates[c].bound});
    if (level == 0 && main.options.order_levels > 1) {
        main.deeper_bounds<R>(set, left, beta, branch, tried);
        std::stable_sort(tried.begin(), tried.end(),
                         [](const Tried& a, const Tried& b) { return a.bound < b.bound; });
    }
    // At the top, after the first, the guesses that leave a part of at least parallel_part
    // secrets come first (by_parts below), each kind in the order above.
    std::size_t large_end = 1;
    if (level == 0 && main.options.order_levels > 1 && tried.size() > 1) {
        const auto large = [&](const Tried& t) {
            main.split<R>(main.frames[level], set, t.guess.code);
            const auto& parts = main.frames[level].parts;
            return std::any_of(parts.begin(), parts.end(), [&](const Part& part) {
                return part.size() >= main.options.parallel_part;
            });
        };
        large_end = static_cast<std::size_t>(
            std::stable_partition(tried.begin() + 1, tried.end(), large) - tried.begin());
    }
    // What every thread needs to split this set and search a child: the guesses down to it, the
    // symmetries they leave and the members' masks (scan() computed them in main's frame).
    const std::vector<std::uint32_t> path = main.history;
    std::vector<Impl*> workers{&main};
    for (auto& h : helpers) workers.push_back(h.get());
    for (Impl* w : workers) {
        w->frame(level + 1);
        if (w == &main) continue;
        w->frames[level].symmetries = main.frames[level].symmetries;
        w->frames[level].masks = main.frames[level].masks;
    }
    std::mutex mutex;
    std::exception_ptr thrown;  // a worker's BudgetExhausted, rethrown once all have joined
    auto run = [&](auto&& task) {
        auto guarded = [&](Impl& w) noexcept {
            try {
                task(w);
            } catch (...) {
                const std::lock_guard lock(mutex);
                if (!thrown) thrown = std::current_exception();
            }
        };
        std::vector<std::thread> threads;
        for (std::size_t t = 1; t < workers.size(); ++t)
            threads.emplace_back(guarded, std::ref(*workers[t]));
        guarded(main);
        for (auto& t : threads) t.join();
        for (Impl* w : workers) w->history = path;
        if (thrown) std::rethrow_exception(thrown);
    };
    Value best = beta;
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::size_t best_rank = kNone;
    std::uint32_t best_guess = 0;
    std::uint8_t best_depth = 0;
    auto settle = [&](std::size_t c, bool complete, Value total, std::uint8_t depth) {
        if (complete && (total < best || (total == best && tried[c].rank < best_rank))) {
            best = total, best_rank = tried[c].rank, best_guess = tried[c].guess.code,
            best_depth = depth;
        } else if (!complete) {
            proven = std::min(proven, total);
        }
    };

    std::vector<char> searched(tried.size(), 0);  // [c]: guess c was searched (under the lock)

    // What guess c must get below to be kept (under the lock while threads run): of two guesses
    // with the same value the one placed first by `before` is kept.
    auto bar_for = [&](std::size_t c) {
        return best + (best_rank != kNone && tried[c].rank < best_rank ? 1 : 0);
    };
    // Guess c by its parts: handed out to the threads smallest first, each searched by one of
    // them, then each part of at least parallel_part secrets by all of them together.
    auto by_parts = [&](std::size_t c) {
        const Candidate cand = tried[c].guess;
        const Value bar = bar_for(c);
        if (tried[c].bound >= bar) {
            proven = std::min(proven, tried[c].bound);
            return;
        }
        searched[c] = 1;
        main.split<R>(main.frames[level], set, cand.code);
        const std::vector<std::uint32_t> members = main.frames[level].members;
        auto part_of = [&](const Part& part) {
            return std::span<const std::uint32_t>(members).subspan(part.begin, part.size());
        };
        // At the top each part is counted at its one-level bound until it is searched.
        Value total = cand.bound;
        main.history.push_back(cand.code);
        const std::vector<Value> estimates = main.part_estimates<R>(
            level, child_left, child_branch, level == 0 ? main.options.order_levels - 1 : 0,
            estimate_of, total);
        main.history = path;
        struct Estimated {
            Part part;
            Value estimate;
        };
        std::vector<Estimated> shared, together;  // smallest first, as split() leaves them
        for (std::size_t i = 0; i < estimates.size(); ++i) {
            const Part& part = main.frames[level].parts[i];
            if (part.feedback == main.space.win()) continue;
            (part.size() >= main.options.parallel_part ? together : shared)
                .push_back({part, estimates[i]});
        }
        std::size_t next = 0;
        std::uint8_t depth = 1;
        bool failed = false;
        auto add = [&](const Part& part, Value estimate, Value beta_here, const Result& r) {
            total = total - estimate + measure.lift(r.value, part.size());
            if (r.value >= beta_here)
                failed = true;
            else
                depth = std::max<std::uint8_t>(depth, static_cast<std::uint8_t>(r.depth + 1));
        };
        run([&](Impl& w) {
            w.history = path;
            w.history.push_back(cand.code);
            for (;;) {
                Part part;
                Value estimate, beta_here;
                {
                    const std::lock_guard lock(mutex);
                    if (failed || thrown || next >= shared.size()) break;
                    part = shared[next].part;
                    estimate = shared[next++].estimate;
                    if (total - estimate >= bar) {
                        failed = true;
                        break;
                    }
                    beta_here = measure.child_beta(bar - (total - estimate), part.size());
                }
                const Result r = w.template search<R>(level + 1, part_of(part), child_left,
                                                      beta_here, child_branch);
                const std::lock_guard lock(mutex);
                add(part, estimate, beta_here, r);
            }
        });
        main.history.push_back(cand.code);
        for (const auto& [part, estimate] : together) {
            if (failed) break;
            if (total - estimate >= bar) {
                failed = true;
                break;
            }
            const Value beta_here = measure.child_beta(bar - (total - estimate), part.size());
            add(part, estimate, beta_here,
                search_parallel<R>(level + 1, part_of(part), child_left, beta_here, child_branch,
                                   helpers));
        }
        main.history = path;
        settle(c, !failed && total < bar, total, depth);
        if (level == 0) main.report(c + 1, tried.size(), cand.code, failed ? 0 : total, best);
    };
    std::size_t next = 0;  // the next guess to search
    if (!tried.empty()) by_parts(next++);
    // At the top, the guesses that leave a part of at least parallel_part secrets are searched
    // that way too, one after another: such a guess is cut as soon as the sum of its parts
    // reaches the best, its large parts searched by all threads against the exact sum of the
    // others. Searched one per thread (below), its helper would take the large parts against a
    // bar loosened by the parts still running, and work out exactly a guess it should refute
    // (00123 on 5x6). The guesses of small parts are cut sooner one per thread: parts handed out
    // at once each get a bar loosened by the others' bounds, and a guess a few guesses above the
    // best (the first guesses of 5x6 adjacent) is then worked out exactly.
    for (; next < large_end && next < tried.size(); ++next) {
        if (tried[next].bound > best) {  // sorted by that bound: none of the rest of them can win
            for (; next < large_end; ++next) proven = std::min(proven, tried[next].bound);
            break;
        }
        by_parts(next);
    }

    // The others: whoever is free takes the next guess and searches its parts in order, smallest
    // first; a thread with no guess left to take helps with one under way, taking its largest part
    // not yet started (the guess that wins may come late and take long alone).
    struct Job {
        std::size_t c;
        const Frame* frame;  // the owner's: its members and parts, kept until the job is done
        Value bar, total;
        std::uint8_t depth = 1;
        bool failed = false, done = false;
        std::size_t front = 0, back = 0;  // parts [front, back) not yet started
        int helping = 0;                  // parts being searched by other threads
        std::vector<Value> estimates;     // what each part counts at until it is searched
    };
    std::deque<Job> jobs;  // a deque: a job stays where it is while others are added
    std::condition_variable helped;
    bool exhausted = false;
    const std::uint32_t win = main.space.win();
    // Under the lock: the next part of `job` from the front or the back (skipping the winning
    // answer), with its estimate and beta; false when none is left or the guess has failed.
    auto take = [&](Job& job, bool from_back, Part& part, Value& estimate, Value& beta_here) {
        const auto& parts = job.frame->parts;
        while (job.front < job.back && parts[job.front].feedback == win) ++job.front;
        while (job.front < job.back && parts[job.back - 1].feedback == win) --job.back;
        if (job.failed || thrown || job.front >= job.back) return false;
        const std::size_t i = from_back ? --job.back : job.front++;
        part = parts[i];
        job.bar = std::min(job.bar, bar_for(job.c));
        estimate = job.estimates[i];
        if (job.total - estimate >= job.bar) {
            job.failed = true;
            return false;
        }
        beta_here = measure.child_beta(job.bar - (job.total - estimate), part.size());
        return true;
    };
    auto add = [&](Job& job, const Part& part, Value estimate, Value beta_here, const Result& r) {
        job.total = job.total - estimate + measure.lift(r.value, part.size());
        if (r.value >= beta_here)
            job.failed = true;
        else
            job.depth = std::max<std::uint8_t>(job.depth, static_cast<std::uint8_t>(r.depth + 1));
    };
    auto members_of = [](const Job& job, const Part& part) {
        return std::span<const std::uint32_t>(job.frame->members).subspan(part.begin, part.size());
    };
    // Searches one part of `job` on `w` with the lock released, and back under it counts the
    // result; if the search throws, marks the guess failed, runs `undo` and rethrows.
    auto search_part = [&](Impl& w, std::unique_lock<std::mutex>& lock, Job& job, const Part& part,
                           Value estimate, Value beta_here, auto&& undo) {
        lock.unlock();
        Result r;
        try {
            r = w.template search<R>(level + 1, members_of(job, part), child_left, beta_here,
                                     child_branch);
        } catch (...) {
            lock.lock();
            job.failed = true;
            undo();
            throw;
        }
        lock.lock();
        add(job, part, estimate, beta_here, r);
    };
    auto own = [&](Impl& w, std::size_t c, Value bar) {
        Frame& f = w.frames[level];
        const Candidate cand = tried[c].guess;
        w.template split<R>(f, set, cand.code);
        w.history = path;
        w.history.push_back(cand.code);
        // At the top each part is counted at its one-level bound until it is searched.
        Value total = cand.bound;
        std::vector<Value> estimates = w.template part_estimates<R>(
            level, child_left, child_branch, level == 0 ? w.options.order_levels - 1 : 0,
            estimate_of, total);
        std::unique_lock lock(mutex);
        Job& job = jobs.emplace_back(Job{.c = c,
                                         .frame = &f,
                                         .bar = bar,
                                         .total = total,
                                         .back = f.parts.size(),
                                         .estimates = std::move(estimates)});
        for (;;) {
            Part part;
            Value estimate, beta_here;
            if (!take(job, false, part, estimate, beta_here)) break;
            search_part(w, lock, job, part, estimate, beta_here, [&] {
                helped.wait(lock, [&] { return job.helping == 0; });  // they read f
                job.done = true;
            });
        }
        helped.wait(lock, [&] { return job.helping == 0; });  // f is reused by the next guess
        job.done = true;
        settle(c, !job.failed && job.total < job.bar, job.total, job.depth);
        if (level == 0 && &w == &main)
            main.report(c + 1, tried.size(), cand.code, job.failed ? 0 : job.total, best);
    };
    // Under the lock (released while searching): one part of the job under way with the largest
    // part left; false when there is none.
    auto help = [&](Impl& w, std::unique_lock<std::mutex>& lock) {
        Job* pick = nullptr;
        for (auto& job : jobs) {
            if (job.done || job.failed || job.front >= job.back) continue;
            if (!pick ||
                job.frame->parts[job.back - 1].size() > pick->frame->parts[pick->back - 1].size())
                pick = &job;
        }
        if (!pick) return false;
        Job& job = *pick;
        Part part;
        Value estimate, beta_here;
        if (!take(job, true, part, estimate, beta_here)) return true;  // look again
        ++job.helping;
        w.history = path;
        w.history.push_back(tried[job.c].guess.code);
        auto done = [&] {
            --job.helping;
            helped.notify_all();
        };
        search_part(w, lock, job, part, estimate, beta_here, done);
        done();
        return true;
    };
    run([&](Impl& w) {
        std::unique_lock lock(mutex);
        for (;;) {
            if (thrown) break;
            if (!exhausted && next < tried.size()) {
                const std::size_t c = next++;
                const Value bar = bar_for(c);
                if (tried[c].bound >= bar) {
                    proven = std::min(proven, tried[c].bound);
                    // The rest are sorted by that bound: beyond the best, none can do better.
                    if (tried[c].bound > best) exhausted = true;
                    continue;
                }
                searched[c] = 1;
                lock.unlock();
                own(w, c, bar);
                lock.lock();
                continue;
            }
            if (!help(w, lock)) break;
        }
    });
    if (level == 0) {
        // The first guesses neither searched by their parts nor taken by a thread.
        std::size_t cut = 0;
        Value least = kInfinite;
        for (std::size_t c = 0; c < tried.size(); ++c) {
            if (searched[c]) continue;
            ++cut;
            least = std::min(least, tried[c].bound);
        }
        main.report_cut(cut, tried.size(), least);
    }
    if (level == 0) {
        for (auto& h : helpers) {
            main.stats.nodes += std::exchange(h->stats.nodes, 0);
            main.stats.guesses_scored += std::exchange(h->stats.guesses_scored, 0);
            main.stats.table_hits += std::exchange(h->stats.table_hits, 0);
        }
    }
    if (best_rank != kNone) {
        main.table->solved(key, Entry{best, best_guess, 1, best_depth});
        return {best, best_depth};
    }
    const Value lower = std::max(floor, proven);
    main.table->at_least(key, lower);
    return {lower, 0};
}

OptimalSearch::~OptimalSearch() = default;

std::optional<OptimalSearch::Optimum> OptimalSearch::solve(std::span<const Guess> history,
                                                           std::span<const std::uint32_t> set,
                                                           int guesses_left, const Budget& budget) {
    if (set.empty() || guesses_left < 1) return std::nullopt;
    const Bounded r = solve_below(history, set, guesses_left, kImpossible, budget);
    if (!r.exact) return std::nullopt;
    return r.value;
}

OptimalSearch::Bounded OptimalSearch::solve_below(std::span<const Guess> history,
                                                  std::span<const std::uint32_t> set,
                                                  int guesses_left, Optimum beta,
                                                  const Budget& budget) {
    if (set.empty()) return {{0, 0}, true, 0};
    if (guesses_left < 1) return {kImpossible, false, 0};
    auto& s = *impl_;
    s.budget = &budget;
    for (auto& h : helpers_) h->budget = &budget;
    s.history.clear();
    for (const auto& g : history) s.history.push_back(g.code);
    s.started = s.last_report = std::chrono::steady_clock::now();
    s.last_top_line = {};
    std::optional<Sparse> sparse;
    if (!history.empty()) {
        std::string where;
        for (const auto& g : history) {
            if (!where.empty()) where += ", ";
            where += fmt::format("{} answered {}", s.space.to_string(g.code),
                                 s.space.format_feedback(g.feedback));
        }
        sparse.emplace(s.options, s.sparse_times, std::move(where));
    }
    const int left = std::min(guesses_left, kUnbounded);
    const Value bar = s.measure.pack(beta);
    if (s.options.progress && history.empty()) {
        // Before a long search: the bound it has to close, from two levels of guesses, or from
        // one when two take more than options.prelude_seconds (6x4 adjacent's two levels take
        // longer than its search). It is only told, the search does not use it: it must cost
        // little.
        const auto nodes = s.stats.nodes;  // the search's own count follows
        int levels = 2;
        Value bound;
        {
            const Quiet quiet{s.options};
            const auto prelude = [&](int l) {
                return s.space.rules() == Rules::classic
                           ? s.level_bound<Rules::classic>(0, set, left, l, kInfinite, s.branching)
                           : s.level_bound<Rules::adjacent>(0, set, left, l, kInfinite,
                                                            s.branching);
            };
            // The caller's budget, and no more than prelude_seconds for two levels.
            const Budget brief = budget.at_most(s.options.prelude_seconds);
            s.budget = &brief;
            try {
                bound = prelude(levels);
            } catch (const BudgetExhausted&) {
                s.budget = &budget;
                if (budget.exhausted()) throw;  // the search's own budget: it stops here
                s.history.resize(history.size());  // level_bound's guesses were left pushed
                levels = 1;
                bound = prelude(levels);
            }
        }
        s.stats.nodes = nodes;
        s.budget = &budget;
        const auto lower = s.measure.total(bound);
        std::string what;
        if (bound >= kInfinite)
            what = "no strategy wins within the limit";
        else if (s.measure.at_limit())
            what = fmt::format("at least {} games take every guess", s.measure.games_at_limit(bound));
        else
            what = fmt::format("the total is at least {} (mean {:.4f})", lower,
                               static_cast<double>(lower) / static_cast<double>(set.size()));
        s.options.progress(fmt::format(
            "optimal: {} secrets: {}, from {} of guesses; {:.1f} s", set.size(), what,
            levels == 2 ? "two levels" : "one level",
            std::chrono::duration<double>(std::chrono::steady_clock::now() - s.started).count()));
    }
    Result r;
    if (set.size() <= 2) {
        // The search's own shortcuts for one and two secrets, without a table entry.
        r = set.size() == 1 ? Result{s.measure.win(left), 1}
            : left >= 2     ? Result{s.measure.pair(left), 2}
                            : Result{kInfinite, 0};
    } else if (!helpers_.empty() && set.size() >= s.options.parallel_from) {
        r = s.space.rules() == Rules::classic
                ? s.search_parallel<Rules::classic>(0, set, left, bar, s.branching, helpers_)
                : s.search_parallel<Rules::adjacent>(0, set, left, bar, s.branching, helpers_);
    } else {
        r = s.space.rules() == Rules::classic
                ? s.search<Rules::classic>(0, set, left, bar, s.branching)
                : s.search<Rules::adjacent>(0, set, left, bar, s.branching);
    }
    s.stats.table_entries = s.table->size();
    const bool exact = r.value < bar && r.value < kInfinite;
    if (s.options.progress) {
        s.options.progress(fmt::format(
            "optimal: {} secrets, {}: {}; {} sets searched, {} guesses scored, {} table hits, "
            "{} entries, {:.2f} s",
            set.size(),
            left == kUnbounded
                ? std::string("no limit on the guesses")
                : fmt::format("within {}", count_of(static_cast<std::uint64_t>(left), "guess")),
            // The longest game said too: a search without a limit whose strategy fits the
            // game's is all a codebreaker under that limit needs.
            exact ? fmt::format("{}, the longest game {}", s.text(r.value),
                                count_of(r.depth, "guess"))
            : r.value >= kInfinite ? std::string("impossible")
                                   : fmt::format("at least ({})", s.text(r.value)),
            s.stats.nodes, s.stats.guesses_scored, s.stats.table_hits, s.stats.table_entries,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - s.started).count()));
    }
    return {s.measure.unpack(r.value), exact, exact ? static_cast<int>(r.depth) : 0};
}

OptimalSearch::Optimum OptimalSearch::lower_bound(std::span<const Guess> history,
                                                  std::span<const std::uint32_t> set,
                                                  int guesses_left, int levels,
                                                  std::optional<std::uint32_t> first,
                                                  const Budget& budget) {
    if (levels < 1 || levels > kMaxBoundLevels) {
        throw std::invalid_argument(
            fmt::format("levels {} is not from 1 to {}", levels, kMaxBoundLevels));
    }
    if (first && *first >= impl_->space.size())
        throw std::invalid_argument(fmt::format("first guess {} is not a code", *first));
    if (set.empty()) return {0, 0};
    if (guesses_left < 1) return kImpossible;
    auto& s = *impl_;
    s.budget = &budget;
    s.history.clear();
    for (const auto& g : history) s.history.push_back(g.code);
    s.started = s.last_report = std::chrono::steady_clock::now();
    const int left = std::min(guesses_left, kUnbounded);
    const Value v =
        s.space.rules() == Rules::classic
            ? s.level_bound<Rules::classic>(0, set, left, levels, kInfinite, s.branching, first)
            : s.level_bound<Rules::adjacent>(0, set, left, levels, kInfinite, s.branching, first);
    return s.measure.unpack(v);
}

OptimalSearch::Optimum OptimalSearch::floor(std::uint32_t n, int guesses_left) const {
    if (n == 0) return {0, 0};
    if (guesses_left < 1 || n > impl_->space.size()) return kImpossible;
    return impl_->measure.unpack(impl_->bound(n, std::min(guesses_left, kUnbounded)));
}

std::vector<OptimalSearch::RankedGuess> OptimalSearch::candidates(
    std::span<const Guess> history, std::span<const std::uint32_t> set, int guesses_left) {
    auto& s = *impl_;
    std::vector<RankedGuess> out;
    if (set.size() < 2 || guesses_left < 1) {
        if (set.size() == 1) out.push_back({set[0], s.measure.unpack(s.measure.win(std::min(guesses_left, kUnbounded))), true});
        return out;
    }
    const int left = std::min(guesses_left, kUnbounded);
    const int child_left = left == kUnbounded ? left : left - 1;
    s.history.clear();
    for (const auto& g : history) s.history.push_back(g.code);
    s.frame(1);
    s.symmetries_for(0);
    bool settled = false;
    s.load(s.frames[0], set);
    if (s.space.rules() == Rules::classic)
        s.scan<Rules::classic>(s.frames[0], set, child_left, kInfinite, 0, Impl::Guesses::all,
                               settled, s.branching);
    else
        s.scan<Rules::adjacent>(s.frames[0], set, child_left, kInfinite, 0, Impl::Guesses::all,
                                settled, s.branching);
    auto found = s.frames[0].candidates;
    std::sort(found.begin(), found.end(), before);
    for (const auto& c : found)
        out.push_back({c.code, s.measure.unpack(c.bound), c.consistent});
    return out;
}

DecisionTree OptimalSearch::strategy(std::span<const std::uint32_t> set, int guesses_left) const {
    const CodeSpace& space = impl_->space;
    DecisionTree tree;
    tree.rules = space.rules();
    tree.pegs = space.pegs();
    tree.colours = space.colours();
    tree.distinct = space.distinct();
    if (set.empty()) return tree;
    // Depth first: a node is made for the set of secrets it is played at, then one child per
    // answer other than all black. `children` are added by feedback order, as the reader keeps
    // them.
    auto walk = [&](auto&& self, std::vector<std::uint32_t> members, int left) -> std::uint32_t {
        const auto m = move(members, left);
        if (!m) {
            throw std::logic_error(fmt::format(
                "the exact search has no strategy for a set of {} secrets", members.size()));
        }
        const auto node = static_cast<std::uint32_t>(tree.nodes.size());
        tree.nodes.push_back({m->guess, {}});
        std::vector<std::vector<std::uint32_t>> parts(space.feedback_slots());
        for (auto s : members) {
            const std::uint32_t fb = space.feedback(m->guess, s);
            if (fb != space.win()) parts[fb].push_back(s);
        }
        const int child_left = left == kUnbounded ? left : left - 1;
        for (std::uint32_t fb = 0; fb < parts.size(); ++fb) {
            if (parts[fb].empty()) continue;
            const std::uint32_t child = self(self, std::move(parts[fb]), child_left);
            tree.nodes[node].children.emplace_back(fb, child);
        }
        return node;
    };
    walk(walk, std::vector<std::uint32_t>(set.begin(), set.end()),
         std::min(guesses_left, kUnbounded));
    return tree;
}

std::optional<OptimalSearch::Move> OptimalSearch::move(std::span<const std::uint32_t> set,
                                                       int guesses_left) const {
    if (set.empty()) return std::nullopt;
    const int left = std::min(guesses_left, kUnbounded);
    if (set.size() == 1) return Move{set[0], 1};
    if (set.size() == 2) return left >= 2 ? std::optional<Move>(Move{set[0], 2}) : std::nullopt;
    const Key key = key_of(set, left);
    const auto known = impl_->table->find(key);
    if (!known || !known->exact) return std::nullopt;
    return Move{known->guess, known->depth};
}

int OptimalSearch::order_levels() const {
    return impl_->options.order_levels;
}

const OptimalSearchStats& OptimalSearch::stats() const {
    return impl_->stats;
}

}  // namespace mastermind
