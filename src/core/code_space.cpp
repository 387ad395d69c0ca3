#include "mastermind/core/code_space.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace mastermind {

std::string CodeSpace::check(const CodeShape& shape) {
    const int pegs = shape.pegs, colours = shape.colours;
    if (pegs < 1 || pegs > kMaxPegs)
        return fmt::format("pegs must be 1..{} (got {})", kMaxPegs, pegs);
    if (colours < 2 || colours > kMaxColours) {
        return fmt::format("colours must be 2..{} (got {})", kMaxColours, colours);
    }
    if (pegs * colours > 64) {
        return fmt::format("pegs x colours must be at most 64 (got {} x {} = {})", pegs, colours,
                           pegs * colours);
    }
    if (shape.distinct && pegs > colours) {
        return fmt::format(
            "codes of {} pegs without repeated colours need at least {} colours (got {})", pegs,
            pegs, colours);
    }
    // With P * K <= 64, codes of distinct colours are at most 9!/2!: only repeats reach the cap.
    const std::uint64_t n = shape.count();
    if (n > kMaxCodes)
        return fmt::format("{}^{} = {} codes is more than the {} this engine holds", colours, pegs,
                           n, kMaxCodes);
    return {};
}

CodeSpace::CodeSpace(Rules rules, const CodeShape& shape)
    : rules_(rules), shape_(shape), pegs_(shape.pegs), colours_(shape.colours) {
    if (auto why = check(shape); !why.empty()) throw std::invalid_argument(why);
    const int pegs = pegs_, colours = colours_;
    size_ = static_cast<std::uint32_t>(shape.count());
    const auto p1 = static_cast<std::uint32_t>(pegs + 1);
    const auto p = static_cast<std::uint32_t>(pegs);
    if (rules == Rules::classic) {
        slots_ = p * p + p + 1;
        win_ = p * p + p;
    } else {
        slots_ = p1 * p1 * p1;
        win_ = p * p1 * p1;
    }
    for (int i = 0; i < pegs; ++i) {
        const int base = i * colours;
        field_high_ |= std::uint64_t{1} << (base + colours - 1);
        field_low_ |= ((std::uint64_t{1} << (colours - 1)) - 1) << base;
    }
    digits_.resize(std::size_t{size_} * stride());
    masks_.resize(size_);
    // Code 0 is the least code (0000, or 0123 for distinct colours); each next one follows.
    std::vector<std::uint8_t> current(static_cast<std::size_t>(pegs));
    shape.digits(0, current);
    for (std::uint32_t code = 0; code < size_; ++code) {
        std::uint8_t* d = digits_.data() + std::size_t{code} * stride();
        std::copy(current.begin(), current.end(), d);
        shape.next(current);
        CodeMasks m;
        int count[kMaxColours] = {};
        for (int i = 0; i < pegs; ++i) {
            m.positions |= std::uint64_t{1} << (i * colours + d[i]);
            m.counts |= std::uint64_t{1} << (d[i] * pegs + count[d[i]]++);
        }
        masks_[code] = m;
    }
    std::unordered_map<std::uint64_t, std::uint32_t> classes;
    count_class_.resize(size_);
    for (std::uint32_t code = 0; code < size_; ++code) {
        const auto [it, fresh] = classes.try_emplace(
            masks_[code].counts, static_cast<std::uint32_t>(class_counts_.size()));
        if (fresh) class_counts_.push_back(masks_[code].counts);
        count_class_[code] = it->second;
    }
}

Score CodeSpace::decode(std::uint32_t feedback) const {
    if (rules_ == Rules::classic) {
        // f = b*P + c with b <= c <= P is unique: (b, P) and (b+1, 0) cannot both be scores.
        int b = static_cast<int>(feedback) / pegs_;
        int common = static_cast<int>(feedback) - b * pegs_;
        if (common < b) --b, common += pegs_;
        return {b, 0, common - b};
    }
    const int p1 = pegs_ + 1;
    const int f = static_cast<int>(feedback);
    return {f / (p1 * p1), (f / p1) % p1, f % p1};
}

std::uint32_t CodeSpace::encode(const Score& score) const {
    if (rules_ == Rules::classic) {
        return static_cast<std::uint32_t>(score.black * pegs_ + score.black + score.white);
    }
    const int p1 = pegs_ + 1;
    return static_cast<std::uint32_t>((score.black * p1 + score.grey) * p1 + score.white);
}

std::string CodeSpace::format_feedback(std::uint32_t feedback) const {
    const Score s = decode(feedback);
    return rules_ == Rules::classic ? fmt::format("{} {}", s.black, s.white)
                                    : fmt::format("{} {} {}", s.black, s.grey, s.white);
}

std::string CodeSpace::to_string(std::uint32_t code) const {
    std::string out;
    for (auto d : digits(code)) out += kSymbols[d];
    return out;
}

std::optional<std::uint32_t> CodeSpace::parse(std::string_view text) const {
    const auto n = shape_.parse(text);
    return n ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*n)) : std::nullopt;
}

std::string CodeSpace::describe_bad(std::string_view text) const {
    return shape_.describe_bad(text);
}

}  // namespace mastermind
