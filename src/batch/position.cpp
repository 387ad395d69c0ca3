#include "mastermind/batch/position.hpp"

#include "mastermind/batch/secret_enumeration.hpp"

namespace mastermind {

Position Position::exact(const BatchParams& params, std::span<const QueryRecord> history,
                         std::span<const std::uint32_t> consistent) {
    Position p(params, history);
    p.exact_ = consistent;
    return p;
}

Position Position::exact(const BatchParams& params, std::span<const QueryRecord> history,
                         std::span<const std::uint64_t> consistent) {
    Position p(params, history);
    p.exact_ = consistent;
    return p;
}

Position Position::lazy(const BatchParams& params, std::span<const QueryRecord> history,
                        const SecretSet* before_last) {
    Position p(params, history);
    p.before_last_ = history.empty() ? nullptr : before_last;
    return p;
}

bool Position::wide() const {
    if (exact_.index() != 0) return exact_.index() == 2;
    if (before_last_ != nullptr) return before_last_->index() == 1;
    return wide_indices(params_);
}

template <class Index>
std::span<const Index> Position::consistent_as() const {
    if (wide() != (sizeof(Index) == 8)) {
        throw std::logic_error(
            wide() ? "this position's secrets have 64-bit indices: read them with visit_consistent"
                   : "this position's secrets have 32-bit indices");
    }
    if (const auto* exact = std::get_if<std::span<const Index>>(&exact_)) return *exact;
    if (!computed_) {
        computed_ = before_last_
                        ? filter_secrets(
                              std::span<const Index>(std::get<std::vector<Index>>(*before_last_)),
                              history_.back(), params_)
                        : secrets_consistent<Index>(history_, params_);
    }
    return std::get<std::vector<Index>>(*computed_);
}

template std::span<const std::uint32_t> Position::consistent_as<std::uint32_t>() const;
template std::span<const std::uint64_t> Position::consistent_as<std::uint64_t>() const;

}  // namespace mastermind
