// Stands in for oneTBB's <tbb/global_control.h> in the browser build: serial.h.
#pragma once
#include "serial.h"
