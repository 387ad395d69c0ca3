#include "mastermind/pictures/svg.hpp"

#include <array>

#include <fmt/format.h>

namespace mastermind::svg {

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

Document::Document(double width, double height, std::string_view title) {
    head_ = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
        "viewBox=\"0 0 {0:.0f} {1:.0f}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
        "<title>{2}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\"/>\n",
        width, height, escape(title));
}

void Document::rect(double x, double y, double w, double h, std::string_view fill,
                    std::string_view stroke, double radius) {
    body_ += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" rx=\"{:.1f}\" "
        "fill=\"{}\" stroke=\"{}\"/>\n",
        x, y, w, h, radius, escape(fill), escape(stroke));
}

void Document::circle(double cx, double cy, double r, std::string_view fill,
                      std::string_view stroke) {
    body_ += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" stroke=\"{}\"/>\n", cx, cy, r,
        escape(fill), escape(stroke));
}

void Document::text(double x, double y, std::string_view content, double size,
                    std::string_view anchor, std::string_view fill, std::string_view weight) {
    body_ += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.0f}\" text-anchor=\"{}\" fill=\"{}\" "
        "font-weight=\"{}\">{}</text>\n",
        x, y, size, escape(anchor), escape(fill), escape(weight), escape(content));
}

void Document::line(double x1, double y1, double x2, double y2, std::string_view stroke) {
    body_ += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"/>\n", x1, y1,
        x2, y2, escape(stroke));
}

std::string Document::finish() const {
    return head_ + body_ + "</svg>\n";
}

std::string_view peg_colour(int symbol) {
    static constexpr std::array<std::string_view, 16> kColours = {
        "#e53935", "#43a047", "#1e88e5", "#fdd835", "#d81b60", "#00acc1", "#fb8c00", "#f5f5f5",
        "#6d4c41", "#8e24aa", "#9ccc65", "#3949ab", "#c62828", "#757575", "#f48fb1", "#1b5e20"};
    return kColours[static_cast<std::size_t>(symbol) % kColours.size()];
}

}  // namespace mastermind::svg
