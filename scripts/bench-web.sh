#!/usr/bin/env bash
# The page's engine (web/, WebAssembly) against the native library, side by side in one run
# (docs/performance.md, "The page in the browser"):
#   size        the files a browser downloads, as they are and compressed (gzip -9)
#   start       the module's start under Node.js, and in headless chromium the page's start to an
#               engine ready to answer (first load, then the median of reloads)
#   hints       a table's set-up and Knuth's hint after a first guess on 4x6 and 5x8: Node.js
#               (bench/web_bench.js) beside Google Benchmark (bench/table_hint_bench.cpp)
# Usage: scripts/bench-web.sh [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-15}
if ! [[ "$repeats" =~ ^[0-9]+$ ]] || ((10#$repeats < 2 || 10#$repeats > 1000)); then
    echo "bench-web: REPEATS '$repeats' is not a whole number in [2, 1000] (a first load and reloads)" >&2
    exit 2
fi
repeats=$((10#$repeats))
bash scripts/build-web.sh >/dev/null
bash scripts/build.sh release mastermind_bench >/dev/null
site=build/web/site
echo "== size (bytes: as is, gzip -9)"
for file in mastermind.wasm mastermind.js index.html app.js engine-worker.js style.css mastermind.html; do
    printf '%-18s %9d %9d\n' "$file" "$(stat -c %s "$site/$file")" "$(gzip -9 -c "$site/$file" | wc -c)"
done
total=0
for file in mastermind.wasm mastermind.js index.html app.js engine-worker.js style.css; do
    total=$((total + $(gzip -9 -c "$site/$file" | wc -c)))
done
echo "the site a browser loads, compressed: $total bytes"

echo "== start in chromium (ms from the navigation's start to the first board drawn)"
/usr/bin/python3 - "$site" "$repeats" <<'PY'
import functools, http.server, statistics, sys, tempfile, threading
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
site, repeats = sys.argv[1], int(sys.argv[2])
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
profile = tempfile.TemporaryDirectory()
options = webdriver.ChromeOptions()
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + profile.name]:
    options.add_argument(a)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
times = []
try:
    for i in range(repeats):
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/?{i}")
        ready = None
        for _ in range(600):
            ready = driver.execute_script("return window.mastermindFirstBoardMs")
            if ready is not None:
                break
            threading.Event().wait(0.01)
        if ready is None:
            sys.exit("the page drew no board within 6 s")
        times.append(ready)
finally:
    driver.quit()
    server.shutdown()
print(f"first load {times[0]:.0f} ms, reloads: median {statistics.median(times[1:]):.0f} ms over {len(times) - 1}")
PY

echo "== hints: WebAssembly (Node.js $(node --version)) against native (g++ -O3), median times"
web=$(NODE_PATH= node --no-experimental-fetch bench/web_bench.js "$site/mastermind.js" "$repeats")
native=$(build/release/bench/mastermind_bench --benchmark_filter='BM_TableStart|BM_KnuthHint' \
    --benchmark_repetitions="$repeats" --benchmark_report_aggregates_only=true --benchmark_format=json 2>/dev/null)
/usr/bin/python3 - "$web" "$native" <<'PY'
import json, sys
web, native = json.loads(sys.argv[1]), json.loads(sys.argv[2])
median = {b["run_name"]: b["real_time"] for b in native["benchmarks"] if b.get("aggregate_name") == "median"}
print(f"module start (Node.js): {web['module_start_ms']:.1f} ms")
print(f"{'case':<28} {'wasm ms':>9} {'native ms':>10} {'ratio':>6}")
for i, case in enumerate(web["cases"]):
    for what, key, name in [("set-up", "start_ms", "BM_TableStart"), ("Knuth hint", "hint_ms", "BM_KnuthHint")]:
        n = median[f"{name}/{i}"]
        label = f"{case['game']} {what}" + (f" after {case['first']}" if key == "hint_ms" else "")
        print(f"{label:<28} {case[key]:>9.3f} {n:>10.3f} {case[key] / n:>6.1f}")
PY
