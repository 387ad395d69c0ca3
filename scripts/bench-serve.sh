#!/usr/bin/env bash
# `mastermind serve` under a longer version of the suite's load test (tests/cli/serve_load_test.py),
# on the loopback only: CLIENTS players of ordinary 4x6 games by hints for SECONDS, 40 idle
# sockets twice while the page is fetched, a long count beside them, then SIGTERM. It prints the
# games played, p50/p99 per move, games in play dropped (must be 0), the page's time beside the
# idle sockets and the server's peak RSS, for docs/performance.md ("mastermind serve under load").
# Usage: scripts/bench-serve.sh [CLIENTS (default 16)] [SECONDS (default 20)]
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-16}
seconds=${2:-20}
bash scripts/install-deps.sh
bash scripts/build.sh release mastermind >/dev/null
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)"
/usr/bin/python3 tests/cli/serve_load_test.py build/release/mastermind --clients "$clients" --seconds "$seconds"
