#!/usr/bin/env bash
# The 9-peg game before and after secret indices gained a 64-bit width (docs/wide-games.md): the
# same workloads, one thread each, timed side by side by hyperfine in one run, so that a
# slowdown of the 32-bit paths shows as a ratio. Workloads: adaptive-split on a sample of the
# 9/10/9 game (enumerated classes, the second-test search), case-analysis on a sample (enumerated
# sets, narrowed by each test), counts-then-locate over every secret of 6/7/6 (the exhaustive walk).
# Usage: scripts/bench-index-width.sh [BASE_COMMIT (default b63d86e, the last before the change)] [RUNS (default 2)]
#   BASE_BIN=path NEW_BIN=path skip the builds (binaries of the two commits, release flavour).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-b63d86e}
runs=${2:-2}
source scripts/lib.sh
out=$(mktemp -d)
trap 'git worktree remove --force "$out/base" >/dev/null 2>&1 || true; rm -rf "$out"' EXIT
if [ -z "${NEW_BIN:-}" ]; then
    prepare_release
    NEW_BIN=$PWD/build/release/mastermind
fi
if [ -z "${BASE_BIN:-}" ]; then
    git worktree add --detach "$out/base" "$base" >/dev/null 2>&1
    (cd "$out/base" && bash scripts/build.sh release mastermind >/dev/null)
    BASE_BIN=$out/base/build/release/mastermind
fi
# The hot loops' speed moves with where the stack starts, whatever the code, by more than the
# slowdown looked for (docs/performance.md, "No slowdown on the 9-peg game"): each workload runs
# under five environment sizes, in a clean environment, and the means are averaged.
pads=()
for n in 0 700 1400 2100 2800; do pads+=("$(head -c "$n" /dev/zero | tr '\0' x)"); done
pad_list=$(IFS=,; echo "${pads[*]}")
echo "base $base ($BASE_BIN), new $(commit_label) ($NEW_BIN): $runs runs under each of 5 environment sizes, one thread"
for workload in \
    "evaluate --strategy adaptive-split --seed 1 --sample 300 --threads 1" \
    "evaluate --strategy case-analysis --seed 1 --sample 30000 --threads 1" \
    "evaluate --strategy counts-then-locate -P 6 -K 7 -B 6 --all --threads 1"; do
    hyperfine -N --style none --runs "$runs" --export-json "$out/w.json" --parameter-list pad "$pad_list" \
        "env -i PAD={pad} $BASE_BIN $workload" "env -i PAD={pad} $NEW_BIN $workload" >/dev/null 2>&1
    jq -r --arg w "$workload" --arg base "$BASE_BIN" '
        [.results[] | select(.command | contains($base + " "))] as $b | [.results[] | select(.command | contains($base + " ") | not)] as $n |
        ([$b[].mean] | add / length) as $bm | ([$n[].mean] | add / length) as $nm |
        "\($w): base \($bm * 1000 | round / 1000) s, new \($nm * 1000 | round / 1000) s, new/base \($nm / $bm * 1000 | round / 1000)"' "$out/w.json"
done
