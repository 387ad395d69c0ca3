#include "mastermind/core/code_shape.hpp"
#include "mastermind/core/text.hpp"

#include <fmt/format.h>

#include <limits>
#include <vector>

namespace mastermind {

namespace {

constexpr std::uint64_t kTooMany = std::numeric_limits<std::uint64_t>::max();

// n (n-1) ... (n-m+1): the distinct codes of m pegs over n colours; kTooMany when it overflows.
std::uint64_t falling(std::uint64_t n, int m) {
    std::uint64_t r = 1;
    for (int i = 0; i < m; ++i) {
        const std::uint64_t f = n - static_cast<std::uint64_t>(i);
        if (f == 0) return 0;
        if (r > kTooMany / f) return kTooMany;
        r *= f;
    }
    return r;
}

// One symbol of a code as a message quotes it (excerpt: a byte of a file's text neither cuts
// nor garbles the message).
std::string shown(char c) {
    return excerpt(std::string_view(&c, 1));
}

}  // namespace

std::uint64_t CodeShape::count() const {
    const auto k = static_cast<std::uint64_t>(colours);
    if (distinct) return pegs > colours ? 0 : falling(k, pegs);
    std::uint64_t n = 1;
    for (int i = 0; i < pegs; ++i) {
        if (n > kTooMany / k) return kTooMany;
        n *= k;
    }
    return n;
}

std::optional<std::uint64_t> CodeShape::number(std::span<const std::uint8_t> digits) const {
    if (digits.size() != static_cast<std::size_t>(pegs)) return std::nullopt;
    const auto k = static_cast<std::uint64_t>(colours);
    std::uint64_t n = 0;
    if (!distinct) {
        for (auto d : digits) {
            if (d >= colours) return std::nullopt;
            n = n * k + d;
        }
        return n;
    }
    // The rank: at peg i, the colours below d[i] not used before, each followed by every
    // arrangement of the pegs after it over the colours still unused.
    std::uint32_t used = 0;
    for (int i = 0; i < pegs; ++i) {
        const auto d = digits[static_cast<std::size_t>(i)];
        if (d >= colours || (used >> d & 1)) return std::nullopt;
        const auto below = static_cast<std::uint64_t>(__builtin_popcount(~used & ((1u << d) - 1)));
        n += below * falling(k - static_cast<std::uint64_t>(i) - 1, pegs - i - 1);
        used |= 1u << d;
    }
    return n;
}

void CodeShape::digits(std::uint64_t number, std::span<std::uint8_t> out) const {
    const auto k = static_cast<std::uint64_t>(colours);
    if (!distinct) {
        for (int i = pegs - 1; i >= 0; --i) {
            out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(number % k);
            number /= k;
        }
        return;
    }
    std::uint32_t used = 0;
    for (int i = 0; i < pegs; ++i) {
        const std::uint64_t block = falling(k - static_cast<std::uint64_t>(i) - 1, pegs - i - 1);
        std::uint64_t skip = number / block;  // unused colours to pass over
        number %= block;
        int c = 0;
        for (; c < colours - 1; ++c) {
            if (used >> c & 1) continue;
            if (skip == 0) break;
            --skip;
        }
        out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(c);
        used |= 1u << c;
    }
}

bool CodeShape::next(std::span<std::uint8_t> d) const {
    const auto p = static_cast<std::size_t>(pegs);
    if (!distinct) {
        for (std::size_t i = p; i-- > 0;) {
            if (++d[i] < colours) return true;
            d[i] = 0;
        }
        return false;
    }
    // The rightmost peg that can take a larger colour unused by the pegs before it; the pegs
    // after it then take the least unused colours in increasing order.
    std::uint32_t used = 0;
    for (std::size_t i = 0; i < p; ++i) used |= 1u << d[i];
    for (std::size_t i = p; i-- > 0;) {
        used &= ~(1u << d[i]);
        for (int c = d[i] + 1; c < colours; ++c) {
            if (used >> c & 1) continue;
            d[i] = static_cast<std::uint8_t>(c);
            used |= 1u << c;
            int least = 0;
            for (std::size_t j = i + 1; j < p; ++j) {
                while (used >> least & 1) ++least;
                d[j] = static_cast<std::uint8_t>(least);
                used |= 1u << least;
            }
            return true;
        }
    }
    return false;
}

std::optional<std::uint64_t> CodeShape::parse(std::string_view text) const {
    if (text.size() != static_cast<std::size_t>(pegs)) return std::nullopt;
    std::vector<std::uint8_t> d;
    d.reserve(text.size());
    for (char ch : text) {
        const auto at = kSymbols.find(ch);
        if (at == std::string_view::npos || at >= static_cast<std::size_t>(colours))
            return std::nullopt;
        d.push_back(static_cast<std::uint8_t>(at));
    }
    return number(d);
}

std::string CodeShape::describe_bad(std::string_view text) const {
    if (text.size() != static_cast<std::size_t>(pegs))
        return fmt::format("has {}, expected {}", count_of(text.size(), "symbol"), pegs);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto at = kSymbols.find(text[i]);
        if (at == std::string_view::npos || at >= static_cast<std::size_t>(colours)) {
            return fmt::format("has symbol '{}' at position {}, expected 0-{}", shown(text[i]),
                               i + 1, kSymbols[static_cast<std::size_t>(colours - 1)]);
        }
    }
    if (distinct) {
        for (std::size_t i = 0; i < text.size(); ++i) {
            const auto again = text.find(text[i], i + 1);
            if (again != std::string_view::npos) {
                return fmt::format("has '{}' twice (positions {} and {}): colours may not repeat",
                                   shown(text[i]), i + 1, again + 1);
            }
        }
    }
    return {};
}

std::string CodeShape::to_string(std::uint64_t number) const {
    std::vector<std::uint8_t> d(static_cast<std::size_t>(pegs));
    digits(number, d);
    std::string out;
    for (auto c : d) out += kSymbols[c];
    return out;
}

std::string CodeShape::name() const {
    return fmt::format("{}x{}{}", pegs, colours, distinct ? " distinct" : "");
}

}  // namespace mastermind
