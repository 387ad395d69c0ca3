#include <algorithm>

#include <fmt/format.h>

#include "mastermind/pictures/pictures.hpp"
#include "mastermind/pictures/svg.hpp"

namespace mastermind {

std::string histogram_svg(const HistogramRecord& h) {
    const double left = 80, bottom_margin = 70, top = 90, plot_height = 300;
    const double bar = 48, gap = 14;
    const std::size_t n = h.counts.size();
    const double width = std::max({520.0, left + static_cast<double>(n) * (bar + gap) + 40,
                                   40 + 9.5 * static_cast<double>(h.title.size())});
    const double height = top + plot_height + bottom_margin;
    const std::uint64_t highest =
        n == 0 ? 1
               : std::max<std::uint64_t>(1, *std::max_element(h.counts.begin(), h.counts.end()));
    svg::Document doc(width, height, h.title);
    doc.text(20, 30, h.title, 16, "start", "#222", "bold");
    const double mean = h.games ? static_cast<double>(h.total) / static_cast<double>(h.games) : 0;
    doc.text(20, 54,
             fmt::format("{} games, {} {} in all, mean {:.4f}, worst {}", h.games, h.total, h.unit,
                         mean, h.worst),
             14);
    const double base = top + plot_height;
    doc.line(left - 10, base, width - 20, base, "#444");
    for (std::size_t i = 0; i < n; ++i) {
        const double x = left + static_cast<double>(i) * (bar + gap);
        const double tall =
            plot_height * static_cast<double>(h.counts[i]) / static_cast<double>(highest);
        if (h.counts[i] > 0) doc.rect(x, base - tall, bar, tall, "#3f7fbf", "#2a5a8a", 2);
        doc.text(x + bar / 2, base - tall - 6, std::to_string(h.counts[i]), 12, "middle");
        doc.text(x + bar / 2, base + 18, std::to_string(i), 13, "middle", "#444");
    }
    doc.text(left + static_cast<double>(n) * (bar + gap) / 2, base + 44, h.unit + " per game", 13,
             "middle", "#444");
    return doc.finish();
}

}  // namespace mastermind
