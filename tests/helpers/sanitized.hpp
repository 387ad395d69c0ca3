// Whether the test binary runs under AddressSanitizer (the sanitize flavour of scripts/test.sh).
// A few exhaustive and random tests run fewer cases there: the same code paths on smaller games
// or fewer draws, while the release flavour checks every figure in full. Each use says what it
// leaves to the release flavour.
#pragma once

namespace mastermind::test_support {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace mastermind::test_support
