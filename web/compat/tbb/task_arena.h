// Stands in for oneTBB's <tbb/task_arena.h> in the browser build: serial.h.
#pragma once
#include "serial.h"
