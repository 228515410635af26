// A class in the browser: the teacher's page (/class/<teacher token>) and the
// students' join page (/join/<class id>). Plain JavaScript, no build step.
"use strict";

const page = document.body.dataset.page;
const key = location.pathname.split("/").pop();
const $ = (selector) => document.querySelector(selector);
// each flow's short name and what it plays: the server's (its one registry of flows, nim.flows)
let FLOW_NAMES = {};
let FLOW_GAMES = {};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

async function api(method, path, body) {
  const options = {method, headers: {}};
  if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
  try {
    const response = await fetch(path, options);
    let data;
    try { data = await response.json(); } catch (error) { data = {error: `HTTP ${response.status}`}; }
    return {ok: response.ok, data};
  } catch (error) {
    return {ok: false, data: {error: "the server cannot be reached (is nimcore serve running?)"}};
  }
}

function fail(message) { $("#error").textContent = message || ""; }

// ---------------------------------------------------------------- the teacher's page

let switchesShown = false;

function showSwitches(cls) {
  $("#switch-hints").checked = cls.hints;
  $("#switch-why").checked = cls.why;
  $("#switch-wait").value = cls.wait;
  $("#switch-flows").replaceChildren(...Object.entries(FLOW_NAMES).map(([flow, name]) =>
    el("label", {}, el("input", {type: "checkbox", value: flow, class: "flow", checked: cls.flows.includes(flow)}), ` ${name} `)));
  const game = cls.game;
  $("#game-rules").value = game.rules;
  $("#game-draw").checked = Boolean(game.draw);
  $("#game-fixed").checked = !game.draw;
  if (game.piles) $("#game-piles").value = game.piles.join(" ");
  if (game.draw) { $("#game-count").value = game.draw.count; $("#game-low").value = game.draw.low; $("#game-high").value = game.draw.high; }
  $("#game-words").textContent = `Students play: ${game.words}`;
  switchesShown = true;
}

// the class's own game as the teacher typed it: rules, and the piles or how to draw them
function chosenGame() {
  const rules = $("#game-rules").value.trim();
  if ($("#game-draw").checked) {
    return {rules, draw: {count: Number($("#game-count").value), low: Number($("#game-low").value), high: Number($("#game-high").value)}};
  }
  return {rules, piles: $("#game-piles").value};
}

async function refresh() {
  const answer = await api("GET", `/api/class/${key}`);
  if (!answer.ok) { fail(answer.data.error); return; }
  fail("");
  const data = answer.data;
  $("#teacher").hidden = false;
  $("#title").textContent = `The class: ${data.class.name}`;
  const links = data.class.links.length ? data.class.links.map((base) => base.replace(/\/$/, "") + data.join)
    : [location.origin + data.join];
  $("#join-links").replaceChildren(...links.flatMap((link, i) => [i ? " or " : "", el("a", {href: link, class: "join-link"}, link)]));
  FLOW_NAMES = data.class.flow_names || FLOW_NAMES;
  if (!switchesShown) showSwitches(data.class);
  $("#csv").href = `/api/class/${key}/games.csv`;
  const counts = {};
  for (const row of data.games) counts[row.status] = (counts[row.status] || 0) + 1;
  $("#counts").textContent = `${data.games.length} games` +
    (data.games.length ? ": " + Object.entries(counts).map(([status, n]) => `${n} ${status}`).join(", ") : "") +
    // students refused a game past their share (several in progress at once): who tried, how often
    (Object.keys(data.refused || {}).length ? ". Refused a game past their share: " +
      Object.entries(data.refused).map(([name, n]) => `${name} (${n})`).join(", ") : "");
  $("#class-games tbody").replaceChildren(...data.games.map((row) => el("tr", {class: "class-game", "data-status": row.status},
    el("td", {}, row.players.join(" vs ")), el("td", {}, `${FLOW_NAMES[row.flow]} (${row.rules})`),
    el("td", {}, row.status + (row.to_move && row.status === "in progress" ? `: ${row.to_move} to move` : "")),
    el("td", {}, row.moves), el("td", {}, row.result),
    el("td", {}, el("a", {href: row.watch, target: "_blank"}, "watch")))));
}

async function saveSwitches(event) {
  event.preventDefault();
  const flows = [...document.querySelectorAll("#switch-flows .flow")].filter((box) => box.checked).map((box) => box.value);
  const answer = await api("POST", `/api/class/${key}/switches`, {
    hints: $("#switch-hints").checked, why: $("#switch-why").checked, flows, wait: Number($("#switch-wait").value),
    game: chosenGame()});
  if (!answer.ok) { fail(answer.data.error); return; }
  fail("");
  showSwitches(answer.data);
  $("#saved").textContent = "Saved.";
}

// ---------------------------------------------------------------- the join page

function land(answer) {
  // the game page finds the seat's token where it keeps its own (app.js: seats)
  localStorage.setItem(`nimcore:seat:${answer.game.id}`, JSON.stringify({seat: answer.seat, token: answer.token}));
  location.assign(`/g/${answer.game.id}`);
}

async function waitForPartner(answer, wait) {
  const started = Date.now();
  $("#join-form").hidden = true;
  $("#waiting").hidden = false;
  const nimx = async () => {
    const instead = await api("POST", `/api/join/${key}/nimx`, {game: answer.game.id, token: answer.token});
    if (!instead.ok) { fail(instead.data.error); return; }
    land(instead.data);
  };
  $("#play-nimx").onclick = nimx;
  for (;;) {
    const seconds = Math.round((Date.now() - started) / 1000);
    const state = await api("GET", `/api/games/${answer.game.id}`);
    if (state.ok && state.data.game.seats.every((seat) => seat.taken)) { land(answer); return; }
    if (wait > 0 && seconds >= wait) { await nimx(); return; }
    $("#waiting").textContent = `Waiting for another student to join... (${seconds} s` +
      (wait > 0 ? `; NimX plays you after ${wait} s)` : ")");
    $("#play-nimx").hidden = false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function student() {
  const answer = await api("GET", `/api/join/${key}`);
  if (!answer.ok) { fail(answer.data.error); return; }
  const offer = answer.data;
  $("#title").textContent = `Join the class: ${offer.name}`;
  FLOW_NAMES = offer.flow_names;
  FLOW_GAMES = offer.flow_games;
  $("#student").hidden = false;
  $("#student-flow").replaceChildren(...offer.flows.map((flow) => el("option", {value: flow},
    flow === "free" ? `${FLOW_NAMES[flow]}: ${offer.game.rules}` : FLOW_NAMES[flow])));
  const pairable = () => offer.pair_flows.includes($("#student-flow").value);
  const sync = () => {
    const chosen = $("#student-flow").value;
    $("#what-is-played").textContent = "You will play: " + (chosen === "free" ? offer.game.words : FLOW_GAMES[chosen]);
    $("#kuet-level").hidden = chosen !== "kuet";
    $("#against-student").disabled = !pairable();
    if (!pairable()) $("#against-nimx").checked = true;
  };
  $("#student-flow").addEventListener("change", sync);
  sync();
  $("#join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const opponent = document.querySelector("input[name=opponent]:checked").value;
    $("#join-class").disabled = true;       // one click, one seat (a double click would pair you with yourself)
    const joined = await api("POST", `/api/join/${key}`, {name: $("#student-name").value, flow: $("#student-flow").value, opponent, browser: browserId(),
      difficulty: Number($("#student-difficulty").value)});
    if (!joined.ok) { $("#join-class").disabled = false; fail(joined.data.error); return; }
    fail("");
    if (joined.data.paired) land(joined.data);
    else await waitForPartner(joined.data, offer.wait);
  });
}

if (page === "class") {
  $("#switches").addEventListener("submit", saveSwitches);
  refresh();
  setInterval(refresh, 2000);
} else {
  student();
}

// one browser, one share of the class's games whatever name is typed (the server bounds both)
function browserId() {
  let id = localStorage.getItem("nimcore:browser");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("nimcore:browser", id);
  }
  return id;
}
