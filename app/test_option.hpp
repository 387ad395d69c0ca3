// A test given on the command line: its B strings between quotes, spaces between
// (`first-test --from`, `second-tests --first-test`).
#pragma once

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind::app {

// The test, or nothing after a message naming the command, the option and what is wrong.
inline std::optional<std::vector<PackedCode>> parse_test_option(std::string_view command,
                                                                std::string_view option,
                                                                const std::string& text,
                                                                const BatchParams& p) {
    if (text.find_first_not_of(" \t") == std::string::npos) {
        complain("{}: {} is empty; it takes the {} strings of a test between quotes\n", command,
                 option, p.batch);
        return std::nullopt;
    }
    std::vector<PackedCode> test;
    std::istringstream words(text);
    for (std::string word; words >> word;) {
        const auto code = PackedCode::parse(word, p);
        if (!code) {
            complain("{}: {}: '{}' is not a string of {} pegs over {} colours\n", command, option,
                     word.substr(0, 40), p.pegs, p.colours);
            return std::nullopt;
        }
        if (std::find(test.begin(), test.end(), *code) != test.end()) {
            complain("{}: {}: '{}' twice (a test's strings are distinct)\n", command, option, word);
            return std::nullopt;
        }
        test.push_back(*code);
    }
    if (static_cast<int>(test.size()) != p.batch) {
        complain("{}: {} has {} strings; a test has {} (-B)\n", command, option, test.size(),
                 p.batch);
        return std::nullopt;
    }
    return test;
}

}  // namespace mastermind::app
