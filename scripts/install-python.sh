#!/usr/bin/env bash
# Installs the Python module `mastermind` (docs/python.md) for Debian's python3: the packages it
# needs, the release build of the module, and the package under PREFIX (default /usr/local, whose
# lib/python3.X/dist-packages Debian's python3 reads). Then checks that it imports.
# Usage: scripts/install-python.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
bash scripts/install-deps.sh
bash scripts/build.sh release mastermind_python
SUDO=""
[ -w "$prefix" ] || [ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO cmake --install build/release --component python --prefix "$prefix"
dir=$(sed -n 's/^MASTERMIND_PYTHON_DIR:[A-Z]*=//p' build/release/CMakeCache.txt)
# Checked from another directory: the build tree must not be what is imported.
where=$(cd / && PYTHONPATH="$prefix/$dir${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 -c 'import mastermind; print(mastermind.__file__)')
echo "install-python: mastermind $(cd / && PYTHONPATH="$prefix/$dir" /usr/bin/python3 -c 'import mastermind; print(mastermind.__version__)') installed in $(dirname "$where")"
case "$prefix" in
    /usr/local | /usr) ;;
    *) echo "install-python: $prefix/$dir is not on python3's path: export PYTHONPATH=$prefix/$dir" ;;
esac
