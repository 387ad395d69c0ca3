// The page (docs/web.md): a person's game of Mastermind on the engine compiled to WebAssembly,
// which runs in a Web Worker (engine-worker.js). The page keeps no rule of its own: every answer,
// hint, count and refusal is the engine's. It keeps the moves a person made, so that a cancelled
// call (the worker ended) is followed by a new worker that replays the game.
"use strict";

const HINT_SECONDS = 10;   // a hint or a count gives up after this, as `mastermind play` does
const TREE_SECONDS = 60;   // the optimal 4x6 tree (a fraction of a second on a desktop)
// Colour-blind-safe pegs: Okabe and Ito's eight colours first, then others far from them; every
// peg also carries its symbol, so no colour has to be told apart by hue alone.
const PEG_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    "#000000", "#999999", "#FFFFFF", "#8C510A", "#332288", "#88CCEE", "#117733", "#DDCC77", "#AA4499"];

const $ = (id) => document.getElementById(id);

// ---- the engine, in a worker ----------------------------------------------------------------

let worker = null;
let ready = null;          // a promise of the worker's start
let nextId = 1;
const pending = new Map(); // id -> resolve

function startWorker() {
    // The one-file page (mastermind.html, which works opened from disk) carries the worker's
    // source in the page; the site loads it beside the page.
    const inline = document.getElementById("engine-source");
    worker = inline
        ? new Worker(URL.createObjectURL(new Blob([inline.textContent], { type: "text/javascript" })))
        : new Worker("engine-worker.js");
    ready = new Promise((resolve, reject) => {
        worker.onmessage = (event) => {
            const m = event.data;
            if ("ready" in m) {
                if (m.ready) resolve(m);
                else reject(new Error(m.error));
                return;
            }
            const done = pending.get(m.id);
            pending.delete(m.id);
            if (done) done(m.result);
        };
        worker.onerror = (e) => reject(new Error(`the engine could not start: ${e.message || e}`));
    });
    return ready;
}

// Calls the engine; resolves with its answer ({error} on an error).
async function call(method, ...args) {
    await ready;
    return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        worker.postMessage({ id, method, args });
    });
}

// ---- the busy indicator: a long call shows its time against its budget, and can be cancelled -

let busy = null;  // {cancel: resolve-with-cancelled, timer}

async function work(label, seconds, method, ...args) {
    const started = performance.now();
    $("busy-text").textContent = label;
    $("busy-bar").value = 0;
    $("busy").hidden = false;
    setControls(false);
    let cancelled;
    const cancel = new Promise((resolve) => { cancelled = resolve; });
    const timer = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        $("busy-text").textContent = `${label}: ${elapsed.toFixed(1)} s` +
            (seconds ? ` of at most ${seconds} s` : "");
        if (seconds) $("busy-bar").value = Math.min(1, elapsed / seconds);
        else $("busy-bar").removeAttribute("value");
    }, 100);
    busy = { cancel: cancelled };
    try {
        return await Promise.race([call(method, ...args), cancel]);
    } finally {
        clearInterval(timer);
        busy = null;
        $("busy").hidden = true;
        setControls(true);
    }
}

// Cancel: the worker is ended at once (a WebAssembly call cannot be interrupted otherwise), and
// a new one replays the game so far.
async function cancelWork() {
    if (!busy) return;
    const { cancel } = busy;
    worker.terminate();
    for (const resolve of pending.values()) resolve({ error: "cancelled" });
    pending.clear();
    cancel({ cancelled: true });
    say("Cancelled. Restarting the engine and replaying your game...");
    await startWorker();
    if (game) {
        let state = await call("newGame", JSON.stringify(game.request));
        for (const move of game.moves) {
            state = move.method === "reveal" ? await call("reveal") : await call(move.method, move.text);
        }
        if (state.error) say(`The game could not be replayed: ${state.error}`);
        else { show(state); say("Cancelled; your game is as it was."); }
    } else {
        say("Cancelled.");
    }
}

// ---- the game ----------------------------------------------------------------------------------

let game = null;      // {request, moves: [{method, text}], state}
let slots = [];       // the guess being composed: colour indices
let lastHint = null;  // the code of the last hint (ordinary game)

function say(text) { $("status").textContent = text; }
function plural(n, one, many) { return `${n} ${n === 1 ? one : many}`; }

function randomSeed() {
    const words = new Uint32Array(2);
    crypto.getRandomValues(words);
    return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

function requestFromForm() {
    const request = { game: $("game").value, rules: $("rules").value };
    for (const name of ["pegs", "colours", "batch", "max"]) {
        const text = $(name).value.trim();
        if (text === "" || $(name).closest("label").hidden) continue;
        request[name] = /^-?\d+$/.test(text) ? Number(text) : text;  // the engine names a bad one
    }
    if (request.game === "ordinary" && $("distinct").checked) request.distinct = true;
    const seed = $("seed").value.trim();
    request.seed = seed === "" ? randomSeed() : seed;
    return request;
}

async function newGame(event) {
    if (event) event.preventDefault();
    const request = requestFromForm();
    const state = await work("Setting the game up", 0, "newGame", JSON.stringify(request));
    if (state.cancelled) return;
    if (state.error) { say(state.error); return; }
    game = { request, moves: [], state, helpers: state.helpers };
    slots = [];
    lastHint = null;
    $("hint-result").textContent = "";
    $("count-result").textContent = "";
    $("partition").replaceChildren();
    $("use-hint").hidden = true;
    fillHelpers(state);
    buildPalette(state);
    show(state);
    const kind = state.game === "batch"
        ? `${plural(state.pegs, "digit", "digits")} of ${state.colours}, tests of ${plural(state.batch, "string", "strings")}, ${plural(state.max, "test", "tests")}`
        : `${plural(state.pegs, "peg", "pegs")} of ${state.colours} colours${state.distinct ? ", no colour twice" : ""}, ${plural(state.max, "guess", "guesses")}`;
    const title = { batch: "Batch Style Mastermind", "bulls-and-cows": "Bulls and Cows" }[request.game] || "Mastermind";
    $("summary").textContent = `${title}: ${kind}, ${state.rules} rules.`;
    say(state.game === "batch"
        ? "Send a test of strings separated by spaces; the answers come shuffled."
        : "Place pegs by clicking the colours (or typing their symbols), then guess.");
}

function fillHelpers(state) {
    const select = $("helper");
    select.replaceChildren();
    for (const name of state.helpers) select.append(new Option(name, name));
    $("hint").disabled = state.helpers.length === 0;
    const list = $("refusal-list");
    list.replaceChildren();
    for (const p of state.players) {
        const why = p.refuses || p.refuses_hints;
        if (!why) continue;
        const item = document.createElement("li");
        item.textContent = `${p.name}: ${why}`;
        list.append(item);
    }
    $("refusals").hidden = list.children.length === 0;
}

function textColour(hex) {
    const n = parseInt(hex.slice(1), 16);
    const luminance = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return luminance > 140 ? "#000" : "#fff";
}

function peg(symbol, colours) {
    const element = document.createElement("span");
    element.className = "peg";
    const index = colours.indexOf(symbol);
    const colour = PEG_COLOURS[index % PEG_COLOURS.length];
    element.style.background = colour;
    element.style.color = textColour(colour);
    element.textContent = symbol;
    element.setAttribute("aria-label", `colour ${symbol}`);
    return element;
}

function answerWords(black, grey, white) {
    return game.state.rules === "adjacent"
        ? `${black} black, ${grey} grey, ${white} white` : `${black} black, ${white} white`;
}

function keyPegs(black, grey, white) {
    const box = document.createElement("span");
    box.className = "answer";
    box.dataset.black = black;
    box.dataset.grey = grey;
    box.dataset.white = white;
    const pegs = document.createElement("span");
    pegs.className = "keys";
    for (const [n, kind] of [[black, "black"], [grey, "grey"], [white, "white"]]) {
        for (let i = 0; i < n; ++i) {
            const k = document.createElement("span");
            k.className = `key ${kind}`;
            pegs.append(k);
        }
    }
    const words = document.createElement("span");
    words.className = "words";
    words.textContent = answerWords(black, grey, white);
    box.append(pegs, words);
    return box;
}

function show(state) {
    game.state = state;
    const board = $("board");
    board.replaceChildren();
    state.rows.forEach((row, turn) => {
        const item = document.createElement("li");
        item.className = "row";
        if (state.game === "batch") {
            item.dataset.strings = row.strings.join(" ");
            const tests = document.createElement("span");
            tests.className = "strings";
            for (const s of row.strings) {
                const code = document.createElement("span");
                code.className = "code";
                code.textContent = s;
                tests.append(code, " ");
            }
            const answers = document.createElement("span");
            answers.className = "batch-answers";
            answers.title = game.state.rules === "adjacent" ? "answers (black, grey, white), shuffled" : "answers (hit, blow), shuffled";
            answers.textContent = row.answers.map((a) => `(${a.join(",")})`).join(" ");
            item.append(`${turn + 1}. `, tests, answers);
        } else {
            item.dataset.code = row.code;
            const code = document.createElement("span");
            code.className = "pegs";
            for (const c of row.code) code.append(peg(c, state.symbols));
            item.append(code, keyPegs(row.black, row.grey, row.white));
        }
        board.append(item);
    });
    $("ordinary-input").hidden = state.game === "batch" || state.over;
    $("batch-input").hidden = state.game !== "batch" || state.over;
    $("result").hidden = !state.over;
    if (state.over) {
        const challenged = game.moves.length && game.moves[game.moves.length - 1].method === "challenge";
        const words = { won: "You won", lost: challenged ? "Wrong final answer" : "Out of moves",
                        "gave up": "Given up" };
        say("");
        $("hint-result").textContent = "";
        $("use-hint").hidden = true;
        $("partition").replaceChildren();
        const moves = state.rows.length;
        $("outcome").textContent = `${words[state.outcome] || state.outcome}` +
            (state.outcome === "won" ? ` in ${moves} ${state.game === "batch" ? "tests" : moves === 1 ? "guess" : "guesses"}!` : ".");
        $("secret").textContent = state.secret;
        $("final-seed").textContent = state.seed;
        $("replay").textContent = state.replay;
    }
    $("hint").disabled = state.over || game.helpers.length === 0;
    $("count").disabled = state.over;
    drawSlots();
}

// ---- composing a guess ---------------------------------------------------------------------------

function buildPalette(state) {
    const palette = $("palette");
    palette.replaceChildren();
    [...state.symbols].forEach((symbol, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "colour";
        button.dataset.colour = index;
        button.append(peg(symbol, state.symbols));
        button.title = `colour ${symbol} (key ${symbol})`;
        button.addEventListener("click", () => place(index));
        palette.append(button);
    });
}

function drawSlots() {
    if (!game || game.state.game === "batch") return;
    const box = $("slots");
    box.replaceChildren();
    for (let i = 0; i < game.state.pegs; ++i) {
        const slot = document.createElement("button");
        slot.type = "button";
        slot.className = "slot";
        slot.dataset.index = i;
        if (i < slots.length) {
            slot.append(peg(game.state.symbols[slots[i]], game.state.symbols));
            slot.title = "click to take this peg back";
            slot.addEventListener("click", () => { slots.splice(i, 1); drawSlots(); });
        } else {
            slot.setAttribute("aria-label", "empty");
        }
        box.append(slot);
    }
}

function place(colour) {
    if (!game || game.state.over || game.state.game === "batch") return;
    if (slots.length < game.state.pegs) slots.push(colour);
    say("");
    drawSlots();
}

function composed() { return slots.map((i) => game.state.symbols[i]).join(""); }

async function move(method, text) {
    const state = await work("Playing", 0, method, text);
    if (state.cancelled) return null;
    if (state.error) { say(state.error); return null; }
    if (state.message) { say(state.message); return null; }
    game.moves.push({ method, text });
    show(state);
    return state;
}

async function guess() {
    if (!game || game.state.over) return;
    if (slots.length < game.state.pegs) {
        say(`A guess has ${game.state.pegs} pegs: ${game.state.pegs - slots.length} to place.`);
        return;
    }
    const state = await move("play", composed());
    if (!state) return;
    slots = [];
    lastHint = null;
    $("use-hint").hidden = true;
    $("hint-result").textContent = "";
    $("partition").replaceChildren();
    $("count-result").textContent = "";
    drawSlots();
    if (!state.over) say(`${plural(state.max - state.rows.length, "guess", "guesses")} left.`);
}

// ---- help -------------------------------------------------------------------------------------

async function hint() {
    if (!game || game.state.over) return;
    const name = $("helper").value;
    const answer = await work(`${name} is thinking`, HINT_SECONDS, "hint", name, HINT_SECONDS);
    if (answer.cancelled) return;
    if (answer.error || answer.message) {
        $("hint-result").textContent = `No hint: ${answer.error || answer.message}`;
        return;
    }
    const h = answer.hint;
    if (game.state.game === "batch") {
        lastHint = h;
        $("hint-result").textContent = h.challenge
            ? `${h.by} answers ${h.strings[0]}${h.note ? ` (${h.note})` : ""}.`
            : `${h.by} tests ${h.strings.join(" ")}.`;
        $("use-hint").hidden = false;
        return;
    }
    lastHint = h.code;
    $("hint-result").textContent = `${h.by} plays ${h.code}.`;
    $("use-hint").hidden = false;
    await explain(h.code);
}

function useHint() {
    if (!lastHint || !game) return;
    if (game.state.game === "batch") {
        if (lastHint.challenge) $("challenge-input").value = lastHint.strings[0];
        else $("test-input").value = lastHint.strings.join(" ");
        return;
    }
    slots = [...lastHint].map((c) => game.state.symbols.indexOf(c));
    drawSlots();
}

// How `code` splits the codes still possible: the larger the parts, the less the guess tells.
async function explain(code) {
    if (!game || game.state.game === "batch") return;
    if (code.length < game.state.pegs) {
        say("Place a whole guess first, then ask why.");
        return;
    }
    const answer = await work("Splitting the codes", 0, "partition", code);
    if (answer.cancelled) return;
    if (answer.error) { say(answer.error); return; }
    const p = answer.partition;
    const box = $("partition");
    const table = document.createElement("table");
    const caption = document.createElement("caption");
    caption.textContent = `${p.guess} splits the ${p.possible} codes still possible into ${p.parts.length} ` +
        `groups by their answer; the largest holds ${p.largest}, and on average ${p.expected.toFixed(1)} are left.`;
    table.append(caption);
    const head = table.insertRow();
    for (const title of ["answer", "codes", "some of them"]) {
        const th = document.createElement("th");
        th.textContent = title;
        head.append(th);
    }
    for (const part of p.parts) {
        const row = table.insertRow();
        row.className = "part";
        row.insertCell().textContent = answerWords(part.black, part.grey, part.white) + (part.wins ? " (wins)" : "");
        row.insertCell().textContent = part.size;
        row.insertCell().textContent = part.codes.join(" ") + (part.size > part.codes.length ? " ..." : "");
    }
    box.replaceChildren(table);
}

async function count() {
    if (!game) return;
    const answer = await work("Counting", HINT_SECONDS, "count", HINT_SECONDS);
    if (answer.cancelled) return;
    $("count-result").textContent = answer.count !== undefined
        ? `${plural(answer.count, game.state.game === "batch" ? "secret" : "code", game.state.game === "batch" ? "secrets" : "codes")} ${answer.count === 1 ? "fits" : "fit"} every answer so far.`
        : `No count: ${answer.error || answer.message}`;
}

async function sendTest() {
    const state = await move("play", $("test-input").value.trim());
    if (state) {
        $("test-input").value = "";
        $("count-result").textContent = "";
        $("hint-result").textContent = "";
        $("use-hint").hidden = true;
        if (!state.over) say(`${plural(state.max - state.rows.length, "test", "tests")} left.`);
    }
}

async function sendChallenge() {
    await move("challenge", $("challenge-input").value.trim());
}

async function giveUp() {
    if (!game || game.state.over) return;
    const state = await work("Giving up", 0, "reveal");
    if (state.cancelled || state.error) return;
    game.moves.push({ method: "reveal" });
    show(state);
}

async function saveSvg() {
    const answer = await call("svg");
    if (answer.error) { say(answer.error); return; }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.svg], { type: "image/svg+xml" }));
    link.download = `mastermind-${game.state.seed}.svg`;
    document.body.append(link);
    link.click();
    link.remove();
    say("The board is saved as an SVG picture.");
}

// ---- the decision tree -------------------------------------------------------------------------

let tree = null, treePath = [];  // path: [{node, answer}]

async function loadTree() {
    const request = { game: "ordinary", rules: $("rules").value, pegs: 4, colours: 6 };
    const answer = await work("Searching for the optimal strategy", TREE_SECONDS, "decisionTree",
                              JSON.stringify({ ...request, codebreaker: "optimal" }), TREE_SECONDS);
    if (answer.cancelled) return;
    if (answer.error) { $("tree-summary").textContent = answer.error; $("tree").hidden = false; return; }
    tree = answer;
    tree.rules = request.rules;
    treePath = [];
    $("tree-summary").textContent = `${answer.summary}: ${answer.total} guesses over ${answer.games} ` +
        `secrets (${(answer.total / answer.games).toFixed(4)} a game), at most ${answer.worst}.`;
    $("tree").hidden = false;
    drawTree();
}

function treeWords(child) {
    return tree.rules === "adjacent" ? `${child.black} black, ${child.grey} grey, ${child.white} white`
        : `${child.black} black, ${child.white} white`;
}

function drawTree() {
    const at = treePath.length ? treePath[treePath.length - 1].node : 0;
    const node = tree.nodes[at];
    $("tree-path").textContent = treePath.length
        ? "After " + treePath.map((step) => `${tree.nodes[step.from].guess}: ${step.answer}`).join(", ")
        : "First guess.";
    $("tree-guess").textContent = node.guess;
    $("tree-secrets").textContent = node.secrets === 1 ? "the only code left: it wins"
        : `${node.secrets} codes still possible; all black wins, or the answer is one of:`;
    const box = $("tree-answers");
    box.replaceChildren();
    for (const child of node.children) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "tree-answer";
        button.textContent = `${treeWords(child)}: ${plural(tree.nodes[child.node].secrets, "code", "codes")}`;
        button.addEventListener("click", () => {
            treePath.push({ from: at, node: child.node, answer: treeWords(child) });
            drawTree();
        });
        box.append(button);
    }
    $("tree-up").disabled = treePath.length === 0;
}

// ---- controls ---------------------------------------------------------------------------------

function setControls(enabled) {
    for (const element of document.querySelectorAll("main button, main select, main input")) {
        if (element.id === "cancel") continue;
        element.disabled = !enabled;
    }
    if (enabled && game) {
        $("hint").disabled = game.state.over || game.helpers.length === 0;
        $("count").disabled = game.state.over;
    }
    if (enabled && tree) $("tree-up").disabled = treePath.length === 0;
}

function fitFormToGame() {
    const kind = $("game").value;
    const batch = kind === "batch";
    $("batch-label").hidden = !batch;
    $("distinct-label").hidden = kind !== "ordinary";
    $("max-name").textContent = batch ? "Tests" : "Guesses";
    const defaults = { ordinary: [4, 6, 10], "bulls-and-cows": [4, 10, 10], batch: [9, 10, 20] }[kind];
    [$("pegs").placeholder, $("colours").placeholder, $("max").placeholder] = defaults.map(String);
}

document.addEventListener("keydown", (event) => {
    if (!game || game.state.game === "batch" || game.state.over || busy) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const index = game.state.symbols.indexOf(event.key.toUpperCase());
    if (event.key.length === 1 && index >= 0) { place(index); event.preventDefault(); }
    else if (event.key === "Backspace") { slots.pop(); drawSlots(); event.preventDefault(); }
    // Enter guesses, also just after a colour, a placed peg or "Play it" was clicked (those
    // buttons keep the focus, and Enter would press them again).
    else if (event.key === "Enter" && (!(target instanceof HTMLButtonElement) ||
             target.closest("#palette, #slots") || target.id === "use-hint")) {
        guess();
        event.preventDefault();
    }
});

$("new-game-form").addEventListener("submit", newGame);
$("game").addEventListener("change", fitFormToGame);
$("guess").addEventListener("click", guess);
$("clear").addEventListener("click", () => { slots = []; drawSlots(); });
$("explain").addEventListener("click", () => explain(game ? composed() : ""));
$("hint").addEventListener("click", hint);
$("use-hint").addEventListener("click", useHint);
$("count").addEventListener("click", count);
$("send-test").addEventListener("click", sendTest);
$("test-input").addEventListener("keydown", (e) => { if (e.key === "Enter") sendTest(); });
$("send-challenge").addEventListener("click", sendChallenge);
$("challenge-input").addEventListener("keydown", (e) => { if (e.key === "Enter") sendChallenge(); });
$("save-svg").addEventListener("click", saveSvg);
$("reveal").addEventListener("click", giveUp);
$("reveal-batch").addEventListener("click", giveUp);
$("cancel").addEventListener("click", cancelWork);
$("tree-load").addEventListener("click", loadTree);
$("tree-up").addEventListener("click", () => { treePath.pop(); drawTree(); });

fitFormToGame();
if (location.protocol === "file:" && !document.getElementById("engine-source")) {
    // A browser starts no worker from a page opened from disk: mastermind.html carries its own.
    const why = "Opened from disk, this page cannot start its engine: open mastermind.html, the same " +
        "page in one file, or serve this folder (python3 -m http.server --bind 127.0.0.1).";
    $("engine-status").textContent = why;
    say(why);
}
const pageStart = performance.now();
startWorker().then(
    (m) => {
        // From the page's start to an engine ready to answer (window.mastermindReadyMs: the
        // browser test reads it).
        window.mastermindReadyMs = performance.now() - pageStart;
        $("engine-status").textContent = `Engine ${m.version}, WebAssembly, ready in ` +
            `${Math.round(performance.now())} ms.`;
        // From the navigation's start to the first board drawn (scripts/bench-web.sh).
        return newGame().then(() => { window.mastermindFirstBoardMs = performance.now(); });
    },
    (e) => { $("engine-status").textContent = e.message; say(e.message); },
);
