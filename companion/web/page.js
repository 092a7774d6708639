// The table display: every frame the server pushes (server-sent events) painted from its
// public facts. Text always goes in as text (never as markup). The page sends nothing back
// (a seat's page adds seat.js, which does).
"use strict";

const FRACTION = /^\s*(\d+)\s*\/\s*(\d+)\s*$/;
const LONG = 16; // a cell longer than this is a sentence: smaller type
const LONG_TILE = 12; // a headline value longer than this gets a whole line, in smaller type
const ALARM = "⚠"; // a headline label or panel line opening with it is a warning the table must see
const $ = (id) => document.getElementById(id);
let last = null; // the frame painted before, to see what changed

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function withBar(node, value) {
  const m = FRACTION.exec(value);
  if (!m) return;
  const [have, most] = [Number(m[1]), Number(m[2])];
  if (most <= 0 || have > most) return;
  const share = have / most;
  const bar = el("span", null, "bar");
  const fill = el("span", null, "fill" + (share > 0.5 ? "" : share > 0.25 ? " mid" : " low"));
  fill.style.width = `${Math.round(share * 100)}%`;
  bar.append(fill);
  node.append(bar);
}

function flash(node, key, value, before) {
  if (before && key in before && before[key] !== value) {
    node.classList.add("changed");
    setTimeout(() => node.classList.remove("changed"), 5000);
  }
}

function values(frame) {
  const seen = {};
  if (!frame || !frame.rows) return seen;
  for (const row of frame.rows) {
    frame.columns.forEach((column, i) => { seen[`cell\u0000${row.label}\u0000${column}`] = row.cells[i] ?? ""; });
  }
  for (const [label, value] of frame.headline) seen[`head\u0000${label}`] = value;
  return seen;
}

function paintRows(frame, before) {
  const head = $("columns");
  head.replaceChildren(el("th", "Player"), ...frame.columns.map((c) => el("th", c)));
  const rows = frame.rows.map((row) => {
    const tr = el("tr", null, row.active ? "active" : "");
    const who = el("td", row.label, "who");
    if (row.note) who.append(el("span", row.note, "note"));
    tr.append(who);
    frame.columns.forEach((column, i) => {
      const value = row.cells[i] ?? "";
      const td = el("td", value, value.length > LONG ? "long" : "");
      td.dataset.column = column;
      withBar(td, value);
      flash(td, `cell\u0000${row.label}\u0000${column}`, value, before);
      tr.append(td);
    });
    return tr;
  });
  $("rows").replaceChildren(...rows);
  $("players").classList.toggle("roomy", frame.rows.length <= 4 && frame.columns.length <= 3);
}

function isAlarm([label, value]) {
  return label.startsWith(ALARM) || value.startsWith(ALARM);
}

function paintSide(frame, before) {
  const alarms = frame.headline.filter(isAlarm).map(([label, value]) => {
    const line = el("div", null, "alarm");
    line.append(el("span", label, "label"), el("span", value, "value"));
    return line;
  });
  $("alarms").replaceChildren(...alarms);
  $("alarms").hidden = alarms.length === 0;
  const tiles = frame.headline.filter((pair) => !isAlarm(pair)).map(([label, value]) => {
    const tile = el("div", null, "tile" + (value.length > LONG_TILE ? " long" : ""));
    tile.append(el("span", label, "label"), el("span", value, "value"));
    withBar(tile, value);
    flash(tile, `head\u0000${label}`, value, before);
    return tile;
  });
  $("headline").replaceChildren(...tiles);
  const lines = frame.panel.concat(frame.problems);
  $("panel").replaceChildren(...lines.map((line) => el("li", line, line.startsWith(ALARM) ? "alarm" : "")));
  $("panel").hidden = frame.panel.length + frame.problems.length === 0;
  $("side").hidden = tiles.length === 0;
  $("main").classList.toggle("with-side", tiles.length > 0);
}

function winnersLine(frame) {
  const names = frame.winners;
  if (names.length === 0) return "Game over · no winner";
  return `Game over · ${names.length === 1 ? "Winner" : "Winners"}: ${names.join(", ")}`;
}

function paint(frame) {
  if (frame.message !== undefined) {
    $("message").textContent = frame.message;
    $("message").hidden = false;
    $("game").hidden = true;
    $("title").textContent = "Companion · table display";
    last = null;
    return;
  }
  const before = last && last.session === frame.session ? values(last) : null;
  $("message").hidden = true;
  $("game").hidden = false;
  $("title").textContent = frame.heading;
  document.title = `${frame.title} · Companion`;
  $("round").textContent = frame.round;
  $("turn-label").textContent = frame.finished ? "Game over" : "Turn";
  $("turn").textContent = frame.finished ? (frame.winners.join(", ") || "—") : frame.turn;
  $("phase").textContent = frame.phase;
  $("over").hidden = !frame.finished;
  $("winners").textContent = frame.finished ? winnersLine(frame) : "";
  $("reasoning").textContent = frame.finished ? frame.reasoning : "";
  $("status").textContent = frame.status;
  $("status").hidden = !frame.status;
  $("newest-text").textContent = frame.newest || "Nothing recorded yet";
  const newest = $("newest");
  if (last && last.session === frame.session && last.action !== frame.action) {
    newest.classList.remove("fresh");
    void newest.offsetWidth; // restart the highlight
    newest.classList.add("fresh");
  }
  paintRows(frame, before);
  paintSide(frame, before);
  $("checklist").replaceChildren(
    ...frame.checklist.map(([name, done]) => el("li", name, done ? "done" : "")),
  );
  $("after").textContent = `After action ${frame.action} · last change ${frame.last_change} · read-only`;
  fitPanel();
  last = frame;
}

// A TV shows one screenful: when the page runs past the bottom, the panel's last lines give
// way (never a warning; the table screen keeps every line), and one line says how many.
function fitPanel() {
  if (window.innerWidth <= 760) return; // a phone scrolls
  const panel = $("panel");
  const overflows = () => document.documentElement.scrollHeight > window.innerHeight;
  let dropped = 0;
  let note = null;
  while (overflows()) {
    const lines = [...panel.children].filter((li) => li !== note && !li.classList.contains("alarm"));
    if (lines.length === 0) break;
    lines[lines.length - 1].remove();
    dropped += 1;
    if (note === null) {
      note = el("li", "", "more");
      panel.append(note);
    }
    note.textContent = `${dropped} more line${dropped > 1 ? "s" : ""} on the table screen`;
  }
}

function connect() {
  const source = new EventSource("/events");
  source.onmessage = (event) => {
    $("live").textContent = "live";
    $("live").classList.remove("lost");
    const frame = JSON.parse(event.data);
    paint(frame);
    document.dispatchEvent(new CustomEvent("frame", { detail: frame })); // a seat's page follows it
  };
  source.onerror = () => {
    $("live").textContent = "reconnecting…";
    $("live").classList.add("lost");
  };
}

connect();
