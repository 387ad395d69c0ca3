// A small SVG writer for the pictures of games, histograms and trees: elements appended as text,
// every attribute value and text escaped.
#pragma once

#include <string>
#include <string_view>

namespace mastermind::svg {

// `text` with &, <, >, " and ' escaped for XML.
std::string escape(std::string_view text);

class Document {
  public:
    Document(double width, double height, std::string_view title);
    void rect(double x, double y, double w, double h, std::string_view fill,
              std::string_view stroke = "none", double radius = 0);
    void circle(double cx, double cy, double r, std::string_view fill,
                std::string_view stroke = "#333");
    // anchor: "start", "middle" or "end".
    void text(double x, double y, std::string_view content, double size = 14,
              std::string_view anchor = "start", std::string_view fill = "#222",
              std::string_view weight = "normal");
    void line(double x1, double y1, double x2, double y2, std::string_view stroke = "#999");
    std::string finish() const;

  private:
    std::string head_, body_;
};

// Fill colours of the 16 symbols 0-9, A-F, the same hues as the terminal board.
std::string_view peg_colour(int symbol);

}  // namespace mastermind::svg
