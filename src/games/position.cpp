#include "mastermind/games/position.hpp"

#include "mastermind/games/secret_enumeration.hpp"

namespace mastermind {

Position Position::exact(const BatchParams& params, std::span<const TestRecord> history,
                         std::span<const std::uint32_t> consistent) {
    Position p(params, history);
    p.exact_ = consistent;
    return p;
}

Position Position::lazy(const BatchParams& params, std::span<const TestRecord> history,
                        const std::vector<std::uint32_t>* before_last) {
    Position p(params, history);
    p.before_last_ = history.empty() ? nullptr : before_last;
    return p;
}

std::span<const std::uint32_t> Position::consistent() const {
    if (exact_) return *exact_;
    if (!computed_) {
        computed_ = before_last_ ? filter_secrets(*before_last_, history_.back(), params_)
                                 : secrets_consistent(history_, params_);
    }
    return *computed_;
}

}  // namespace mastermind
