// Stands in for oneTBB's <tbb/enumerable_thread_specific.h> in the browser build: serial.h.
#pragma once
#include "serial.h"
