// The page's engine in WebAssembly under Node.js, on the cases of bench/table_hint_bench.cpp (the
// same games, seed and guesses, in the same order): the module's start, a table's set-up and
// Knuth's hint, each the median of repeated runs, printed as JSON for scripts/bench-web.sh.
// Usage: node --no-experimental-fetch bench/web_bench.js SITE/mastermind.js [REPEATS]
"use strict";
const create = require(require("path").resolve(process.argv[2]));
const repeats = Number(process.argv[3] || 15);
if (!Number.isInteger(repeats) || repeats < 1 || repeats > 1000) {
    console.error(`web_bench: REPEATS '${process.argv[3]}' is not a whole number in [1, 1000]`);
    process.exit(2);
}
const cases = [{ pegs: 4, colours: 6, first: "0011" }, { pegs: 5, colours: 8, first: "00112" }];
const seed = "1";

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function call(engine, method, ...args) {
    const answer = JSON.parse(engine[method](...args));
    if (answer.error || answer.message) throw new Error(`${method}: ${answer.error || answer.message}`);
    return answer;
}

(async () => {
    const began = performance.now();
    const engine = await create();
    const out = { module_start_ms: performance.now() - began, cases: [] };
    for (const c of cases) {
        const request = JSON.stringify({ game: "ordinary", pegs: c.pegs, colours: c.colours, seed });
        const starts = [], hints = [];
        let hint = "";
        for (let i = 0; i < repeats; ++i) {
            let t = performance.now();
            call(engine, "newGame", request);
            starts.push(performance.now() - t);
            call(engine, "play", c.first);
            t = performance.now();
            hint = call(engine, "hint", "knuth", 0).hint.code;
            hints.push(performance.now() - t);
        }
        out.cases.push({ game: `${c.pegs}x${c.colours}`, first: c.first, hint,
                         start_ms: median(starts), hint_ms: median(hints) });
    }
    console.log(JSON.stringify(out));
})();
