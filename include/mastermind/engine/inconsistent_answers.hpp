// Thrown by a strategy or codebreaker when the answers so far fit no secret: the judge lied, a
// score was entered wrongly, or the strategy has a bug. Both games use it.
#pragma once

#include <stdexcept>

namespace mastermind {

class InconsistentAnswers : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace mastermind
