// The page `mastermind serve` sends: one self-contained HTML file (no outside resources), which
// asks the server for every move and draws the board from the server's answer. Element ids are
// what the browser test (tests/cli/serve_browser_test.py) drives: #new-game, #entry, #play,
// #challenge, #helper, #hint, #use-hint, #no-hints, #count, #reveal, #board, #status, #secret.
#pragma once

namespace mastermind::app {

inline constexpr const char* kServePage = R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mastermind</title>
<style>
  body { font-family: system-ui, sans-serif; background: #2b2f36; color: #eee; margin: 2em auto; max-width: 56em; }
  h1 { font-weight: 600; margin-bottom: .2em; }
  fieldset { border: 1px solid #555; border-radius: 6px; margin-bottom: 1em; }
  label { margin-right: 1em; }
  input[type=number] { width: 3.5em; }
  button { margin: .2em; padding: .3em .8em; border-radius: 4px; border: 1px solid #777; background: #444a55; color: #eee; cursor: pointer; }
  button:hover { background: #555c69; }
  button:disabled { opacity: .4; cursor: default; }
  #entry { font-family: monospace; font-size: 1.2em; width: 22em; padding: .2em; }
  #board { background: #8a5a2b; border-radius: 8px; padding: .6em; margin: 1em 0; min-height: 2em; }
  .row { display: flex; align-items: center; gap: .8em; padding: .25em; border-bottom: 1px solid #6d4520; }
  .turn { width: 2em; text-align: right; color: #f3dcc0; }
  .code { display: inline-flex; gap: .25em; margin-right: .6em; }
  .peg { display: inline-flex; width: 1.9em; height: 1.9em; border-radius: 50%; align-items: center; justify-content: center;
         font: bold 1em monospace; box-shadow: inset -2px -3px 4px rgba(0,0,0,.35); }
  .keys { display: inline-grid; grid-template-columns: repeat(4, .7em); gap: .15em; }
  .key { width: .65em; height: .65em; border-radius: 50%; border: 1px solid #333; }
  .key.black { background: #111; } .key.grey { background: #888; } .key.white { background: #fff; } .key.empty { background: transparent; border-color: #6d4520; }
  .words { color: #f3dcc0; font-size: .85em; }
  .answer { font-family: monospace; background: #f3dcc0; color: #222; border-radius: 3px; padding: 0 .3em; margin-right: .2em; }
  #palette button { width: 2.2em; height: 2.2em; border-radius: 50%; font: bold .9em monospace; padding: 0; }
  #status { min-height: 1.4em; font-size: 1.1em; }
  #status.won { color: #8f8; } #status.lost { color: #f88; }
  #hint-text { font-family: monospace; }
  .hidden { display: none; }
</style>
</head>
<body>
<h1>Mastermind</h1>
<form id="setup">
<fieldset>
  <label>Game <select id="game"><option value="ordinary">ordinary (a guess a turn)</option><option value="batch">batch (a test of several strings a turn)</option></select></label>
  <label>Rules <select id="rules"><option value="classic">classic (black/white)</option><option value="adjacent">adjacent (black/grey/white)</option></select></label><br>
  <label>Pegs <input id="pegs" type="number" min="1" max="12" value="4"></label>
  <label>Colours <input id="colours" type="number" min="2" max="16" value="6"></label>
  <label id="batch-label" class="hidden">Strings a test <input id="batch" type="number" min="1" max="16" value="2"></label>
  <label>Turns <input id="max" type="number" min="1" max="1000" value="10"></label>
  <label id="distinct-label"><input id="distinct" type="checkbox"> no colour twice (Bulls and Cows)</label>
  <button id="new-game" type="submit">New game</button>
</fieldset>
</form>
<div id="about"></div>
<div id="board"></div>
<div id="controls" class="hidden">
  <div id="palette"></div>
  <input id="entry" autocomplete="off" spellcheck="false" placeholder="your guess">
  <button id="play">Guess</button>
  <button id="challenge" class="hidden">Challenge</button>
  <br>
  <select id="helper"></select>
  <button id="hint">Hint</button> <span id="hint-text"></span> <button id="use-hint" class="hidden">Use it</button>
  <span id="no-hints" class="hidden">No hints are available for a game of this size.</span>
  <button id="count">How many fit?</button>
  <button id="reveal">Give up</button>
</div>
<p id="status"></p>
<div id="secret"></div>
<script>
"use strict";
const COLOURS = ["#ff0000", "#00af00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#ff8700", "#eeeeee",
                 "#875f00", "#af00ff", "#87ff00", "#005fff", "#d70000", "#808080", "#ffafff", "#005f00"];
const LIGHT = new Set([3, 5, 6, 7, 10, 14]);
const SYMBOLS = "0123456789ABCDEF";
let game = null, lastHint = null;
const $ = id => document.getElementById(id);

function peg(symbol) {
  const i = SYMBOLS.indexOf(symbol), span = document.createElement("span");
  span.className = "peg";
  span.textContent = symbol;
  span.style.background = COLOURS[i];
  span.style.color = LIGHT.has(i) ? "#000" : "#fff";
  return span;
}
function codeView(text) {
  const span = document.createElement("span");
  span.className = "code";
  span.dataset.code = text;
  for (const c of text) span.appendChild(peg(c));
  return span;
}
function keysView(row, pegs) {
  const box = document.createElement("span");
  box.className = "keys";
  const add = (kind, n) => { for (let i = 0; i < n; ++i) { const k = document.createElement("span"); k.className = "key " + kind; box.appendChild(k); } };
  add("black", row.black); add("grey", row.grey); add("white", row.white);
  add("empty", pegs - row.black - row.grey - row.white);
  return box;
}
function answerText(a) { return "(" + a.join(",") + ")"; }

function render(state) {
  game = state;
  const batch = state.game === "batch";
  $("about").textContent = (batch ? "Batch Mastermind: " + state.batch + " strings a test, " : "Mastermind: ") +
    state.pegs + " pegs, " + state.colours + " colours (" + state.symbols + (state.distinct ? ", none twice" : "") + "), " + state.rules + " rules, " +
    state.max + (batch ? " tests." : " guesses.");
  const board = $("board");
  board.replaceChildren();
  state.rows.forEach((row, t) => {
    const div = document.createElement("div");
    div.className = "row";
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = t + 1;
    div.appendChild(turn);
    if (batch) {
      const strings = document.createElement("span");
      for (const s of row.strings) strings.appendChild(codeView(s));
      div.appendChild(strings);
      const answers = document.createElement("span");
      answers.className = "answers";
      for (const a of row.answers) { const x = document.createElement("span"); x.className = "answer"; x.textContent = answerText(a); answers.appendChild(x); }
      div.appendChild(answers);
    } else {
      div.appendChild(codeView(row.code));
      div.appendChild(keysView(row, state.pegs));
      const words = document.createElement("span");
      words.className = "words";
      words.textContent = row.black + " black, " + (state.rules === "adjacent" ? row.grey + " grey, " : "") + row.white + " white";
      div.appendChild(words);
    }
    board.appendChild(div);
  });
  $("controls").classList.toggle("hidden", state.over);
  $("challenge").classList.toggle("hidden", !batch);
  $("play").textContent = batch ? "Test" : "Guess";
  $("entry").placeholder = batch ? state.batch + " strings separated by spaces" : "your guess, e.g. " + state.symbols.slice(0, state.pegs).padEnd(state.pegs, state.symbols[0]);
  const secret = $("secret");
  secret.replaceChildren();
  const status = $("status");
  status.className = "";
  if (state.over) {
    const n = state.rows.length, turns = n + (batch ? (n === 1 ? " test" : " tests") : (n === 1 ? " guess" : " guesses"));
    const words = { won: batch ? "Accepted: you found it after " + turns + "." : "You won in " + turns + ".",
                    lost: batch ? "Wrong answer." : "Out of guesses.", "gave up": "You gave up." };
    status.textContent = words[state.outcome];
    status.className = state.outcome === "won" ? "won" : "lost";
    secret.append("The secret: ", codeView(state.secret));
    const replay = document.createElement("p");
    replay.textContent = "Seed " + state.seed + "; in a terminal: " + state.replay;
    secret.appendChild(replay);
  }
}

function palette(state) {
  const box = $("palette");
  box.replaceChildren();
  for (const c of state.symbols) {
    const b = peg(c);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = c;
    button.style.background = b.style.background;
    button.style.color = b.style.color;
    button.onclick = () => { $("entry").value += c; $("entry").focus(); };
    box.appendChild(button);
  }
  const back = document.createElement("button");
  back.type = "button";
  back.textContent = "\u232b";
  back.onclick = () => { $("entry").value = $("entry").value.slice(0, -1); };
  box.appendChild(back);
  if (state.game === "batch") {
    const space = document.createElement("button");
    space.type = "button";
    space.textContent = "\u2423";
    space.onclick = () => { $("entry").value += " "; };
    box.appendChild(space);
  }
}

async function post(path, fields) {
  const response = await fetch(path, { method: "POST", body: new URLSearchParams(fields) });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}
function say(text) { const s = $("status"); s.className = ""; s.textContent = text; }

async function act(action, extra = {}) {
  try {
    const state = await post("/api/play", Object.assign({ id: game.id, action }, extra));
    render(state);
    if (state.message) say(state.message);
    return state;
  } catch (e) { say(e.message); return null; }
}

$("game").onchange = () => {
  const batch = $("game").value === "batch";
  $("batch-label").classList.toggle("hidden", !batch);
  $("distinct-label").classList.toggle("hidden", batch);
  if (batch) $("distinct").checked = false;
  $("pegs").value = batch ? 3 : 4; $("colours").value = batch ? 4 : 6; $("max").value = batch ? 4 : 10;
};
$("setup").onsubmit = async event => {
  event.preventDefault();
  const fields = { game: $("game").value, rules: $("rules").value, pegs: $("pegs").value, colours: $("colours").value, max: $("max").value };
  if (fields.game === "batch") fields.batch = $("batch").value;
  else if ($("distinct").checked) fields.distinct = "1";
  try {
    const state = await post("/api/new", fields);
    lastHint = null;
    $("hint-text").textContent = "";
    $("use-hint").classList.add("hidden");
    $("entry").value = "";
    const helper = $("helper");
    helper.replaceChildren();
    for (const name of state.helpers) { const o = document.createElement("option"); o.value = o.textContent = name; helper.appendChild(o); }
    // No codebreaker or strategy plays this game: no menu and no button, but a line that says so.
    const none = state.helpers.length === 0;
    for (const id of ["helper", "hint"]) $(id).classList.toggle("hidden", none);
    $("no-hints").classList.toggle("hidden", !none);
    palette(state);
    render(state);
    say("New game. " + (state.game === "batch" ? "Type a test, or challenge with your answer." : "Type or click a guess."));
    $("entry").focus();
  } catch (e) { say(e.message); }
};
async function send(action) {
  const text = $("entry").value.trim();
  if (!text) { say(action === "challenge" ? "Type your answer first." : "Type a guess first."); return; }
  const state = await act(action, { text });
  if (state && !state.message) {
    $("entry").value = "";
    $("hint-text").textContent = "";
    $("use-hint").classList.add("hidden");
    lastHint = null;
    if (!state.over) say("");
  }
}
$("play").onclick = () => send(game.game === "batch" ? "test" : "guess");
$("challenge").onclick = () => send("challenge");
$("entry").onkeydown = e => { if (e.key === "Enter") $("play").click(); };
$("hint").onclick = async () => {
  $("hint-text").textContent = "thinking\u2026";
  const state = await act("hint", { name: $("helper").value });
  lastHint = state && state.hint ? state.hint : null;
  const hint = $("hint-text");
  hint.textContent = "";
  delete hint.dataset.text;
  if (lastHint) {
    const text = lastHint.code !== undefined ? lastHint.code : lastHint.strings.join(" ");
    hint.dataset.text = text;
    hint.dataset.challenge = lastHint.challenge ? "yes" : "no";
    hint.textContent = lastHint.by + ": " + (lastHint.challenge ? "challenge " : "") + text;
    $("use-hint").classList.remove("hidden");
    say("");
  }
};
$("use-hint").onclick = () => {
  if (!lastHint) return;
  $("entry").value = $("hint-text").dataset.text;
  send(lastHint.challenge ? "challenge" : (game.game === "batch" ? "test" : "guess"));
};
$("count").onclick = async () => {
  const state = await act("count");
  if (state && state.count !== undefined) say(state.count + (state.count === 1 ? " code fits" : " codes fit") + " the answers so far.");
};
$("reveal").onclick = () => act("reveal");
</script>
</body>
</html>
)HTML";

}  // namespace mastermind::app
