// nimcore in the browser: the seed flows' forms, the board of stones, the
// study tools and live updates. Plain JavaScript, no build step, no internet.
"use strict";

const flow = document.body.dataset.flow;
// the page's lines of a flow written as a state machine, as the server says them (nim.flows)
const intro = JSON.parse(document.body.dataset.intro || "[]");
// the study panels the flow's page shows beside its game (the registry's, nim.flows)
const PANELS = {replay: () => replayPanel(), tree: () => treePanel(), table: () => tablePanel(),
  record: () => recordPanel()};
const pagePanels = JSON.parse(document.body.dataset.panels || "[]");
// the questions of the flow's form, in its words (the server's)
const words = JSON.parse(document.body.dataset.words || "{}");
// each flow's page title, as the server's flow registry declares it (nim.flows.page_titles)
const titles = JSON.parse(document.body.dataset.titles || "{}");
const $ = (selector) => document.querySelector(selector);

// el("p", {class: "say"}, "text", child, ...): an element; strings become text nodes (never HTML)
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

async function api(method, path, body, seatToken) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (seatToken) headers["X-Seat-Token"] = seatToken;
  let response;
  try {
    response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (error) {
    return {ok: false, status: 0, data: {error: "the server cannot be reached (is nimcore serve running?)"}};
  }
  let data;
  try { data = await response.json(); } catch (error) { data = {error: `HTTP ${response.status}`}; }
  return {ok: response.ok, status: response.status, data};
}

// ---------------------------------------------------------------- seats kept in this browser

const seats = {
  key: (id) => `nimcore:seat:${id}`,
  get(id) {
    try { return JSON.parse(localStorage.getItem(this.key(id))); } catch (error) { return null; }
  },
  set(id, seat, token) { localStorage.setItem(this.key(id), JSON.stringify({seat, token})); },
};

let game = null;        // the public state
let offered = {hints: true, why: true};   // a class's teacher may switch hints and "why" off
let mine = null;        // {seat, token} of this browser, or null (a spectator)
let chosen = null;      // {pile, from}: the stones picked, from index `from` to the end
let stream = null, pollTimer = null;

// ---------------------------------------------------------------- the seed flows' forms

function say(...lines) { return lines.map((line) => el("p", {class: "say"}, line)); }

function field(label, input) { return el("p", {}, el("label", {}, label + " ", input)); }

function select(id, options, chosenValue) {
  return el("select", {id}, ...options.map(([value, text]) =>
    el("option", {value, selected: value === chosenValue}, text)));
}

async function start(options) {
  const out = $("#setup-error");
  if (out) out.textContent = "";
  const answer = await api("POST", "/api/games", options);
  if (!answer.ok) {
    if (out) out.textContent = answer.data.error;
    return;
  }
  const state = answer.data.game;
  if (answer.data.token) seats.set(state.id, answer.data.seat, answer.data.token);
  history.pushState(null, "", `/g/${state.id}`);
  showGame(state);
}

const setups = {
  kuet() {
    // the greeting and its questions in the flow's words (the server's: nim.flows.kuet)
    const name = el("input", {id: "name", maxlength: 40, autocomplete: "off"});
    const difficulty = el("div", {id: "difficulty", hidden: true},
      ...say(...words.difficulty.split("\n")),
      el("p", {}, el("button", {id: "easy", type: "button", class: "primary",
        onclick: () => start({flow, name: name.value, difficulty: 1})}, words.easy), " ",
      el("button", {id: "hard", type: "button", class: "primary",
        onclick: () => start({flow, name: name.value, difficulty: 2})}, words.hard)));
    const goodbye = el("p", {class: "say", id: "goodbye"});
    return [...say(...intro), field(words.name, name),
      ...say(words.play, words.press),
      el("p", {}, el("button", {id: "yes", type: "button", onclick: () => { difficulty.hidden = false; goodbye.textContent = ""; }}, "y"), " ",
        el("button", {id: "no", type: "button", onclick: () => {
          difficulty.hidden = true; goodbye.textContent = words.goodbye.replace("{name}", name.value || "friend"); }}, "n")),
      goodbye, difficulty, ...say(...words.about.split("\n"))];
  },
  rajalakshmi() {
    const piles = el("input", {id: "piles", placeholder: "3 4 5", size: 24});
    const name = el("input", {id: "name", maxlength: 40, autocomplete: "off", placeholder: "Player 0"});
    return [field("Your name:", name), ...say(...intro),
      field(words.mode,
        select("mode", [["hvai", "1 = Human vs AI"], ["hvh", "2 = Human vs Human (two browsers)"], ["aivai", "3 = AI vs AI"]], "hvai")),
      field(words.piles, piles),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary",
        onclick: () => start({flow: "rajalakshmi", mode: $("#mode").value, piles: piles.value, name: name.value})}, "Start"))];
  },
  lab2() {
    const piles = el("input", {id: "piles", value: "1 3 5 7", size: 24});
    const name = el("input", {id: "name", maxlength: 40, autocomplete: "off", placeholder: "Player 1"});
    return [...say(...intro),
      field("Your name:", name),
      field(words.misere, select("misere", [["y", "y"], ["n", "n"]], "y")),
      field(words.level, select("level", [["1", "1 Easy"], ["2", "2 Medium"], ["3", "3 Hard"]], "2")),
      field("Mode:", select("mode", [["hvai", "you vs the AI"], ["hvh", "two people, two browsers"], ["aivai", "AI vs AI"]], "hvai")),
      field("Piles (space-separated sizes):", piles),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary", onclick: () => start({
        flow: "lab2", misere: $("#misere").value === "y", level: Number($("#level").value), mode: $("#mode").value,
        piles: piles.value, name: name.value})}, "Start"))];
  },
  forejune() {
    const pile = el("input", {id: "pile", size: 8, placeholder: "random"});
    return [...say(...intro),
      field("Pile size (2 to 60, Enter for a random 10-30):", pile),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary",
        onclick: () => start({flow: "forejune", pile: pile.value.trim() ? pile.value.trim() : null})}, "Start"))];
  },
  pins() {
    // the questions in the flow's words (the server's: nim.flows.pins)
    const name = el("input", {id: "name", maxlength: 40, autocomplete: "off", placeholder: "You"});
    const piles = el("input", {id: "piles", size: 24, placeholder: "random"});
    return [...say(...intro), field("Your name:", name),
      field(words.game, el("input", {id: "rules", value: "kayles", size: 24})),
      field(words.misere, select("misere", [["n", "n"], ["y", "y"]], "n")),
      field(words.piles, piles),
      field("Mode:", select("mode", [["hvai", "you vs NimX"], ["hvh", "two people, two browsers"], ["aivai", "AI vs AI"]], "hvai")),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary", onclick: () => start({
        flow, rules: $("#rules").value, misere: $("#misere").value === "y", piles: piles.value,
        mode: $("#mode").value, name: name.value})}, "Start"))];
  },
  free() {
    return [...say("Any rule set of nimcore: normal or misere, with ,max=K, ,half or ,set=1;3;4; or a take-and-break game, "
      + "played with rows of pins: kayles, dawson-kayles, dawson-chess, grundy-game or octal=CODE (e.g. misere,kayles); "
      + "or a game of the course on its own board (wythoff, turning-turtles, green-hackenbush, staircase, ...: "
      + "the Position field, not Piles)."),
      field("Your name:", el("input", {id: "name", maxlength: 40, autocomplete: "off", placeholder: "Player 1"})),
      field("Rules:", el("input", {id: "rules", value: "normal", size: 24})),
      field("Piles:", el("input", {id: "piles", value: "3 4 5", size: 24})),
      field(words.position || "Position:", el("input", {id: "position", size: 40, placeholder: "the game's own"})),
      field("Mode:", select("mode", [["hvai", "you vs the AI"], ["hvh", "two people, two browsers"], ["aivai", "AI vs AI"]], "hvai")),
      field("AI:", select("ai", [["optimal", "Optimal"], ["nimsum", "Nim-sum"], ["random", "Random"], ["ida", "IDA*"],
        ["level:1", "Lab 2 level 1"], ["level:2", "Lab 2 level 2"], ["level:3", "Lab 2 level 3"], ["alphabeta", "Alpha-Beta"], ["minimax", "Minimax"]], "optimal")),
      field("Who moves first:", select("first", [["human", "you"], ["ai", "the AI"]], "human")),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary", onclick: () => start({
        flow: "free", rules: $("#rules").value, piles: $("#piles").value, position: $("#position").value,
        mode: $("#mode").value,
        ai: $("#ai").value, first: $("#first").value, name: $("#name").value})}, "Start"))];
  },
  // free play over every rule family: the rules (the page's own family, or typed), its position
  freeplay() {
    const rules = document.body.dataset.rules || "";
    return [...say(...intro),
      field("Your name:", el("input", {id: "name", maxlength: 40, autocomplete: "off", placeholder: "Player 1"})),
      field("Rules:", el("input", {id: "rules", value: rules || "wythoff", size: 24})),
      field(words.position || "Position:", el("input", {id: "position", size: 40, placeholder: "the game's own"})),
      field("Mode:", select("mode", [["hvai", "you vs the AI"], ["hvh", "two people, two browsers"], ["aivai", "AI vs AI"]], "hvai")),
      field("AI:", select("ai", [["optimal", "Optimal"], ["random", "Random"]], "optimal")),
      field("Who moves first:", select("first", [["human", "you"], ["ai", "the AI"]], "human")),
      el("p", {}, el("button", {id: "start", type: "button", class: "primary", onclick: () => start({
        flow: "freeplay", rules: $("#rules").value, position: $("#position").value, mode: $("#mode").value,
        ai: $("#ai").value, first: $("#first").value, name: $("#name").value})}, "Start"))];
  },
  index() {
    // a card a page, in the registry's order, named by its title there; what each page offers
    const offers = {
      kuet: "Greeting, your name, Easy (IDA*, 3 games) or Hard (Minimax and Alpha-Beta, 6 games, chromosomes and the selection step).",
      rajalakshmi: "Human vs AI, Human vs Human across two browsers, AI vs AI; the nim-sum shown.",
      lab2: "Misère play, difficulty levels, a test-case file uploaded and replayed, the game tree with its values.",
      forejune: "One pile, take up to half, the AI moves first; the DP table.",
      pins: "Kayles, Dawson's Kayles, Grundy's game or any octal code on rows of pins, normal or misère, against NimX, the exact player.",
      free: "Normal or misère, take any, at most K, up to half or from a set; take-and-break games too (Kayles, Dawson's Kayles, Dawson's chess, Grundy's game, any octal code); any AI.",
      freeplay: "Wythoff's game, Turning Turtles and the coin games, Green Hackenbush, Staircase Nim, Nimble, Moore's Nim, Lasker's Nim, Fibonacci Nim: each with its own board.",
    };
    return [el("div", {class: "cards"}, ...Object.entries(titles).map(([page, name]) =>
      el("div", {class: "card"}, el("a", {href: `/${page}`}, name), el("p", {}, offers[page] || ""))))];
  },
};

// a flow written as a state machine with no form of its own: its lines (the server's), its piles
function machineSetup() {
  const piles = el("input", {id: "piles", size: 24, placeholder: "its own"});
  return [...say(...intro), field("Piles (space-separated sizes; empty: the flow's own):", piles),
    el("p", {}, el("button", {id: "start", type: "button", class: "primary",
      onclick: () => start({flow, piles: piles.value})}, "Start"))];
}

// ---------------------------------------------------------------- the game

function showGame(state) {
  $("#setup").hidden = true;
  $("#intro").hidden = true;
  $("#game").hidden = false;
  mine = seats.get(state.id);
  update(state);
  extras(state.panels);
  listen(state.id);
}

function update(state, study) {
  if (study || state.study) offered = study || state.study;   // the class's switches, as the server says now
  if (game && state.version < game.version) return;      // an older state arrived late
  const moved = !game || game.version !== state.version;
  game = state;
  if (moved) chosen = null;
  const you = mine ? mine.seat : null;
  // the page's own title (the server's) for a game of its flow, else the game's flow's in the registry
  const title = state.flow === flow ? document.title : (titles[state.flow] || state.flow);
  $("#title").textContent = `${title} (${state.rules})`;
  drawBoard();
  showTyped();
  const mover = state.seats[state.to_move];
  let status;
  if (state.finished) {
    status = state.winner === null ? "Game over." : `Game over: ${state.seats[state.winner].name} wins.`;
  } else if (you === state.to_move) {
    status = `Your turn, ${mover.name}.`;
  } else if (you === null) {
    status = `${mover.name} to move. You are watching.`;
  } else {
    status = `Waiting for ${mover.name}...`;
  }
  // the number the server says (the XOR of the Grundy values, named with their rule), or none
  const sum = state.grundy_sum;
  if ((state.flow === "rajalakshmi" || state.flow === "free" || state.flow === "freeplay") && sum)
    status += `  ${sum.name[0].toUpperCase()}${sum.name.slice(1)}: ${sum.value} (${sum.value.toString(2)} in binary), ${sum.words}.`;
  $("#status").textContent = status;
  const log = $("#log");
  log.textContent = state.log.join("\n");
  log.scrollTop = log.scrollHeight;
  const humanFree = state.seats.findIndex((seat) => seat.human && !seat.taken);
  $("#join").hidden = !(you === null && humanFree >= 0);
  const share = state.mode === "hvh" && humanFree >= 0 && you !== null;    // paired: nobody to send it to
  $("#share").hidden = !share;
  if (share) {
    const link = `${location.origin}/g/${state.id}`;
    $("#share-link").href = link;
    $("#share-link").textContent = link;
  }
  $("#record").href = `/api/games/${state.id}/record`;
  if (state.family_board) $("#record").textContent = "Download the record";     // JSON lines, not Lab 2's format
  $("#undo").hidden = !state.undo;
  $("#undo").disabled = you === null || state.finished || !state.moves.some(([seat]) => seat === you);
  $("#why").hidden = !state.seats.some((seat) => seat.ai) || !offered.why;
  // the AI seat by its name when it has one of its own (NimX), else "the AI"
  const ai = state.seats.find((seat) => seat.ai);
  $("#why").textContent = `Why did ${ai && !/^(Player|AI)\b/.test(ai.name) ? ai.name : "the AI"} move there?`;
  $("#hint").disabled = state.finished;
  // a hint is for the player to move, with the seat's token, while the class allows hints
  $("#hint").hidden = you === null || !offered.hints || state.finished || state.to_move !== you;
  // during the game the analysis of every move is help too: the same rule; after it, for everyone
  $("#analysis").hidden = (!state.finished && (you === null || !offered.hints || state.to_move !== you));
  // a class with hints off: no tree, table or replay during the game, and no help left open
  const helpOff = !offered.hints && !state.finished;
  $("#extras").hidden = helpOff;
  if (helpOff) $("#study").hidden = true;
  const series = state.series;
  $("#next").hidden = !(series && state.finished && !series.done && you === 0);
  $("#again").hidden = !(state.finished && (!series || series.done));
  $("#again").href = `/${state.flow}`;
}

function drawBoard() {
  const board = $("#board");
  board.replaceChildren();
  const canMove = mine && mine.seat === game.to_move && !game.finished;
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  $("#confirm").hidden = $("#clear").hidden = !!game.family_board;   // a family's moves are typed
  if (game.family_board) {
    // a family's own board, drawn by the server (nim.web.boards): the page holds no family's shape
    board.innerHTML = game.family_board.svg;
    board.setAttribute("aria-label", game.family_board.text);
    // a click on a piece types what the server wrote on it: a move's start, or more of it
    board.querySelectorAll("[data-first]").forEach((piece) => piece.addEventListener("click", () => {
      if (!canMove) return;
      const line = $("#typed-count");
      const more = piece.getAttribute("data-more");
      line.value = line.value.trim() && more ? `${line.value.trim()} ${more}` : piece.getAttribute("data-first");
      line.focus();
    }));
    $("#selection").textContent = "";         // no stones to click: a refusal is said here
    $("#selection").classList.remove("error");
    return;
  }
  if (game.splits) { drawPins(canMove, last); return; }
  game.piles.forEach((size, pile) => {
    const row = el("div", {class: "pile", "data-pile": pile},
      el("span", {class: "label"}, `Pile ${pile + game.base}`));
    for (let index = 0; index < size; index += 1) {
      const picked = chosen && chosen.pile === pile && index >= chosen.from;
      row.append(el("button", {
        type: "button", class: "stone" + (picked ? " chosen" : ""), "data-pile": pile, "data-index": index,
        "aria-label": `pile ${pile + game.base}, stone ${index + 1} of ${size}`, disabled: !canMove,
        onclick: () => pick(pile, index)}));
    }
    if (size === 0) row.append(el("span", {class: "count"}, "(empty)"));
    else row.append(el("span", {class: "count"}, size));
    if (last && last[1] === pile) row.classList.add("last-moved");
    board.append(row);
  });
  showChoice();
}

// the seeds' prompts for a typed move (the keyboard's way to play, beside the stones)
function typedPrompts(state, name) {
  // a flow written as a state machine asks in its own words (the server's prompt)
  if (state.questions) return ["", ...state.questions];     // two questions: the pile, then how many
  if (state.prompt) return state.one_pile ? ["", null, state.prompt] : [state.prompt, "pile_index", "count"];
  return [`${name}, your move:`, `pile (from ${state.base})`, "count"];
}

function showTyped() {
  const form = $("#typed");
  const canMove = mine && mine.seat === game.to_move && !game.finished && !game.splits;   // pins are clicked
  form.hidden = !canMove;
  if (!canMove) return;
  if (game.family_board) {        // one line typed in the family's words, read by the server
    $("#typed-prompt").textContent = game.prompt || "";
    $("#typed-pile-label").hidden = true;
    $("#typed-count-text").textContent = "";
    $("#typed-count").setAttribute("size", "30");
    $("#typed-count").setAttribute("inputmode", "text");
    return;
  }
  const [prompt, pileText, countText] = typedPrompts(game, game.seats[mine.seat].name);
  $("#typed-prompt").textContent = prompt;
  $("#typed-pile-label").hidden = pileText === null;
  $("#typed-pile-label span").textContent = pileText || "";
  $("#typed-count-text").textContent = countText;
}

async function typedMove(event) {
  event.preventDefault();
  if (!mine) return;
  if (game.family_board) {
    const text = $("#typed-count").value.trim();
    const answer = await api("POST", `/api/games/${game.id}/move`, {token: mine.token, text, version: game.version});
    if (answer.ok) {
      $("#typed-count").value = "";
      $("#selection").textContent = "";
      update(answer.data.game);
    } else {
      await refused(answer);
    }
    return;
  }
  const single = game.one_pile;
  const pileText = single ? String(game.base) : $("#typed-pile").value.trim();
  const countText = $("#typed-count").value.trim();
  if (!/^[0-9]{1,6}$/.test(pileText) || !/^[0-9]{1,6}$/.test(countText)) {
    $("#selection").textContent = "Type whole numbers: the pile and how many to take.";
    $("#selection").classList.add("error");
    return;
  }
  const answer = await api("POST", `/api/games/${game.id}/move`, {token: mine.token,
    pile: Number(pileText) - game.base, count: Number(countText), version: game.version});
  if (answer.ok) {
    $("#typed-pile").value = "";
    $("#typed-count").value = "";
    update(answer.data.game);
  } else {
    await refused(answer);
  }
}

function pick(pile, index) {
  chosen = {pile, from: index};
  drawBoard();
}

// ---- take-and-break games: each heap a row of pins; a move knocks down a run of
// pins and leaves the pins on either side as two heaps (Grundy's game: a cut between pins)

function cutsOnly(pile) {
  const moves = game.heap_moves[pile];
  return moves.length > 0 && moves.every(([count]) => count === 0);
}

function drawPins(canMove, last) {
  const board = $("#board");
  game.piles.forEach((size, pile) => {
    const row = el("div", {class: "pile pins", "data-pile": pile}, el("span", {class: "label"}, `Heap ${pile + game.base}`));
    for (let index = 0; index < size; index += 1) {
      const picked = chosen && chosen.pile === pile && (chosen.cut === undefined
        ? index >= chosen.from && index <= chosen.to : index === chosen.cut);
      row.append(el("button", {
        type: "button", class: "pin" + (picked ? " chosen" : "") + (chosen && chosen.cut === index && chosen.pile === pile ? " cut" : ""),
        "data-pile": pile, "data-index": index,
        "aria-label": `heap ${pile + game.base}, pin ${index + 1} of ${size}`, disabled: !canMove,
        onclick: () => pickPin(pile, index)}));
    }
    row.append(el("span", {class: "count"}, size === 0 ? "(empty)" : size));
    if (last && last[1] === pile) row.classList.add("last-moved");
    board.append(row);
  });
  showChoice();
}

function pickPin(pile, index) {
  if (cutsOnly(pile)) chosen = {pile, cut: index};              // split after this pin
  else if (chosen && chosen.pile === pile && chosen.cut === undefined && index === chosen.from - 1) chosen.from = index;
  else if (chosen && chosen.pile === pile && chosen.cut === undefined && index === chosen.to + 1) chosen.to = index;
  else chosen = {pile, from: index, to: index};
  drawBoard();
}

// the move the chosen pins stand for: {count, left, right, legal, split}
function pinMove() {
  const size = game.piles[chosen.pile];
  const count = chosen.cut === undefined ? chosen.to - chosen.from + 1 : 0;
  const left = chosen.cut === undefined ? chosen.from : chosen.cut + 1;
  const right = size - left - count;
  const split = left > 0 && right > 0 ? [Math.min(left, right), Math.max(left, right)] : null;
  const [a, b] = split || [0, 0];
  const legal = game.heap_moves[chosen.pile].some(([c, x, y]) => c === count && x === a && y === b);
  return {count, left, right, split, legal};
}

function leavesWords(move) {
  if (move.split) return `leaving two heaps, ${move.left} and ${move.right}`;
  const rest = move.left + move.right;
  return rest ? `leaving one heap of ${rest}` : "leaving nothing";
}

function showPinChoice(confirm, clear, text) {
  const move = pinMove();
  const shown = chosen.pile + game.base;
  confirm.disabled = !move.legal;
  clear.disabled = false;
  confirm.textContent = move.count ? `Knock down ${move.count} from heap ${shown}` : `Split heap ${shown}`;
  const what = move.count ? `Knocking down ${move.count} pin${move.count > 1 ? "s" : ""} of heap ${shown}`
    : `Splitting heap ${shown}`;
  text.textContent = move.legal ? `${what}, ${leavesWords(move)}. Confirm, or click more pins.`
    : `${what}, ${leavesWords(move)}, is not a move of ${game.rules}. ${game.describe}`;
  text.classList.toggle("error", !move.legal);
}

function showChoice() {
  const confirm = $("#confirm"), clear = $("#clear"), text = $("#selection");
  const canMove = mine && mine.seat === game.to_move && !game.finished;
  if (!chosen || !canMove) {
    confirm.disabled = true;
    clear.disabled = true;
    confirm.textContent = "Take";
    text.textContent = !canMove ? "" : game.splits
      ? (game.piles.some((_size, pile) => cutsOnly(pile)) ? "Click the pin after which a heap splits."
        : "Click the pins to knock down (next to each other): the pins on either side stay as two heaps.")
      : "Click a stone: it and the stones after it are taken.";
    text.classList.remove("error");
    return;
  }
  if (game.splits) { showPinChoice(confirm, clear, text); return; }
  const count = game.piles[chosen.pile] - chosen.from;
  const allowed = game.takes[chosen.pile];
  const ok = allowed.includes(count);
  const shown = chosen.pile + game.base;
  confirm.disabled = !ok;
  clear.disabled = false;
  confirm.textContent = `Take ${count} from pile ${shown}`;
  text.textContent = ok ? "Confirm, or click another stone."
    : `You cannot take ${count} from pile ${shown}: take ${describeTakes(allowed)}.`;
  text.classList.toggle("error", !ok);
}

function describeTakes(takes) {
  if (!takes.length) return "nothing (this pile cannot be touched)";
  const low = takes[0], high = takes[takes.length - 1];
  return takes.length === high - low + 1 ? (low === high ? `${low}` : `${low} to ${high}`) : takes.join(", ");
}

async function confirmMove() {
  if (!chosen || !mine) return;
  const body = {token: mine.token, pile: chosen.pile, version: game.version};
  if (game.splits) {
    const move = pinMove();
    Object.assign(body, {count: move.count, split: move.split});
  } else {
    body.count = game.piles[chosen.pile] - chosen.from;
  }
  const answer = await api("POST", `/api/games/${game.id}/move`, body);
  if (answer.ok) update(answer.data.game);
  else await refused(answer);
}

async function refused(answer) {
  $("#selection").textContent = answer.data.error || "refused";
  $("#selection").classList.add("error");
  if (answer.status === 409) await refresh();
}

async function refresh() {
  const answer = await api("GET", `/api/games/${game.id}`, undefined, mine && mine.token);
  if (answer.ok) update(answer.data.game, answer.data.study);
}

async function tokenAction(action) {
  const answer = await api("POST", `/api/games/${game.id}/${action}`, {token: mine ? mine.token : null});
  if (answer.ok) update(answer.data.game);
  else await refused(answer);
}

function studyPanel(...children) {
  const panel = $("#study");
  panel.hidden = false;
  panel.replaceChildren(el("button", {type: "button", class: "close", onclick: () => { panel.hidden = true; }}, "Close"), ...children);
}

async function studyView(kind) {
  const answer = await api("GET", `/api/games/${game.id}/${kind}`, undefined, mine && mine.token);
  if (!answer.ok) { studyPanel(el("p", {class: "error"}, answer.data.error)); return; }
  const data = answer.data;
  if (kind === "analysis") { studyPanel(...analysisView(data)); return; }
  studyPanel(el("p", {id: `${kind}-summary`}, el("strong", {}, data.summary)), el("pre", {}, data.explain.text),
    el("p", {}, el("a", {href: data.theory, target: "_blank", id: `${kind}-theory`}, "How the theory works")));
}

// a value of the player to move: 1 winning, 0 drawing (a game that can loop or end level), -1 losing
const STANDING = {"1": "winning", "0": "drawing", "-1": "losing"};
const RESULT = {"1": "wins", "0": "draws", "-1": "loses"};

function analysisView(data) {
  const rows = data.moves.map((row) => {
    const threw = row.throws_away === undefined ? row.throws_away_win : row.throws_away;
    const what = row.value_before > 0 ? "the win" : "the draw";
    return el("tr", {class: threw ? "blunder" : ""},
      el("td", {}, row.number), el("td", {}, row.player), el("td", {}, row.words),
      el("td", {}, row.before_text === undefined ? row.before.join(" ") : row.before_text),
      el("td", {}, STANDING[String(row.value_before)]),
      el("td", {}, threw ? `threw ${what} away (best: ${row.best})` : ""));
  });
  const parts = [el("h3", {}, "Every move played"),
    el("table", {id: "analysis-table"}, el("tr", {}, ...["#", "player", "move", "before", "mover was", "note"].map((h) => el("th", {}, h))), ...rows)];
  if (data.current.length) {
    const here = data.position_text === undefined ? data.piles.join(" ") : data.position_text;
    const some = data.of > data.listed ? ` (the first ${data.listed} of ${data.of})` : "";
    const depths = data.current.some((row) => row.depth !== null);
    parts.push(el("h3", {}, `Every move from here (${here})${some}`),
      // "moves to the end" only where the engine measured them (a heap game's depth)
      el("table", {}, el("tr", {}, el("th", {}, "move"), el("th", {}, "result"), ...(depths ? [el("th", {}, "moves to the end")] : [])),
        ...data.current.map((row) => el("tr", {}, el("td", {}, row.words),
          el("td", {class: row.value > 0 ? "win" : row.value < 0 ? "loss" : "draw"}, RESULT[String(row.value)]),
          ...(depths ? [el("td", {}, row.depth === null ? "" : row.depth)] : [])))));
  }
  return parts;
}

// ---------------------------------------------------------------- live updates

function listen(id) {
  if (stream) stream.close();
  if (!window.EventSource) { poll(id); return; }
  stream = new EventSource(`/api/games/${id}/events`);
  stream.addEventListener("state", (event) => {
    stopPolling();
    $("#connection").textContent = "live";
    update(JSON.parse(event.data));
  });
  stream.addEventListener("open", () => { stopPolling(); $("#connection").textContent = "live"; });
  // the stream dropped (a server restart, a network hiccup): EventSource retries
  // by itself; meanwhile ask for the state every 1.5 s so nothing is missed
  stream.addEventListener("error", () => { $("#connection").textContent = "reconnecting..."; poll(id); });
}

function poll(id) {
  if (pollTimer) return;
  pollTimer = setInterval(async () => {
    const answer = await api("GET", `/api/games/${id}`, undefined, mine && mine.token);
    if (answer.ok) update(answer.data.game, answer.data.study);
  }, 1500);
}

function stopPolling() { if (pollTimer) { clearInterval(pollTimer); pollTimer = null; } }

// ---------------------------------------------------------------- the flows' extra panels

function extras(panels) {
  const box = $("#extras");
  box.replaceChildren(...(panels || []).filter((name) => PANELS[name]).map((name) => PANELS[name]()));
}

function replayPanel() {
  const text = el("textarea", {id: "replay-text", rows: 8, cols: 30, placeholder: "2\n4\n2\n0 2\n1 2"});
  const file = el("input", {id: "replay-file", type: "file", accept: ".txt,text/plain", onchange: async () => {
    if (file.files.length) text.value = await file.files[0].text();
  }});
  const rules = select("replay-rules", [["misere", "misère"], ["normal", "normal"]], "misere");
  const out = el("div", {id: "replay-out"});
  const replay = async () => {
    const answer = await api("POST", "/api/replay", Object.assign({text: text.value, rules: rules.value},
      game ? {game: game.id} : {}), mine && mine.token);
    if (!answer.ok) { out.replaceChildren(el("p", {class: "error"}, answer.data.error)); return; }
    out.replaceChildren(el("pre", {id: "replay-result"}, answer.data.text), ...treeView(answer.data.tree));
  };
  const playOn = () => start({flow: "lab2", misere: rules.value === "misere", mode: "hvh", record: text.value});
  return el("div", {class: "panel", id: "replay"}, el("h2", {}, "Replay a test-case file"),
    el("p", {}, "First line the number of piles, then one pile size per line, then one move per line as ",
      el("code", {}, "pile_index count"), " (piles from 0). The file's moves are the human's; NimX answers each, as in Lab 2's",
      " test cases. A record downloaded here holds every move of both players: load it with the second button."),
    el("p", {}, file), el("p", {}, text), field("Rules:", rules),
    el("p", {}, el("button", {id: "replay-button", type: "button", class: "primary", onclick: replay}, "Replay against NimX"), " ",
      el("button", {id: "load-record", type: "button", onclick: playOn}, "Load as a record (every move) and play on")), out);
}

// a record downloaded from any game (or saved by the terminal's `save FILE`), played on here
function recordPanel() {
  const text = el("textarea", {id: "record-text", rows: 6, cols: 40, placeholder: "# nimcore record: rules normal,wythoff\n..."});
  const file = el("input", {id: "record-file", type: "file", accept: ".txt,.json,text/plain", onchange: async () => {
    if (file.files.length) text.value = await file.files[0].text();
  }});
  const playOn = () => start({flow: "freeplay", record: text.value});
  return el("div", {class: "panel", id: "record-panel"}, el("h2", {}, "Play on from a record"),
    el("p", {}, "A record downloaded from a game's page (or saved in the terminal with ", el("code", {}, "save FILE"),
      "): the game starts again from its first position, every move is played and checked, and the game goes on."),
    el("p", {}, file), el("p", {}, text),
    el("p", {}, el("button", {id: "record-load", type: "button", class: "primary", onclick: playOn}, "Play on from this record")));
}

function treeView(tree) {
  if (!tree) return [];
  if (!tree.svg) return [el("p", {}, `No tree drawn: ${tree.reason}`)];
  const box = el("div", {class: "tree"});
  // the SVG is made by nimcore's own tree drawing (nim.study), not from user text
  box.innerHTML = tree.svg;
  // a wide tree opens on its root (drawn at the top, somewhere in the middle)
  requestAnimationFrame(() => {
    const root = box.querySelector('[data-depth="0"]');
    if (!root) return;
    const at = root.getBBox();
    box.scrollLeft = Math.max(0, at.x + at.width / 2 - box.clientWidth / 2);
    box.scrollTop = 0;
  });
  return [el("p", {}, tree.summary), box];
}

function treePanel() {
  const piles = el("input", {id: "tree-piles", value: game ? game.piles.join(" ") : "4 4", size: 16});
  const method = select("tree-method", [["alphabeta", "alpha-beta"], ["minimax", "minimax"]], "minimax");
  const out = el("div", {id: "tree-out"});
  const draw = async () => {
    const rules = game ? game.rules : "misere";
    const query = new URLSearchParams({piles: piles.value, rules, method: method.value});
    if (game) query.set("game", game.id);       // the server refuses it while the class's hints are off
    const answer = await api("GET", `/api/tree?${query}`, undefined, mine && mine.token);
    out.replaceChildren(...(answer.ok ? treeView(answer.data) : [el("p", {class: "error"}, answer.data.error)]));
  };
  return el("div", {class: "panel", id: "tree"}, el("h2", {}, "The game tree"),
    el("p", {}, "Every node shows its piles and its minimax value for MAX, the player to move at the root: +1 MAX wins, -1 MAX loses."),
    field("Piles:", piles), field("Search:", method),
    el("p", {}, el("button", {id: "tree-button", type: "button", onclick: draw}, "Draw the game tree")), out);
}

function tablePanel() {
  const out = el("div", {id: "table-out"});
  const upto = game ? Math.max(...game.start) : 30;
  (async () => {
    const answer = await api("GET", `/api/table?upto=${upto}&rules=normal,half` + (game ? `&game=${game.id}` : ""),
      undefined, mine && mine.token);
    if (!out.isConnected) return;          // a newer panel (the game's own pile) replaced this one
    if (!answer.ok) { out.append(el("p", {class: "error"}, answer.data.error)); return; }
    const rows = answer.data.rows.slice(1);
    const lines = [];
    for (let start = 0; start < rows.length; start += 10) {
      const part = rows.slice(start, start + 10);
      lines.push(el("tr", {}, el("th", {}, "n"), ...part.map((row) => el("th", {}, row.n))));
      lines.push(el("tr", {}, el("th", {}, "score"), ...part.map((row) => el("td", {class: row.outcome}, String(row.value)))));
    }
    out.append(el("pre", {id: "dp-scores", "data-upto": String(upto)}, "score: " + rows.map((row) => String(row.value)).join(", ")),
      el("table", {id: "dp-table"}, ...lines));
  })();
  return el("div", {class: "panel", id: "dp"}, el("h2", {}, "The DP score table"),
    el("p", {}, `The seed's S[n] for one pile of n = 1 to ${upto}: 1 when the player to move wins, -1 when it loses (the player left with 1 has lost).`), out);
}

// ---------------------------------------------------------------- start-up

function wire() {
  $("#confirm").addEventListener("click", confirmMove);
  $("#typed").addEventListener("submit", typedMove);
  $("#clear").addEventListener("click", () => { chosen = null; drawBoard(); });
  $("#hint").addEventListener("click", () => studyView("hint"));
  $("#why").addEventListener("click", () => studyView("why"));
  $("#analysis").addEventListener("click", () => studyView("analysis"));
  $("#undo").addEventListener("click", () => tokenAction("undo"));
  $("#next").addEventListener("click", () => tokenAction("next"));
  $("#copy-link").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("#share-link").href));
  $("#join-button").addEventListener("click", async () => {
    const answer = await api("POST", `/api/games/${game.id}/join`, {name: $("#join-name").value});
    if (!answer.ok) { await refused(answer); return; }
    if (answer.data.token) {
      seats.set(game.id, answer.data.seat, answer.data.token);
      mine = {seat: answer.data.seat, token: answer.data.token};
    }
    update(answer.data.game);
  });
}

async function main() {
  wire();
  if (flow === "game") {
    const id = location.pathname.split("/").pop();
    const stored = seats.get(id);
    const answer = await api("GET", `/api/games/${id}`, undefined, stored && stored.token);
    if (!answer.ok) { $("#setup").replaceChildren(el("p", {class: "error"}, answer.data.error)); return; }
    if (answer.data.study) offered = answer.data.study;
    showGame(answer.data.game);
    return;
  }
  const setup = setups[flow] || machineSetup;        // a flow registered as a machine, without a form of its own
  $("#setup").replaceChildren(el("div", {class: "form"}, ...setup(), el("p", {class: "error", id: "setup-error"})));
  extras(pagePanels);
}

window.addEventListener("popstate", () => location.reload());
main();
