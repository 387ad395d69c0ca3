# The third-party libraries of the browser build (included by the top CMakeLists.txt under
# emscripten). Debian's packages hold native libraries, which a WebAssembly link cannot use, but
# nlohmann-json is a header-only library and fmt's compiled part is one file over its headers
# (web/compat/fmt/format.cpp), and their headers are Debian's own (libfmt-dev,
# nlohmann-json3-dev). They are reached through a folder of links in the build tree holding only
# them: /usr/include itself would put glibc's headers before
# emscripten's C library. TBB has no WebAssembly build: web/compat/tbb runs the libraries'
# parallel loops serially, and the browser build has no threads.
set(MASTERMIND_WEB_HEADERS ${PROJECT_BINARY_DIR}/third_party/include)
file(MAKE_DIRECTORY ${MASTERMIND_WEB_HEADERS})
foreach(dir fmt nlohmann)
    if(NOT EXISTS /usr/include/${dir})
        message(FATAL_ERROR "/usr/include/${dir} is missing: bash scripts/install-deps.sh installs it")
    endif()
    file(CREATE_LINK /usr/include/${dir} ${MASTERMIND_WEB_HEADERS}/${dir} SYMBOLIC)
endforeach()

add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${MASTERMIND_WEB_HEADERS})
add_library(TBB::tbb INTERFACE IMPORTED)
set_target_properties(TBB::tbb PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}/web/compat)
add_library(Threads::Threads INTERFACE IMPORTED)

# C++ exceptions as WebAssembly exceptions (every browser of the last years has them): the
# libraries report bad input and spent budgets by throwing, and the API catches and says why.
add_compile_options(-fwasm-exceptions)
# WebAssembly SIMD (every current browser), and the SSE2 intrinsics of the batch game's packed
# codes translated to it by emscripten's headers.
add_compile_options(-msimd128 -msse2)
# WebAssembly's size_t is 32 bits: clang flags every 64-bit count stored in one. The page's games
# are bounded far below 2^32 codes (web/src/api.cpp), as are the sets the libraries keep.
add_compile_options(-Wno-shorten-64-to-32)
add_link_options(-fwasm-exceptions)

# fmt's compiled part, with the options above (exceptions must match across the link).
add_library(mastermind_web_fmt STATIC ${PROJECT_SOURCE_DIR}/web/compat/fmt/format.cpp)
target_include_directories(mastermind_web_fmt SYSTEM PUBLIC ${MASTERMIND_WEB_HEADERS})
add_library(fmt::fmt ALIAS mastermind_web_fmt)
