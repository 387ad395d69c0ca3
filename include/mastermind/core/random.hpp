// The project's one source of randomness: a seeded generator whose output is the same on every
// platform (std::mt19937_64 is fully specified; the std:: distributions are not, so the bounded
// draws are our own).
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace mastermind {

class Rng {
  public:
    explicit Rng(std::uint64_t seed) : engine_(seed) {}

    std::uint64_t next() { return engine_(); }

    // Uniform in [0, bound), bound > 0: Lemire's multiply-and-reject, unbiased.
    std::uint64_t below(std::uint64_t bound) {
        for (;;) {
            const Wide product = static_cast<Wide>(engine_()) * static_cast<Wide>(bound);
            const auto low = static_cast<std::uint64_t>(product);
            if (low >= bound || low >= (-bound) % bound) {
                return static_cast<std::uint64_t>(product >> 64);
            }
        }
    }

    // Uniform in [lo, hi].
    std::int64_t between(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }

    // Uniform in [0, 1), on the 53 bits of a double.
    double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

    // True with probability numerator / denominator.
    bool chance(std::uint64_t numerator, std::uint64_t denominator) {
        return below(denominator) < numerator;
    }

    // The generator's whole state as text, and back: a long run's checkpoint resumes with the
    // draws it would have made. restore() returns false (leaving the state as it was) when the
    // text is not a state.
    std::string state() const {
        std::ostringstream out;
        out << engine_;
        return out.str();
    }
    bool restore(const std::string& text) {
        std::istringstream in(text);
        std::mt19937_64 engine;
        if (!(in >> engine)) return false;
        in >> std::ws;
        if (!in.eof()) return false;
        engine_ = engine;
        return true;
    }

  private:
    __extension__ typedef unsigned __int128 Wide;
    std::mt19937_64 engine_;
};

// An independent seed for item `index` of a seeded run (game i of an arena, secret i of a
// sample), so that results do not depend on the order or the parallelism of the items.
// SplitMix64 finaliser over seed and index.
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// `count` secret indices drawn uniformly (with repeats) from 0 .. secrets-1 by Rng(seed): the
// sample of `mastermind evaluate --sample N --seed S`, in either game and from every front end.
inline std::vector<std::uint64_t> draw_sample(std::uint64_t secrets, std::uint64_t count,
                                              std::uint64_t seed) {
    Rng rng(seed);
    std::vector<std::uint64_t> sample(count);
    for (auto& s : sample) s = rng.below(secrets);
    return sample;
}

}  // namespace mastermind
