// The scorer a user would write by hand, kept as the yardstick for `mastermind score`
// (docs/performance.md): iostream and std::string, and a left-first greedy scan for grey.
// Its output must equal `mastermind score`'s on valid input; the benchmark script checks that.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "#") break;
        std::istringstream fields(line);
        std::string target, guess;
        fields >> target >> guess;
        const std::size_t n = target.size();
        std::vector<bool> target_used(n, false), guess_used(n, false);
        int black = 0, grey = 0, white = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (target[i] == guess[i]) {
                target_used[i] = guess_used[i] = true;
                ++black;
            }
        }
        for (std::size_t i = 0; i < n; ++i) {  // grey: left neighbour first, then right
            if (guess_used[i]) continue;
            if (i > 0 && !target_used[i - 1] && target[i - 1] == guess[i]) {
                target_used[i - 1] = guess_used[i] = true;
                ++grey;
            } else if (i + 1 < n && !target_used[i + 1] && target[i + 1] == guess[i]) {
                target_used[i + 1] = guess_used[i] = true;
                ++grey;
            }
        }
        for (std::size_t i = 0; i < n; ++i) {  // white: any unused same colour
            if (guess_used[i]) continue;
            for (std::size_t j = 0; j < n; ++j) {
                if (!target_used[j] && target[j] == guess[i]) {
                    target_used[j] = guess_used[i] = true;
                    ++white;
                    break;
                }
            }
        }
        std::cout << guess << ": " << black << " black, " << grey << " grey, " << white
                  << " white\n";
    }
}
