// Shapiro (1983), "Mastermind" (as in the comparisons of Neuwirth and Kooi): always guess the
// first consistent code, in code order.
#include "codebreakers.hpp"

namespace mastermind::codebreakers {

namespace {

class FirstConsistent final : public Codebreaker {
  public:
    explicit FirstConsistent(const CodebreakerOptions& options) : first_(options.first) {}
    std::uint32_t next(const OrdinaryPosition& position) override {
        if (position.history.empty() && first_) return *first_;
        if (position.consistent.empty())
            throw InconsistentAnswers("no code fits the answers so far");
        return position.consistent.front();
    }

  private:
    std::optional<std::uint32_t> first_;
};

}  // namespace

std::unique_ptr<Codebreaker> make_shapiro(const CodeSpace&, const CodebreakerOptions& options) {
    return std::make_unique<FirstConsistent>(options);
}

}  // namespace mastermind::codebreakers
