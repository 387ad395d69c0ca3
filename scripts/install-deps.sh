#!/usr/bin/env bash
# Installs the Debian packages the project builds, tests and benchmarks with.
# Fast when everything is present: it only calls apt-get for what is missing.
# Usage: install-deps.sh          what building, running and benchmarking need
#        install-deps.sh suite    what only the test suite needs besides: chromium, its WebDriver
#                                 and Selenium (the browser test of `mastermind serve`),
#                                 OpenMPI (the MPI front end, mastermind-mpi, and its test), and
#                                 pytest, matplotlib and mypy (the Python module's tests, its
#                                 example plot, the check of its type stub);
#                                 scripts/test.sh installs them while the release flavour builds
#        install-deps.sh web      emscripten, which compiles the engine to WebAssembly for the page
#                                 that plays in a browser without a server (scripts/build-web.sh)
set -euo pipefail
group=${1:-build}
packages=(
    cmake ninja-build g++ clang libclang-rt-14-dev  # toolchain; clang for libFuzzer and sanitizers
    libcli11-dev                                     # command line parsing
    libfmt-dev                                       # output formatting
    libgtest-dev libgmock-dev librapidcheck-dev      # unit, differential and property tests
    libbenchmark-dev                                 # micro-benchmarks
    nlohmann-json3-dev                               # JSON transcripts and --json output
    libcpp-httplib-dev pkgconf                       # the web page of mastermind serve (found by pkg-config)
    libtbb-dev                                       # parallel evaluation
    libcadical-dev                                   # the SAT solver of the second tests' exact repair (second-tests --repair)
    hyperfine                                        # timing whole CLI runs side by side
    jq                                               # the CLI tests read JSON reports and logs
    procps time                                      # the process checks of the suite; peak memory of runs
    graphviz libxml2-utils python3                   # decision trees as pictures (dot); the tests check SVGs (xmllint) and drive play through a pty
    pybind11-dev python3-dev python3-numpy           # the Python module (python/, docs/python.md): bindings, headers, arrays
)
case "$group" in
    build) ;;
    web) packages=(emscripten) ;;
    suite) packages=(emscripten chromium chromium-driver python3-selenium libopenmpi-dev openmpi-bin python3-pytest python3-matplotlib python3-mypy) ;;
    *) echo "install-deps: unknown group '$group' (build, suite or web)" >&2; exit 2 ;;
esac
# One dpkg-query for the whole list (a call per package takes seconds). It fails when a package
# is unknown to dpkg, which is the case to handle, not an error: `|| true` under pipefail.
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>/dev/null | awk '$NF == "installed" {print $1}' || true)
missing=()
for p in "${packages[@]}"; do
    grep -qx -- "$p" <<<"$installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "install-deps: installing ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    install() { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
    # The package lists are refreshed first, unless the suite group comes right after the build
    # group has refreshed them (scripts/test.sh); then only when the install fails without.
    if [ "$group" = suite ] && install 2>/dev/null; then
        exit 0
    fi
    $SUDO apt-get update -qq
    install
fi
