#!/usr/bin/env bash
# Builds the page that plays in any browser without a server (docs/web.md): the game libraries
# compiled to WebAssembly by Debian's emscripten, their JavaScript API and the page, into
# build/web/site/ (serve that folder with any static file server, or `mastermind serve`).
# Usage: scripts/build-web.sh        -> prints the site's folder and its size
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh web
# emscripten's JavaScript optimiser needs Debian's acorn (node-acorn), which Debian's own nodejs
# finds in /usr/share/nodejs; a node installed otherwise (this machine's comes first in PATH) is
# told where.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# The configuration is redone only when missing (Ninja reruns CMake when a CMakeLists.txt changes).
if [ ! -f build/web/build.ninja ]; then
    emcmake cmake -S . -B build/web -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/web --target mastermind_web_page
echo "build-web: $(du -sh build/web/site | cut -f1) in build/web/site/"
