// fmt's compiled part for the browser build, compiled once. Debian's libfmt-dev holds a native
// library only; the other targets of the browser build include fmt's headers as declarations, as
// with a compiled fmt, instead of as a header-only library whose implementation (floating-point
// formatting, vformat) each unity batch would compile and optimise again.
#include <fmt/format-inl.h>

#include <locale>

FMT_BEGIN_NAMESPACE
namespace detail {

// The templates fmt's headers declare and format-inl.h defines, for the types fmt's own compiled
// library instantiates them for.
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template auto decimal_point_impl(locale_ref) -> wchar_t;

}  // namespace detail
FMT_END_NAMESPACE
