#include "mastermind/ordinary/optimal_jobs.hpp"

#include <algorithm>
#include <istream>
#include <numeric>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "mastermind/core/bounded_input.hpp"
#include "ordinary/optimal_value.hpp"

namespace mastermind {

using namespace optimal_value;

namespace {

// The value of `tree` played over `secrets` (each equally likely) and its longest game, or why it
// does not find them all within `guesses_left`.
struct Replay {
    Value value = 0;
    int depth = 0;
    std::string why;
};
Replay replay(const CodeSpace& space, const DecisionTree& tree,
              std::span<const std::uint32_t> secrets, int guesses_left) {
    Replay r;
    if (tree.nodes.empty()) {
        if (!secrets.empty()) r.why = "an empty strategy for a part with secrets";
        return r;
    }
    std::uint64_t total = 0, squares = 0;
    for (auto s : secrets) {
        std::int64_t node = 0;
        int d = 1;
        for (;;) {
            const std::uint32_t guess = tree.nodes[static_cast<std::size_t>(node)].guess;
            const std::uint32_t fb = space.feedback(guess, s);
            if (fb == space.win()) break;
            node = tree.child(static_cast<std::uint32_t>(node), fb);
            if (node < 0 || ++d > std::min(guesses_left, OptimalSearch::kUnbounded) ||
                d > static_cast<int>(tree.nodes.size())) {
                r.why = fmt::format("its strategy does not find {} in time", space.to_string(s));
                return r;
            }
        }
        total += static_cast<std::uint64_t>(d);
        squares += static_cast<std::uint64_t>(d) * static_cast<std::uint64_t>(d);
        r.depth = std::max(r.depth, d);
    }
    r.value = value_of(total, squares);
    return r;
}

// Copies `sub` under node `parent` of `into`, as its child for answer `feedback`.
void graft(DecisionTree& into, std::uint32_t parent, std::uint32_t feedback,
           const DecisionTree& sub) {
    const auto offset = static_cast<std::uint32_t>(into.nodes.size());
    for (const auto& n : sub.nodes) {
        DecisionTree::Node copy{n.guess, n.children};
        for (auto& c : copy.children) c.second += offset;
        into.nodes.push_back(std::move(copy));
    }
    into.nodes[parent].children.emplace_back(feedback, offset);
}

std::string answer_fields(const CodeSpace& space, std::uint32_t feedback) {
    const Score s = space.decode(feedback);
    return space.rules() == Rules::classic ? fmt::format("{} {}", s.black, s.white)
                                           : fmt::format("{} {} {}", s.black, s.grey, s.white);
}

}  // namespace

OptimalJobs::OptimalJobs(const CodeSpace& space, OptimalSearch& search, int guesses_left,
                         std::optional<std::uint32_t> first)
    : space_(space),
      search_(search),
      left_(std::min(guesses_left, OptimalSearch::kUnbounded)),
      child_left_(left_ == OptimalSearch::kUnbounded ? left_ : left_ - 1),
      best_(kInfinite) {
    std::vector<std::uint32_t> all(space.size());
    for (std::uint32_t c = 0; c < space.size(); ++c) all[c] = c;
    if (first) {
        guesses_.push_back({*first, 0, true, false, {}});
    } else if (left_ >= 1) {
        for (const auto& c : search.candidates({}, all, left_))
            guesses_.push_back({c.guess, guesses_.size(), c.consistent, false, {}});
        // The guesses are handed out in the order the threaded search tries them, by the bound
        // of search.order_levels() levels (docs/optimal.md, "Threads"): the first of the order
        // has every part solved exactly, and the admissible bound puts 00123 there on 5x6 and 5x7
        // where two levels put the optimal 00112. Ties still go by the rank.
        if (const int levels = search.order_levels(); levels > 1 && guesses_.size() > 1) {
            std::vector<OptimalSearch::Optimum> deeper;
            for (const auto& g : guesses_)
                deeper.push_back(search.lower_bound({}, all, left_, levels, g.code));
            std::vector<std::size_t> order(guesses_.size());
            std::iota(order.begin(), order.end(), std::size_t{0});
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return deeper[a] < deeper[b]; });
            std::vector<Guess> sorted;
            for (const auto i : order) sorted.push_back(std::move(guesses_[i]));
            guesses_ = std::move(sorted);
        }
    }
    for (auto& g : guesses_) split(g);
    best_index_ = guesses_.size();
    std::vector<std::uint64_t> none;
    settle(none);
}

void OptimalJobs::split(Guess& g) {
    std::vector<std::vector<std::uint32_t>> by_answer(space_.feedback_slots());
    for (std::uint32_t s = 0; s < space_.size(); ++s) {
        const std::uint32_t fb = space_.feedback(g.code, s);
        if (fb != space_.win()) by_answer[fb].push_back(s);
    }
    for (std::uint32_t fb = 0; fb < by_answer.size(); ++fb) {
        if (by_answer[fb].empty()) continue;
        Part p;
        p.answer = fb;
        p.secrets = std::move(by_answer[fb]);
        const auto m = static_cast<std::uint32_t>(p.secrets.size());
        p.value = child_left_ < 1 ? kInfinite : pack(search_.floor(m, child_left_));
        g.parts.push_back(std::move(p));
    }
    std::stable_sort(g.parts.begin(), g.parts.end(), [](const Part& a, const Part& b) {
        return a.secrets.size() < b.secrets.size();
    });
}

// The guess's total with every part at what is known of it (exact, or a lower bound).
std::uint64_t OptimalJobs::total(const Guess& g) const {
    Value t = g.consistent ? value_of(1, 1) : 0;
    for (const auto& p : g.parts) t = std::min(t + lift(p.value, p.secrets.size()), kInfinite);
    return t;
}

// What guess c must stay below to matter: the best total so far, or equal to it when c comes
// before the best in the search's own order (ties go to the lower rank, whatever the order the
// guesses are handed out in).
std::uint64_t OptimalJobs::bar(std::size_t c) const {
    const bool earlier =
        best_index_ < guesses_.size() && guesses_[c].rank < guesses_[best_index_].rank;
    return best_ + (earlier && best_ < kInfinite ? 1 : 0);
}

// Drops the guesses that can no longer beat the best (their running jobs into `cuts`) and takes
// a guess with every part exact as the best when it is; until nothing changes.
void OptimalJobs::settle(std::vector<std::uint64_t>& cuts) {
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t c = 0; c < guesses_.size(); ++c) {
            Guess& g = guesses_[c];
            if (g.failed || c == best_index_) continue;
            const Value t = total(g);
            if (t >= bar(c)) {
                g.failed = true;
                for (auto& p : g.parts) {
                    if (p.status == Status::running) cuts.push_back(p.job);
                }
                continue;
            }
            const bool complete = std::all_of(g.parts.begin(), g.parts.end(), [](const Part& p) {
                return p.status == Status::exact;
            });
            if (complete) {
                if (best_index_ < guesses_.size()) guesses_[best_index_].failed = true;
                best_ = t, best_index_ = c;
                changed = true;
            }
        }
    }
}

bool OptimalJobs::done() const {
    if (!running_.empty()) return false;
    for (std::size_t c = 0; c < guesses_.size(); ++c) {
        if (!guesses_[c].failed && c != best_index_) return false;
    }
    return true;
}

std::optional<OptimalJobs::Job> OptimalJobs::hand_out(std::size_t c, std::size_t p) {
    Guess& g = guesses_[c];
    Part& part = g.parts[p];
    const auto m = part.secrets.size();
    const Value t = total(g), estimate = lift(part.value, m);
    const Value beta = child_beta(bar(c) - (t - estimate), m);
    part.status = Status::running;
    part.job = next_id_++;
    running_[part.job] = {c, p};
    return Job{part.job, g.code, part.answer, part.secrets, child_left_, unpack(beta)};
}

std::optional<OptimalJobs::Job> OptimalJobs::next() {
    auto open = [&](std::size_t c) { return !guesses_[c].failed && c != best_index_; };
    auto pending = [](const Part& p) { return p.status == Status::pending; };
    // The first guess of the order: every part at once, the largest first (each must be solved).
    if (!guesses_.empty() && open(0)) {
        auto& parts = guesses_[0].parts;
        for (std::size_t p = parts.size(); p-- > 0;) {
            if (pending(parts[p])) return hand_out(0, p);
        }
    }
    // The others in order, one part each at a time, the smallest first.
    for (std::size_t c = 1; c < guesses_.size(); ++c) {
        if (!open(c)) continue;
        const auto& parts = guesses_[c].parts;
        if (std::any_of(parts.begin(), parts.end(),
                        [](const Part& p) { return p.status == Status::running; }))
            continue;
        for (std::size_t p = 0; p < parts.size(); ++p) {
            if (pending(parts[p])) return hand_out(c, p);
        }
    }
    // Help: the largest part not started of a guess under way.
    std::optional<std::pair<std::size_t, std::size_t>> pick;
    std::size_t largest = 0;
    for (std::size_t c = 1; c < guesses_.size(); ++c) {
        if (!open(c)) continue;
        const auto& parts = guesses_[c].parts;
        for (std::size_t p = parts.size(); p-- > 0;) {
            if (!pending(parts[p])) continue;
            if (parts[p].secrets.size() > largest)
                largest = parts[p].secrets.size(), pick = {{c, p}};
            break;
        }
    }
    if (pick) return hand_out(pick->first, pick->second);
    return std::nullopt;
}

OptimalJobs::Outcome OptimalJobs::run(OptimalSearch& search, const Job& job, const Budget& budget) {
    Outcome o;
    const mastermind::Guess history[] = {{job.first, job.answer}};
    o.result = search.solve_below(history, job.secrets, job.guesses_left, job.beta, budget);
    if (o.result.exact) o.tree = search.strategy(job.secrets, job.guesses_left);
    return o;
}

std::vector<std::uint64_t> OptimalJobs::finish(std::uint64_t id, const Outcome& outcome) {
    const auto it = running_.find(id);
    if (it == running_.end()) throw std::logic_error(fmt::format("no job {} is running", id));
    const auto [c, p] = it->second;
    running_.erase(it);
    Part& part = guesses_[c].parts[p];
    const Value v = pack(outcome.result.value);
    if (outcome.result.exact) {
        const Replay r = replay(space_, outcome.tree, part.secrets, child_left_);
        if (!r.why.empty() || r.value != v || r.depth != outcome.result.depth) {
            throw std::runtime_error(fmt::format(
                "job {} (after {}): the strategy sent back does not reach the value sent: {}", id,
                space_.to_string(guesses_[c].code),
                r.why.empty() ? fmt::format("total {} depth {}", total_of(r.value), r.depth)
                              : r.why));
        }
        part.status = Status::exact;
        part.value = v;
        part.depth = outcome.result.depth;
        part.tree = outcome.tree;
    } else {
        part.status = Status::pending;  // handed out again if its guess still matters
        part.value = std::max(part.value, v);
    }
    ++finished_;
    std::vector<std::uint64_t> cuts;
    settle(cuts);
    return cuts;
}

void OptimalJobs::cut(std::uint64_t id) {
    const auto it = running_.find(id);
    if (it == running_.end()) return;
    const auto [c, p] = it->second;
    running_.erase(it);
    guesses_[c].parts[p].status = Status::pending;
}

std::optional<OptimalJobs::Answer> OptimalJobs::answer() const {
    if (!done() || best_index_ >= guesses_.size()) return std::nullopt;
    const Guess& g = guesses_[best_index_];
    Answer a;
    a.value = unpack(best_);
    a.first = g.code;
    a.depth = 1;
    a.tree.rules = space_.rules();
    a.tree.pegs = space_.pegs();
    a.tree.colours = space_.colours();
    a.tree.distinct = space_.distinct();
    a.tree.nodes.push_back({g.code, {}});
    std::vector<const Part*> by_answer;
    for (const auto& p : g.parts) by_answer.push_back(&p);
    std::sort(by_answer.begin(), by_answer.end(),
              [](const Part* x, const Part* y) { return x->answer < y->answer; });
    for (const Part* p : by_answer) {
        graft(a.tree, 0, p->answer, p->tree);
        a.depth = std::max(a.depth, p->depth + 1);
    }
    return a;
}

std::string OptimalJobs::header() const {
    return fmt::format("mastermind-optimal-jobs 1 {} {} {}{}", to_string(space_.rules()),
                       space_.pegs(), space_.colours(), space_.distinct() ? " distinct" : "");
}

void OptimalJobs::record(std::ostream& out, const CodeSpace& space, const Job& job,
                         const Outcome& outcome) {
    std::string text = fmt::format("part {} {} {} ", space.to_string(job.first),
                                   answer_fields(space, job.answer), job.guesses_left);
    const auto& v = outcome.result.value;
    if (!outcome.result.exact) {
        text += fmt::format("at-least {} {}\n", v.total, v.squares);
    } else {
        std::ostringstream tree;
        write_decision_tree(tree, space, outcome.tree);
        const std::string lines = tree.str();
        text += fmt::format("exact {} {} {} {}\n{}", v.total, v.squares, outcome.result.depth,
                            std::count(lines.begin(), lines.end(), '\n'), lines);
    }
    // One write per record, flushed: a run killed while writing leaves at most the last torn.
    out << text << std::flush;
}

OptimalJobs::Resumed OptimalJobs::resume(std::istream& in, const std::string& name) {
    Resumed resumed;
    std::string whole;
    if (!read_bounded(in, kMaxCheckpointBytes, whole))
        throw std::runtime_error(
            fmt::format("{}: larger than 1 GiB, the limit of a checkpoint", name));
    if (in.bad()) throw std::runtime_error(fmt::format("{}: read error", name));
    std::vector<std::string> text;
    std::vector<std::uint64_t> ends;  // the offset after each line
    for (std::size_t at = 0; at < whole.size();) {
        const auto end = whole.find('\n', at);
        text.push_back(whole.substr(at, end == std::string::npos ? std::string::npos : end - at));
        at = end == std::string::npos ? whole.size() : end + 1;
        ends.push_back(at);
    }
    auto bad = [&](std::size_t line, const std::string& why) {
        return std::runtime_error(fmt::format("{}:{}: {}", name, line + 1, why));
    };
    // The last line has its newline unless the run was killed while writing it: then it is the
    // start of a torn record, set apart before anything is read, and cut off only if it is the
    // start of what this program writes there (nothing else in the file is ever cut off).
    std::optional<std::string> torn;
    if (!whole.empty() && whole.back() != '\n') {
        torn = text.back();
        text.pop_back();
        ends.pop_back();
    }
    const std::string tree_header = decision_tree_header(space_);
    // Whether `line` can be the start of a record's first line, or of a line of its strategy.
    auto record_start = [&](const std::string& line) {
        if (std::string_view("part ").starts_with(line)) return true;
        return line.starts_with("part ") && line.size() < 200 &&
               std::all_of(line.begin(), line.end(), [](char c) {
                   return c == ' ' || c == '-' || (c >= '0' && c <= '9') ||
                          (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'z');
               });
    };
    auto tree_line = [&](const std::string& line, bool first) {
        if (first) return tree_header.starts_with(line);
        return line.size() < 4096 && std::all_of(line.begin(), line.end(), [](char c) {
                   return c == ' ' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
               });
    };
    auto cut_torn = [&](std::size_t line, const std::string& why) {
        if (!torn || !record_start(*torn)) throw bad(line, why);
        resumed.torn = 1;
    };
    if (text.empty()) {
        // Nothing but the start of a header, or nothing at all: a checkpoint not written yet.
        if (torn && !header().starts_with(*torn))
            throw bad(
                0, fmt::format("expected the header '{}' (a checkpoint of this game)", header()));
        resumed.torn = torn ? 1 : 0;
        return resumed;
    }
    if (text[0] != header()) {
        throw bad(0, fmt::format("expected the header '{}' (a checkpoint of this game)", header()));
    }
    resumed.good_bytes = ends[0];
    if (torn && text.size() == 1) cut_torn(1, "expected a record");
    const std::size_t known_before = known_.size();
    const std::size_t answer_count = space_.rules() == Rules::classic ? 2 : 3;
    for (std::size_t i = 1; i < text.size();) {
        const std::size_t at = i;
        std::istringstream fields(text[i++]);
        std::vector<std::string> w;
        for (std::string f; fields >> f;) w.push_back(f);
        const std::size_t fixed = 2 + answer_count + 2;  // part FIRST ANSWER.. LEFT KIND
        if (w.size() < fixed || w[0] != "part")
            throw bad(at, "expected 'part FIRST ANSWER LEFT exact|at-least ...'");
        const auto first = space_.parse(w[1]);
        if (!first)
            throw bad(at, fmt::format("first guess '{}' {}", w[1], space_.describe_bad(w[1])));
        std::uint32_t counts[3] = {0, 0, 0};
        for (std::size_t a = 0; a < answer_count; ++a) {
            const auto& f = w[2 + a];
            if (f.size() != 1 || f[0] < '0' || f[0] > '9' || f[0] - '0' > space_.pegs())
                throw bad(at, fmt::format("answer '{}' is not a peg count", f));
            counts[a] = static_cast<std::uint32_t>(f[0] - '0');
        }
        const auto p1 = static_cast<std::uint32_t>(space_.pegs() + 1);
        const std::uint32_t answer = answer_count == 2
                                         ? counts[0] * p1 + counts[1]
                                         : (counts[0] * p1 + counts[1]) * p1 + counts[2];
        auto number = [&](const std::string& f, const char* what) {
            if (f.empty() || f.size() > 12 ||
                !std::all_of(f.begin(), f.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
                throw bad(at, fmt::format("{} '{}' is not a number", what, f));
            return std::stoull(f);
        };
        const auto left = static_cast<int>(number(w[2 + answer_count], "guesses left"));
        if (left < 1 || left > OptimalSearch::kUnbounded)
            throw bad(at, fmt::format("guesses left {} is out of range", left));
        const std::string& kind = w[3 + answer_count];
        std::vector<std::uint32_t> secrets;
        for (std::uint32_t s = 0; s < space_.size(); ++s) {
            if (space_.feedback(*first, s) == answer && answer != space_.win())
                secrets.push_back(s);
        }
        if (secrets.empty()) throw bad(at, "no secret gives that answer to that first guess");
        // A total and its squares as the search packs them (optimal_value.hpp).
        auto value = [&](const std::string& t, const std::string& q) {
            const auto total = number(t, "total"), squares = number(q, "squares");
            if (total >= OptimalSearch::kImpossible.total || squares > 0xffffffffu)
                throw bad(at, fmt::format("the value {} {} is out of range", total, squares));
            return value_of(total, squares);
        };
        Known k;
        if (kind == "at-least" && w.size() == fixed + 2) {
            k.value = value(w[fixed], w[fixed + 1]);
        } else if (kind == "exact" && w.size() == fixed + 4) {
            k.exact = true;
            k.value = value(w[fixed], w[fixed + 1]);
            k.depth = static_cast<int>(number(w[fixed + 2], "depth"));
            const auto count = number(w[fixed + 3], "lines");
            if (count > text.size() - i) {
                // Killed while writing its strategy: the last record, cut short. Its lines so far
                // must be those of a strategy.
                for (std::size_t l = i; l < text.size(); ++l) {
                    if (!tree_line(text[l], l == i)) throw bad(l, "its strategy is cut short");
                }
                if (torn && !tree_line(*torn, i == text.size()))
                    throw bad(text.size(), "its strategy is cut short");
                resumed.torn = 1;
                break;
            }
            std::string tree_text;
            for (std::uint64_t l = 0; l < count; ++l) tree_text += text[i++] + '\n';
            std::istringstream tree_in(tree_text);
            try {
                k.tree = read_decision_tree(
                    tree_in, fmt::format("{} (the record of line {})", name, at + 1));
            } catch (const std::runtime_error& e) {
                throw bad(at, e.what());
            }
            if (auto why = k.tree.mismatch(space_); !why.empty())
                throw bad(at, "its strategy " + why);
            const Replay r = replay(space_, k.tree, secrets, left);
            if (!r.why.empty()) throw bad(at, r.why);
            if (r.value != k.value || r.depth != k.depth) {
                throw bad(at, fmt::format("its strategy totals {} (squares {}, depth {}), not the "
                                          "value recorded",
                                          total_of(r.value), squares_of(r.value), r.depth));
            }
        } else {
            throw bad(at, "expected 'exact TOTAL SQUARES DEPTH LINES' or 'at-least TOTAL SQUARES'");
        }
        // Records of one part agree: its exact value is above none of its lower bounds.
        const KnownKey key{*first, answer, left};
        if (const auto it = known_.find(key); it != known_.end()) {
            const Known& before = it->second;
            const bool contradicts =
                k.exact ? (before.exact ? before.value != k.value : before.value > k.value)
                        : (before.exact && k.value > before.value);
            if (contradicts) throw bad(at, "contradicts an earlier record of the same part");
        }
        Known& slot = known_[key];
        if (!slot.exact) {
            if (k.exact) {
                slot = std::move(k);
            } else {
                slot.value = std::max(slot.value, k.value);
            }
        }
        resumed.records = known_.size() - known_before;
        resumed.good_bytes = ends[i - 1];
        // A torn record after the last whole one.
        if (i == text.size() && torn) cut_torn(i, "expected a record");
    }
    // What the records prove, taken into the parts of this search.
    for (auto& g : guesses_) {
        for (auto& p : g.parts) take_known(p, g.code);
    }
    std::vector<std::uint64_t> none;
    settle(none);
    return resumed;
}

std::optional<std::pair<std::uint32_t, OptimalSearch::Optimum>> OptimalJobs::best() const {
    if (best_index_ >= guesses_.size()) return std::nullopt;
    return std::pair{guesses_[best_index_].code, unpack(best_)};
}

std::size_t OptimalJobs::open_guesses() const {
    std::size_t n = 0;
    for (std::size_t c = 0; c < guesses_.size(); ++c) n += !guesses_[c].failed && c != best_index_;
    return n;
}

void OptimalJobs::take_known(Part& part, std::uint32_t first) {
    const auto it = known_.find({first, part.answer, child_left_});
    if (it == known_.end() || part.status == Status::running) return;
    const Known& k = it->second;
    if (k.exact) {
        part.status = Status::exact;
        part.value = k.value;
        part.depth = k.depth;
        part.tree = k.tree;
    } else {
        part.value = std::max(part.value, k.value);
    }
}

}  // namespace mastermind
