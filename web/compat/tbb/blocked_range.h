// Stands in for oneTBB's <tbb/blocked_range.h> in the browser build: serial.h.
#pragma once
#include "serial.h"
