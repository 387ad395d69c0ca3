#!/usr/bin/env bash
# The exact optimum of every ordinary game of 2 to 8 pegs with at most 10,000 codes, under both
# scoring rules, with and without repeated colours: the expected optimum (`optimal`: the fewest
# guesses in total) and the worst-case optimum (`optimal-worst`: the least worst case, then the
# fewest guesses), each search given at most an hour of the machine's cores (docs/results.md, "The
# family's optima").
#
# Runs the games from the smallest up and appends one line per search to a results file, which is
# the checkpoint: a search already there is skipped, so the run resumes where it stopped, unless it
# timed out under a shorter limit than this run's. So a quick pass (SECONDS_EACH=300) fills in the
# easy games first, and a second pass with the full hour retries only what that one left. The limit
# is CPU time, SECONDS_EACH times THREADS (`ulimit -t`), so that a search sharing the machine with
# other work is not cut short by the time it waited; the wall clock only stops a search at four
# times the limit. Every
# `optimal` tree is written and replayed with --strategy tree; a total that does not replay stops
# the run.
#
# Usage: scripts/optimal-table.sh [run | markdown] [RESULTS (default offline/optimal-table/results.tsv)]
#   run       search what is missing (long: hours; run it in the background with a log)
#   markdown  print the table of docs/results.md from the results file
# Environment: SECONDS_EACH (default 3600), THREADS (default: every core), MAX_CODES (default 10000).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-run}
results=${2:-offline/optimal-table/results.tsv}
limit=${SECONDS_EACH:-3600}
threads=${THREADS:-$(nproc)}
max_codes=${MAX_CODES:-10000}
header="pegs	colours	distinct	rules	objective	status	total	worst	games_by_guesses	first_guess	wall_s	cpu_s	peak_mib	commit"

# Every game as "codes pegs colours distinct", smallest first.
games() {
    for p in 2 3 4 5 6 7 8; do
        for k in $(seq 2 16); do
            ((p * k <= 64)) || continue
            local rep=1 dis=1
            for ((i = 0; i < p; i++)); do rep=$((rep * k)); done
            for ((i = 0; i < p; i++)); do dis=$((dis * (k - i))); done
            ((rep <= max_codes)) && echo "$rep $p $k 0"
            ((p <= k && dis <= max_codes)) && echo "$dis $p $k 1"
        done
    done | sort -n -k1,1 -k2,2 -k4,4
}

# What a table cell says of a search without an answer: "not within 1 h" for a timeout.
unsolved() {
    if [[ $1 == timeout ]]; then
        awk -v w="$2" 'BEGIN { if (w >= 3599) print "not within 1 h"; else printf "not within %d s\n", w + 0.5 }'
    else
        echo "$1"
    fi
}

if [[ $mode == markdown ]]; then
    [[ -s $results ]] || { echo "optimal-table: no results in $results" >&2; exit 1; }
    echo "| game | codes | rules | expected optimum: total (mean) | its worst | games by guesses (1, 2, ...) | least worst case: worst, total | s (both) |"
    echo "|---|---:|---|---:|---:|---|---:|---:|"
    games | while read -r codes p k d; do
        for rules in classic adjacent; do
            row() { awk -F'\t' -v p="$p" -v k="$k" -v d="$d" -v r="$rules" -v o="$1" \
                '$1 == p && $2 == k && $3 == d && $4 == r && $5 == o' "$results" | tail -1; }
            opt=$(row optimal)
            worst=$(row optimal-worst)
            [[ -n $opt || -n $worst ]] || continue
            IFS=$'\t' read -r _ _ _ _ _ ostatus ototal oworst ohist _ owall _ _ _ <<<"${opt:-x	x	x	x	x	missing	-	-	-	-	0	0	0	-}"
            IFS=$'\t' read -r _ _ _ _ _ wstatus wtotal wworst _ _ wwall _ _ _ <<<"${worst:-x	x	x	x	x	missing	-	-	-	-	0	0	0	-}"
            name="${p}x$k"
            [[ $d == 1 ]] && name="${p}x$k distinct"
            if [[ $ostatus == solved ]]; then
                mean=$(awk -v t="$ototal" -v n="$codes" 'BEGIN { printf "%.4f", t / n }')
                expected="**$ototal** ($mean)"
            else
                expected=$(unsolved "$ostatus" "$owall"); oworst=""; ohist=""
            fi
            if [[ $wstatus == solved ]]; then least="$wworst, $wtotal"; else least=$(unsolved "$wstatus" "$wwall"); fi
            wall=$(awk -v a="$owall" -v b="$wwall" 'BEGIN { printf "%.2f", a + b }')
            echo "| $name | $codes | $rules | $expected | $oworst | $ohist | $least | $wall |"
        done
    done
    exit 0
fi

source scripts/lib.sh
prepare_release
bin=build/release/mastermind
mkdir -p "$(dirname "$results")"
[[ -s $results ]] || echo "$header" >"$results"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
commit=$(commit_label)
cpu_limit=$((limit * threads))
echo "optimal-table: $(games | wc -l) games x 2 rules x 2 objectives, at most $cpu_limit s of CPU each ($limit s of $threads threads), into $results (commit $commit)"
games | while read -r codes p k d; do
    for rules in classic adjacent; do
        for objective in optimal optimal-worst; do
            # Done: the last line of this search is an answer, or a timeout under a limit at least
            # as long as this run's, in wall seconds (older lines) or CPU seconds.
            if awk -F'\t' -v p="$p" -v k="$k" -v d="$d" -v r="$rules" -v o="$objective" -v limit="$limit" -v cpu="$cpu_limit" \
                '$1 == p && $2 == k && $3 == d && $4 == r && $5 == o { done = $6 != "timeout" || $11 + 1 >= limit || $12 + 1 >= cpu }
                 END { exit !done }' "$results"; then
                continue
            fi
            game=(--game ordinary -P "$p" -K "$k" --rules "$rules")
            [[ $d == 1 ]] && game+=(--distinct)
            # -M 100: no game here needs that many, so the limit never binds.
            status=solved rc=0
            /usr/bin/time -f "%e %M %U %S" -o "$scratch/time" timeout "$((4 * limit))" \
                bash -c 'ulimit -c 0 && ulimit -t "$1" && shift && exec "$@"' - "$cpu_limit" "$bin" evaluate "${game[@]}" -M 100 --strategy "$objective" --all --threads "$threads" --json \
                --write-tree "$scratch/tree" >"$scratch/report.json" 2>"$scratch/err" || rc=$?
            # 124: the wall clock's limit; 152 and 137: the CPU limit's SIGXCPU, or its SIGKILL.
            if ((rc == 124 || rc == 152 || rc == 137)); then
                status=timeout
            elif ((rc != 0)); then
                echo "optimal-table: ${game[*]} $objective failed (status $rc): $(tail -1 "$scratch/err")" >&2
                exit 1
            fi
            read -r wall kb user sys < <(tail -1 "$scratch/time")
            cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
            if [[ $status == solved ]] && ! json_holds "$scratch/report.json" '.failures == 0'; then
                status=failed
            fi
            total=- worst=- hist=- first=-
            if [[ $status == solved ]]; then
                total=$(jq .total "$scratch/report.json")
                worst=$(jq .worst "$scratch/report.json")
                hist=$(jq -r '.histogram[1:] | map(tostring) | join(" ")' "$scratch/report.json")
                first=$(jq -r .first_guess "$scratch/report.json")
                replayed=$("$bin" evaluate "${game[@]}" -M 100 --strategy tree --tree "$scratch/tree" --all --json | jq .total)
                if [[ $replayed != "$total" ]]; then
                    echo "optimal-table: ${game[*]} $objective: the tree replays to $replayed, not $total" >&2
                    exit 1
                fi
            fi
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$k" "$d" "$rules" "$objective" \
                "$status" "$total" "$worst" "$hist" "$first" "$wall" "$cpu" "$((kb / 1024))" "$commit" >>"$results"
            echo "$(date -u +%H:%M:%S) ${p}x$k distinct=$d $rules $objective: $status $total (worst $worst) in $wall s"
        done
    done
done
echo "optimal-table: done"
