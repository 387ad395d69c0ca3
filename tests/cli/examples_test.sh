#!/usr/bin/env bash
# The installed library as another project uses it (docs/api.md): `cmake --install` of the build
# into a temporary prefix, then examples/ built against it with find_package(mastermind) and again
# with pkg-config alone; each program must print Knuth's 5801. Also: every installed header
# compiles on its own flags, and no path of the source or build tree is left in the package.
# Release flavour only (the sanitize flavour's libraries would need the sanitizers' flags).
# Usage: examples_test.sh BUILD_DIR EXAMPLES_DIR CXX   (needs everything installed built: the
#        libraries, mastermind, and mastermind-mpi where MPI was found)
set -u
build=$(cd "$1" && pwd)
examples=$(cd "$2" && pwd)
cxx=$3
source "$(dirname "$0")/lib.sh"
prefix=$tmp/prefix
source_dir=$(dirname "$examples")
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
libdir=${libdir:-lib}
flags=(-Wall -Wextra -Wpedantic -Werror)
# shown() NAME LOG COMMAND...: check that COMMAND succeeds, its output in LOG, shown if it fails.
shown() {
    local name=$1 log=$2
    shift 2
    "$@" >"$log" 2>&1
    check "$name" test "$?" -eq 0 || { tail -20 "$log" | sed 's/^/  | /'; return 1; }
}

shown "cmake --install into a fresh prefix" "$tmp/install.log" cmake --install "$build" --prefix "$prefix"
for file in include/mastermind/version.hpp include/mastermind/ordinary/evaluation.hpp \
            "$libdir/libmastermind_core.a" "$libdir/cmake/mastermind/mastermindConfig.cmake" \
            "$libdir/cmake/mastermind/mastermindConfigVersion.cmake" "$libdir/cmake/mastermind/mastermindTargets.cmake" \
            "$libdir/pkgconfig/mastermind.pc" bin/mastermind; do
    check "installed: $file" test -s "$prefix/$file"
done
if [ -x "$build/mastermind-mpi" ]; then
    check "installed: bin/mastermind-mpi" test -x "$prefix/bin/mastermind-mpi"
fi
version=$(sed -n 's/^#define MASTERMIND_VERSION "\(.*\)"$/\1/p' "$prefix/include/mastermind/version.hpp")
check "the installed mastermind --version says $version (version.hpp's)" \
    test "$("$prefix/bin/mastermind" --version)" = "mastermind $version"
check "the package names no path of the source or build tree" \
    bash -c "! grep -rl -e '$source_dir/' -e '$build' '$prefix/$libdir/cmake' '$prefix/$libdir/pkgconfig'"
check "the package exports no precompiled header" bash -c "! grep -rli precompile '$prefix/$libdir/cmake'"

# CMake: find_package(mastermind CONFIG REQUIRED) from the prefix and nowhere else.
shown "examples/: configured against the prefix" "$tmp/configure.log" \
    cmake -S "$examples" -B "$tmp/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_FLAGS="${flags[*]}"
check "examples/: found the package in the prefix" \
    grep -qx "mastermind_DIR:PATH=$prefix/$libdir/cmake/mastermind" "$tmp/build/CMakeCache.txt"
shown "examples/: built" "$tmp/build.log" cmake --build "$tmp/build"
"$tmp/build/knuth_4x6" >"$tmp/knuth.out" 2>&1
check "knuth_4x6 (CMake): exit 0" test "$?" -eq 0
check "knuth_4x6 (CMake): 1296 secrets, 5801 guesses, worst 5" \
    grep -qx "knuth on 4x6: 1296 secrets, 5801 guesses, worst 5" "$tmp/knuth.out"

# pkg-config alone: the flags it gives compile the same program and every header.
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
if shown "pkg-config --cflags --libs --static mastermind" "$tmp/pkg-config.log" \
    pkg-config --cflags --libs --static mastermind; then
    read -ra pc_flags <"$tmp/pkg-config.log"
    echo "     (${pc_flags[*]})"
    shown "knuth_4x6 (pkg-config): built" "$tmp/pc-build.log" \
        "$cxx" -std=c++20 -O2 "${flags[@]}" "$examples/knuth_4x6.cpp" -o "$tmp/knuth_pc" "${pc_flags[@]}"
    "$tmp/knuth_pc" >"$tmp/knuth_pc.out" 2>&1
    check "knuth_4x6 (pkg-config): exit 0, 5801 guesses" \
        test "$?:$(cat "$tmp/knuth_pc.out")" = "0:knuth on 4x6: 1296 secrets, 5801 guesses, worst 5"
    (cd "$prefix/include" && find mastermind -name '*.hpp' | sort | sed 's/.*/#include "&"/') >"$tmp/all_headers.cpp"
    check "every installed header is included ($(wc -l <"$tmp/all_headers.cpp"))" test "$(wc -l <"$tmp/all_headers.cpp")" -gt 40
    shown "every installed header compiles with pkg-config's flags only" "$tmp/headers.log" \
        "$cxx" -std=c++20 -fsyntax-only "${flags[@]}" "$tmp/all_headers.cpp" "${pc_flags[@]}"
fi
# The Python package, where the build has it: installed under the prefix beside the libraries
# (the README's install line puts it under /usr/local, on Debian python3's path), and importable
# from there alone.
python_dir=$(sed -n 's/^MASTERMIND_PYTHON_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ -n "$python_dir" ]; then
    check "installed: the Python package in $python_dir" test -s "$prefix/$python_dir/mastermind/__init__.py"
    out=$(cd "$tmp" && PYTHONPATH="$prefix/$python_dir" /usr/bin/python3 -c \
        "import mastermind as m; print(m.__file__.startswith('$prefix/'), m.evaluate(m.Ordinary(4, 6), 'knuth').total)" 2>&1)
    check "the installed package imports and evaluates Knuth on 4x6: 5801 ($out)" test "$out" = "True 5801"
fi
echo "examples_test: $failures failures"
test "$failures" -eq 0
