#include "mastermind/ordinary/table.hpp"

#include <fmt/format.h>

#include "mastermind/core/text.hpp"

namespace mastermind {

OrdinaryTable::OrdinaryTable(const OrdinaryParams& params, std::uint64_t seed)
    : params_(params),
      space_(params.rules, params.shape()),
      seed_(seed),
      secret_(*space_.parse(
          seeded_ordinary_game(params, std::nullopt, seed).secret.to_string(kGameSymbols))),
      session_(space_) {}

std::string OrdinaryTable::guess(std::string_view text) {
    if (over()) return "the game is over";
    const auto code = space_.parse(text);
    if (!code)
        return fmt::format("'{}' is not a guess: {}", text.substr(0, 40),
                           space_.describe_bad(text));
    session_.add(*code, space_.feedback(*code, secret_));
    if (session_.solved()) {
        outcome_ = TableOutcome::won;
    } else if (static_cast<int>(session_.history().size()) >= params_.max_guesses) {
        outcome_ = TableOutcome::lost;
    }
    return {};
}

OrdinaryHint OrdinaryTable::hint(std::string_view name, const Budget& budget) const {
    OrdinaryHint hint;
    if (over()) {
        hint.why_not = "the game is over";
        return hint;
    }
    const CodebreakerInfo* info =
        hint_codebreaker(name.empty() ? "auto" : name, space_, hint.why_not);
    if (!info) return hint;
    hint.codebreaker = info->name;
    if (!session_.hint_within_reach()) {
        hint.why_not = fmt::format(
            "{} the answers, too many for a codebreaker to weigh quickly in a game "
            "this large; another guess narrows them",
            fits(session_.consistent().size()));
        return hint;
    }
    CodebreakerOptions options;
    options.max_guesses = params_.max_guesses;
    options.budget = budget;
    try {
        hint.code = session_.hint(*info, options);
    } catch (const BudgetExhausted& e) {
        hint.why_not =
            fmt::format("{} ({}); a guess of your own narrows the codes", e.what(), info->name);
    } catch (const std::exception& e) {
        hint.why_not = e.what();
    }
    return hint;
}

void OrdinaryTable::give_up() {
    if (!over()) outcome_ = TableOutcome::gave_up;
}

}  // namespace mastermind
