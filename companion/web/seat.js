// A seat's own part of the table page: the actions open to its player, the question each opens
// and the dice tray, all as the server describes them (the game's own Prompt: label, value,
// suggestions, numbered choices, advice, the refusal's reason). No game's rules live here: the
// page sends what was pressed or typed, with the log version it was painted from, and shows an
// action as recorded only when the server says it is committed. Text goes in as text.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  let me = null; // the seat's part as the server last described it
  let busy = false;
  let faces = [];
  let kept = null; // the line typed under a question the table closed: { label, text }

  function button(text, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
  }

  function say(text, bad) {
    $("seat-status").textContent = text;
    $("seat-status").classList.toggle("reason", Boolean(bad));
  }

  function paintTray(tray) {
    $("tray").hidden = !tray;
    $("q-text").hidden = Boolean(tray);
    if (!tray) return;
    $("tray-title").textContent = tray.title;
    $("tray-chance").textContent = tray.chance;
    faces = faces.length === tray.count ? faces : new Array(tray.count).fill(0);
    const rows = [];
    for (let i = 0; i < tray.count; i += 1) {
      const row = document.createElement("div");
      row.className = "die";
      for (let f = 1; f <= 6; f += 1) {
        const b = button(String(f), () => { faces[i] = f; paintTray(tray); }, faces[i] === f ? "picked" : "");
        b.dataset.die = String(i);
        row.append(b);
      }
      rows.push(row);
    }
    $("tray-dice").replaceChildren(...rows);
  }

  function paintQuestion(q) {
    $("question").hidden = !q;
    if (!q) return;
    const tray = q.tray || null;
    $("q-label").textContent = tray ? "Dice tray" : q.label;
    $("q-advice").textContent = q.advice || "";
    $("q-advice").hidden = !q.advice;
    $("q-reason").textContent = q.reason || "";
    $("q-reason").hidden = !q.reason;
    paintTray(tray);
    const input = $("q-text");
    if (!tray) {
      input.type = q.secret ? "password" : "text";
      if (input.dataset.asked !== q.label || q.reason) {
        input.value = q.value;
        if (q.selected) input.select(); // a filled-in value: OK takes it, the first key typed replaces it
      }
      if (kept && kept.label === q.label && !q.reason) [input.value, kept] = [kept.text, null]; // asked again: as typed
      input.dataset.asked = q.label;
    }
    const choices = (q.choices || []).map((c, i) => button(`${i + 1} ${c}`, () => send({ do: "answer", text: String(i + 1) })));
    if (q.confirm) choices.push(button("Yes", () => send({ do: "answer", text: "" })), button("No", () => send({ do: "close" })));
    $("q-choices").replaceChildren(...choices);
    $("q-suggest").replaceChildren(...(q.suggest || []).map((s) => button(s, () => { input.value = s; input.focus(); }, "suggest")));
    $("q-ok").hidden = Boolean(q.confirm);
  }

  function paintMe(next) {
    if (next.closed && me && me.question && !me.question.tray) kept = { label: me.question.label, text: $("q-text").value };
    me = next;
    $("seat").hidden = false;
    $("seat-name").textContent = `${me.name} · your seat`;
    $("seat-actions").replaceChildren(
      ...me.buttons.map((b) => {
        const node = button(b.title, () => send({ do: "open", key: b.key }), "action");
        node.dataset.key = b.key;
        return node;
      }),
    );
    paintQuestion(me.question);
    $("seat-undo").hidden = !me.undo;
    if (me.closed) say(me.closed, true); // another seat's action closed this one's question
  }

  async function refresh() {
    const response = await fetch("/seat/me", { credentials: "same-origin", cache: "no-store" });
    if (response.status === 403) {
      say("This seat's link is no longer valid: ask the table for a new one.", true);
      $("seat-actions").replaceChildren();
      $("question").hidden = true;
      return;
    }
    if (response.ok) paintMe(await response.json());
    else say(await response.text(), true);
  }

  async function send(body) {
    if (busy || !me) return;
    busy = true;
    say("Sending…", false);
    try {
      const payload = { ...body, version: me.version, action: me.action };
      const response = await fetch("/seat/act", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload),
      });
      if (response.status === 403) { await refresh(); return; }
      if (!(response.headers.get("Content-Type") || "").startsWith("application/json")) {
        say(await response.text(), true); // the session deleted, the table busy: said as the server says it
        return;
      }
      const answer = await response.json();
      // Against the action this post was built on: the table's stream may have reloaded the
      // seat with this very action before its answer arrived.
      const recorded = response.ok && !answer.reason && answer.me.action !== payload.action;
      if (answer.me) paintMe(answer.me);
      if (response.status === 409) say(answer.reason, true);
      else if (answer.reason) say(answer.reason, true);
      else if (recorded) {
        say(body.do === "undo" ? "Undone." : "Recorded.", false);
        kept = null; // the table moved on from it
      }
      else say("", false);
      faces = [];
    } catch (error) {
      say("Not sent: the connection dropped. Nothing was recorded; try again.", true);
    } finally {
      busy = false;
    }
  }

  $("question").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!me || !me.question) return; // closed since: the page says why
    if (me && me.question && me.question.tray) {
      const total = faces.every((f) => f > 0) ? faces : null;
      if (total) send({ do: "roll", faces: total, total: false });
      else say("Press a face for every die.", true);
      return;
    }
    send({ do: "answer", text: $("q-text").value });
  });
  $("q-close").addEventListener("click", () => send({ do: "close" }));
  $("seat-undo").addEventListener("click", () => send({ do: "undo" }));
  document.addEventListener("frame", (event) => {
    $("after").textContent = $("after").textContent.replace("read-only", "your seat");
    if (!me || event.detail.version !== me.version) refresh();
  });
  refresh();
})();
