// How a person's game against a hidden secret stands, in either game (batch/table.hpp,
// ordinary/table.hpp).
#pragma once

namespace mastermind {

enum class TableOutcome { playing, won, lost, gave_up };

}  // namespace mastermind
