// How a person's game against a hidden secret stands, in either game (batch/table.hpp,
// ordinary/table.hpp).
#pragma once

#include <string_view>

namespace mastermind {

enum class TableOutcome { playing, won, lost, gave_up };

// "playing", "won", "lost", "gave up": as the front ends name it (serve's page, Python).
constexpr std::string_view to_string(TableOutcome outcome) {
    switch (outcome) {
        case TableOutcome::won:
            return "won";
        case TableOutcome::lost:
            return "lost";
        case TableOutcome::gave_up:
            return "gave up";
        case TableOutcome::playing:
            break;
    }
    return "playing";
}

}  // namespace mastermind
