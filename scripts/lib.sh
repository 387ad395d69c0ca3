# Shared by the measuring scripts (bench-*.sh, evaluate-*.sh); sourced from the project root.

# Installs what is missing and builds the release flavour, quietly.
prepare_release() {
    bash scripts/install-deps.sh
    bash scripts/build.sh release >/dev/null
}

# The commit a figure comes from: "+changes" when the engine's sources differ from it.
commit_label() {
    echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include app || echo "+changes")"
}

# time_it NAME DIR RUNS COMMAND... -> "NAME mean_s": a whole process timed with hyperfine in DIR
# (one warm-up run), its JSON kept as $out/NAME.json ($out: the caller's scratch folder).
time_it() {
    local name=$1 dir=$2 runs=$3
    shift 3
    (cd "$dir" && hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$out/$name.json" -- "$*" >/dev/null 2>&1)
    printf '%s %.3f\n' "$name" "$(jq '.results[0].mean' "$out/$name.json")"
}

# json_holds FILE FILTER: whether FILE is exactly one JSON document for which FILTER is true.
# (jq 1.6's -e exits 0 on an empty file: a run that died before writing would have passed.)
json_holds() {
    jq -se "length == 1 and (.[0] | $2)" "$1" >/dev/null 2>&1
}
