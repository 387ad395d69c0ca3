#include "mastermind/ordinary/session.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "mastermind/ordinary/consistent_set.hpp"

namespace mastermind {

OrdinarySession::OrdinarySession(const CodeSpace& space) : space_(space) {
    sets_.push_back(all_codes(space));
}

void OrdinarySession::add(std::uint32_t guess, std::uint32_t feedback) {
    history_.push_back({guess, feedback});
    sets_.push_back(narrow(space_, sets_.back(), guess, feedback));
}

bool OrdinarySession::undo() {
    if (history_.empty()) return false;
    history_.pop_back();
    sets_.pop_back();
    return true;
}

bool OrdinarySession::correct(std::size_t turn, std::uint32_t feedback) {
    if (turn >= history_.size()) return false;
    history_[turn].feedback = feedback;
    for (std::size_t t = turn; t < history_.size(); ++t) {
        sets_[t + 1] = narrow(space_, sets_[t], history_[t].code, history_[t].feedback);
    }
    return true;
}

std::uint32_t OrdinarySession::hint(const CodebreakerInfo& info, CodebreakerOptions options) const {
    if (consistent().empty()) throw InconsistentAnswers("the answers so far fit no code");
    if (!options.first) options.first = default_first_guess(info, space_);
    const auto breaker = info.make(space_, options);
    return breaker->next(OrdinaryPosition{space_, history_, consistent()});
}

std::vector<OrdinarySession::Repair> OrdinarySession::repairs(std::size_t limit) const {
    if (history_.empty() || !consistent().empty()) return {};
    // For every code, the turns whose answer it contradicts; the codes with the fewest, grouped
    // by the corrections they ask for.
    std::size_t fewest = history_.size() + 1;
    std::map<std::vector<std::pair<std::size_t, std::uint32_t>>, std::uint64_t> ways;
    std::vector<std::pair<std::size_t, std::uint32_t>> wrong;
    for (std::uint32_t code = 0; code < space_.size(); ++code) {
        wrong.clear();
        for (std::size_t t = 0; t < history_.size() && wrong.size() <= fewest; ++t) {
            const std::uint32_t answer = space_.feedback(history_[t].code, code);
            if (answer != history_[t].feedback) wrong.emplace_back(t, answer);
        }
        if (wrong.size() > fewest) continue;
        if (wrong.size() < fewest) {
            fewest = wrong.size();
            ways.clear();
        }
        ++ways[wrong];
    }
    // Likeliest first: a person miscounts by a peg more often than by several, so the ways that
    // move fewest pegs between the answer given and the right one come first; then those that
    // leave more codes.
    auto pegs_moved = [&](const Repair& r) {
        int moved = 0;
        for (const auto& c : r.corrections) {
            const Score a = space_.decode(c.entered), b = space_.decode(c.correct);
            moved += std::abs(a.black - b.black) + std::abs(a.grey - b.grey) +
                     std::abs(a.white - b.white);
        }
        return moved;
    };
    std::vector<Repair> result;
    for (const auto& [corrections, codes] : ways) {
        Repair repair;
        repair.codes = codes;
        for (const auto& [turn, correct] : corrections) {
            repair.corrections.push_back({turn, history_[turn].feedback, correct});
        }
        result.push_back(std::move(repair));
    }
    std::stable_sort(result.begin(), result.end(), [&](const Repair& a, const Repair& b) {
        const int ma = pegs_moved(a), mb = pegs_moved(b);
        return ma != mb ? ma < mb : a.codes > b.codes;
    });
    if (result.size() > limit) result.resize(limit);
    return result;
}

}  // namespace mastermind
