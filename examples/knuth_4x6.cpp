// Knuth's codebreaker (1976) against every secret of ordinary Mastermind, 4 pegs of 6 colours:
// 5801 guesses in all over the 1296 secrets, at most 5 a game, the winning guess counted.
// The same as `mastermind evaluate --game ordinary --strategy knuth --all`.
#include <cstdio>

#include "mastermind/ordinary/evaluation.hpp"

int main() {
    using namespace mastermind;
    const CodeSpace space(Rules::classic, 4, 6);  // every code, numbered 0 .. 6^4-1

    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("knuth");  // all_codebreakers() lists them all
    options.codebreaker_options.first =
        default_first_guess(*options.codebreaker, space);  // 0011 (Knuth's 1122)
    const OrdinaryEvaluation result =
        evaluate_ordinary_all(space, options);  // walks the decision tree

    std::printf("knuth on %dx%d: %llu secrets, %llu guesses, worst %d\n", space.pegs(),
                space.colours(), static_cast<unsigned long long>(result.games),
                static_cast<unsigned long long>(result.total), result.worst);
    return result.failures == 0 && result.total == 5801 ? 0 : 1;
}
