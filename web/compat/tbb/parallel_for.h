// Stands in for oneTBB's <tbb/parallel_for.h> in the browser build: serial.h.
#pragma once
#include "serial.h"
