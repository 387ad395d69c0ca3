// The engine in a Web Worker (docs/web.md): the page's long work (hints, counts, decision trees)
// runs here, so the page never freezes. Messages in: {id, method, args}; out: {id, result} where
// result is the engine's answer parsed (an error is {error}), or {ready, version, startMs} once
// the module is loaded. The page ends this worker to cancel a call, and replays its game into a
// new one.
/* global createMastermind, mastermindWasmBase64 */
// The one-file page (mastermind.html) puts the engine's loader and its WebAssembly (as base64)
// before this script in the worker's source; the site has them beside it.
if (typeof createMastermind === "undefined") importScripts("mastermind.js");
function decoded(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    return bytes;
}
const inline = typeof mastermindWasmBase64 === "string" ? { wasmBinary: decoded(mastermindWasmBase64) } : {};

const started = performance.now();
let engine = null;
const waiting = [];

function run(message) {
    const { id, method, args } = message;
    let result;
    const begin = performance.now();
    try {
        result = JSON.parse(engine[method](...args));
    } catch (e) {
        result = { error: `the engine failed: ${e && e.message ? e.message : e}` };
    }
    postMessage({ id, result, ms: performance.now() - begin });
}

onmessage = (event) => {
    if (engine) run(event.data);
    else waiting.push(event.data);
};

createMastermind(inline).then(
    (module) => {
        engine = module;
        postMessage({ ready: true, version: JSON.parse(engine.version()).version,
                      startMs: performance.now() - started });
        while (waiting.length) run(waiting.shift());
    },
    (e) => postMessage({ ready: false, error: `the engine could not load: ${e}` }),
);
