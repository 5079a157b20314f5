// The board page's hand viewer. Select a traveller row (or open /board/N#table-T) to see that
// table's auction and its play card by card or trick by trick, the hands losing their cards as
// they go. The page gives the deal and each table's replay as JSON (#board-data), and the words
// to write them with in the reader's language (#viewer-words: sentences with {name} placeholders,
// the notation of seats, sides, ranks, calls); this script only draws, it knows no bridge rules.
"use strict";

const board = JSON.parse(document.getElementById("board-data").textContent);
const words = JSON.parse(document.getElementById("viewer-words").textContent);
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SEATS = ["N", "E", "S", "W"];
const viewer = document.getElementById("viewer");
let row = null;  // the selected table's replay
let step = 0;    // how many of its cards have been played

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// a sentence of the page's language with its {name} placeholders filled in
function say(key, values) {
  return words.texts[key].replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function suit(letter) {
  return el("span", SUITS[letter], letter === "H" || letter === "D" ? "red" : "black");
}

function rank(letter) {
  return words.ranks[letter] || letter;
}

// "4SX" -> 4♠X (4♠D in Danish), "Pass" -> Pas, "3NT" -> 3UT: the reader's notation
function callNode(text) {
  const span = el("span");
  const match = /^([1-7])(NT|[SHDC])(X{0,2})$/.exec(text);
  if (!match) {
    span.textContent = words.calls[text] || text;
    return span;
  }
  span.append(match[1], match[2] === "NT" ? words.nt : suit(match[2]), match[3] ? words.calls[match[3]] : "");
  return span;
}

// what the table recorded before the director's ruling: "4♠ N 9" in the reader's notation
function resultText(table) {
  if (!table.contract || table.contract === "Pass") return words.calls.Pass;
  const text = table.contract.replace("NT", words.nt).replace(/[SHDC]/, (l) => SUITS[l])
    .replace(/X+$/, (x) => words.calls[x]);
  return [text, words.seats[table.declarer] || table.declarer || "", table.tricks ?? ""].join(" ").trim();
}

function cardNode(card) {
  const span = el("span", undefined, "card");
  span.append(suit(card[0]), rank(card.slice(1)));
  return span;
}

function played() {
  return row ? row.tricks.flatMap((t) => t.cards).slice(0, step) : [];
}

function drawHands() {
  const gone = new Set(played().map((c) => c.card));
  for (const seat of SEATS) {
    const box = document.getElementById("hand-" + seat);
    if (!box || !board.hands) continue;
    const left = board.hands[seat].filter((c) => !gone.has(c));
    box.replaceChildren(el("b", box.dataset.name));
    if (box.dataset.hcp) box.append(" ", el("span", box.dataset.hcp, "hcp"));
    box.dataset.cards = String(left.length);
    for (const letter of ["S", "H", "D", "C"]) {
      const line = el("div", undefined, "suit-line");
      const ranks = left.filter((c) => c[0] === letter).map((c) => rank(c.slice(1)));
      line.append(suit(letter), " " + (ranks.join(" ") || "\u2014"));
      box.append(line);
    }
  }
}

function drawTrick() {
  const centre = document.getElementById("trick");
  centre.replaceChildren();
  if (!row || step === 0) return;
  const trick = row.tricks[Math.floor((step - 1) / 4)];
  const shown = trick.cards.slice(0, ((step - 1) % 4) + 1);
  for (const c of shown) {
    const spot = el("div", undefined, "spot spot-" + c.seat);
    if (shown.length === 4 && trick.winner === c.seat) spot.classList.add("winner");
    spot.append(cardNode(c.card));
    centre.append(spot);
  }
}

function drawCount() {
  const complete = row ? row.tricks.slice(0, Math.floor(step / 4)).filter((t) => t.winner) : [];
  const ns = complete.filter((t) => t.winner === "N" || t.winner === "S").length;
  const count = document.getElementById("trick-count");
  count.dataset.tricks = String(complete.length);
  count.textContent = say("count", { count: complete.length, ns_side: words.sides.NS, ns: ns,
                                     ew_side: words.sides.EW, ew: complete.length - ns });
  const total = row ? played().length === row.tricks.flatMap((t) => t.cards).length : true;
  const claim = document.getElementById("claim");
  claim.hidden = !(row && row.claim && total);
  if (row && row.claim) {
    const c = row.claim;
    claim.textContent = say("claim", { seat: words.seats[c.claimer] || c.claimer, tricks: c.tricks ?? "?",
                                       remaining: c.remaining, state: words.states[c.state] || c.state });
  }
}

function drawAuction() {
  const body = document.getElementById("auction-body");
  body.replaceChildren();
  if (!row) return;
  const order = ["W", "N", "E", "S"];
  let line = el("tr");
  for (let i = 0; i < order.indexOf(row.dealer); i++) line.append(el("td"));
  for (const c of row.calls) {
    if (line.children.length === 4) {
      body.append(line);
      line = el("tr");
    }
    const cell = el("td");
    cell.append(callNode(c.call));
    if (c.alert) {
      cell.classList.add("alert");
      cell.title = say("alerted", {});
      cell.append(el("sup", "*"));
    }
    line.append(cell);
  }
  body.append(line);
}

function drawNotes() {
  const notes = document.getElementById("notes");
  notes.replaceChildren();
  if (!row) return;
  for (const text of row.director_calls) notes.append(el("li", say("director", { text: text }), "director"));
  for (const text of row.revokes) notes.append(el("li", say("revoke", { text: text }), "director"));
  if (row.ruling) notes.append(el("li", say(row.ruling.table ? "ruling_table" : "ruling", {
    reason: row.ruling.reason || "\u2014",
    result: row.ruling.table ? resultText(row.ruling.table) : "" }), "director ruling"));
  if (row.adjusted) notes.append(el("li", say("adjusted", { score: row.adjusted })));
  if (!row.tricks.length && !row.adjusted) notes.append(el("li", say("no_play", {})));
}

function draw() {
  drawHands();
  drawTrick();
  drawCount();
}

function cardsOfRow() {
  return row ? row.tricks.flatMap((t) => t.cards).length : 0;
}

function go(to) {
  step = Math.max(0, Math.min(cardsOfRow(), to));
  draw();
}

function select(table) {
  row = board.rows.find((r) => String(r.table) === String(table)) || null;
  for (const tr of document.querySelectorAll("tr[data-table]")) {
    tr.classList.toggle("selected", row !== null && tr.dataset.table === String(row.table));
  }
  viewer.hidden = row === null;
  if (row) {
    document.getElementById("viewer-title").textContent = row.robots ? say("robots", {}) : say("title", {
      table: row.table, ns_side: words.sides.NS, ns: row.ns, ew_side: words.sides.EW, ew: row.ew });
  }
  step = 0;
  drawAuction();
  drawNotes();
  draw();
}

const actions = {
  first: () => go(0),
  "prev-trick": () => go(step % 4 ? step - (step % 4) : step - 4),
  "prev-card": () => go(step - 1),
  "next-card": () => go(step + 1),
  "next-trick": () => go(step - (step % 4) + 4),
  last: () => go(cardsOfRow()),
};
for (const [id, action] of Object.entries(actions)) {
  document.getElementById(id).addEventListener("click", action);
}
document.addEventListener("keydown", (event) => {
  if (!row) return;
  if (event.key === "ArrowRight") actions["next-card"]();
  if (event.key === "ArrowLeft") actions["prev-card"]();
});
for (const tr of document.querySelectorAll("tr[data-table]")) {
  tr.addEventListener("click", () => { location.hash = "table-" + tr.dataset.table; });
}
function fromHash() {
  const match = /^#table-(\d+)$/.exec(location.hash);
  select(match ? match[1] : null);
}
window.addEventListener("hashchange", fromHash);
fromHash();
