// The cgtk page: Dots-and-Boxes and Amazons boards over the JSON API of
// `cgtk serve`, and a CGT calculator. Plain JavaScript, no dependencies.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
// While the page opens a link, the address is left as it is.
let opening = true;

// ---------------------------------------------------------------- work in progress

// Every request that takes over 300 ms shows a line in #busy with its
// elapsed time; a search run as a job also shows its progress and a Stop
// button (the server then answers what the search reached).
const busy = { tasks: new Set(), timer: null };

function busyStart(label, stop) {
  const task = { label, stop, started: performance.now(), progress: "", stopping: false };
  busy.tasks.add(task);
  if (!busy.timer) busy.timer = setInterval(busyDraw, 100);
  return task;
}

function busyEnd(task) {
  busy.tasks.delete(task);
  busyDraw();
}

function busyDraw() {
  const box = $("busy"), now = performance.now();
  const shown = [...busy.tasks].filter((t) => now - t.started >= 300);
  box.hidden = shown.length === 0;
  if (!busy.tasks.size && busy.timer) { clearInterval(busy.timer); busy.timer = null; }
  // Rows are kept between draws so that a Stop button stays under the pointer.
  const rows = new Map([...box.children].map((r) => [r.task, r]));
  for (const [task, row] of rows) if (!shown.includes(task)) row.remove();
  for (const task of shown) {
    let row = rows.get(task);
    if (!row) {
      row = document.createElement("div");
      row.className = "task";
      row.task = task;
      row.innerHTML = '<span class="spinner" aria-hidden="true"></span><span class="what"></span>';
      if (task.stop) {
        const b = document.createElement("button");
        b.className = "stop";
        b.textContent = "Stop";
        b.addEventListener("click", () => { task.stopping = true; task.stop(); busyDraw(); });
        row.appendChild(b);
      }
      box.appendChild(row);
    }
    const secs = ((now - task.started) / 1000).toFixed(1);
    row.querySelector(".what").textContent = `${task.label}: ${secs} s` +
      (task.progress ? `, ${task.progress}` : "") + (task.stopping ? " (stopping...)" : "");
    row.dataset.seconds = secs;
  }
}

/** GET /api/<path>?<params>: the JSON (or text), or an Error with the server's one-line message. */
async function api(path, params, text, label) {
  const url = "/api/" + path + "?" + new URLSearchParams(params).toString();
  const task = busyStart(label || path);
  try {
    const res = await fetch(url);
    const body = await res.text();
    if (!res.ok) throw new Error(body.trim());
    return text ? body : JSON.parse(body);
  } finally {
    busyEnd(task);
  }
}

/** A search's progress in words. */
function progressText(p) {
  if (!p) return "";
  const reviewed = p.review && p.review.positions ? `${p.review.positions.length} positions reviewed` : "";
  const valued = p.valued !== undefined ? `${p.valued} of ${p.legal} moves valued, ` : "";
  if (p.lower !== undefined && p.upper !== undefined) return (reviewed ? reviewed + "; " : "") + `${p.nodes} nodes, ${valued}value in [${p.lower}, ${p.upper}]`;
  if (reviewed) return reviewed;
  if (p.root !== undefined) return `${p.nodes} nodes, proof numbers ${p.root}`;
  if (p.positions !== undefined) return `${p.positions} positions, ${p.moves.length} moves valued`;
  if (p.moves !== undefined) return `${p.moves.length} moves of the variation, ${p.nodes} nodes`;
  return "";
}

/**
 * Runs the search /api/<route> as a job: starts it, polls its progress
 * (told to `onProgress`), and answers its report (a stopped search's
 * report says what it reached). `stale()` true stops it and answers null.
 */
async function job(route, params, label, onProgress, stale) {
  const post = async (url) => {
    const res = await fetch(url, { method: "POST" });
    const body = await res.text();
    if (!res.ok) throw new Error(body.trim());
    return JSON.parse(body);
  };
  const { job: id } = await post("/api/jobs/" + route + "?" + new URLSearchParams(params).toString());
  const stop = () => post(`/api/job/${id}/stop`).catch(() => {});
  const task = busyStart(label || route, stop);
  try {
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 200));
      if (stale && stale()) { stop(); return null; }
      const res = await fetch(`/api/job/${id}`);
      const body = await res.text();
      if (!res.ok) throw new Error(body.trim());
      const poll = JSON.parse(body);
      task.progress = progressText(poll.progress);
      if (poll.progress && onProgress) onProgress(poll.progress);
      if (poll.state === "done") return poll.result;
      if (poll.state === "failed") throw new Error(poll.error);
    }
  } finally {
    busyEnd(task);
  }
}

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function options(select, from, to, chosen) {
  for (let i = from; i <= to; i++) {
    const o = document.createElement("option");
    o.value = o.textContent = String(i);
    if (i === chosen) o.selected = true;
    select.appendChild(o);
  }
}

// ---------------------------------------------------------------- tabs

let activePanel = "dots";
for (const tab of document.querySelectorAll("nav button")) {
  tab.addEventListener("click", () => showPanel(tab.dataset.panel));
}
function showPanel(name) {
  activePanel = name;
  setTimeout(setLink);
  for (const tab of document.querySelectorAll("nav button")) {
    tab.setAttribute("aria-selected", String(tab.dataset.panel === name));
  }
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== name;
}

// ---------------------------------------------------------------- Dots-and-Boxes

// Edge numbering of ARCHITECTURE.md: horizontal edges row by row from the
// top (r*W + c), then vertical edges row by row ((H+1)*W + r*(W+1) + c).
//
// The game is a tree of moves: `dots.root` the empty board, `dots.node` the
// position shown, `dots.moves` the moves from the root to it. Playing a
// move that is not a child of the node starts a variation (a branch);
// `next` is the child that Redo follows.
//
// Every value on the page is the first player's: the margin (boxes of the
// first player minus the second's) at the end of the game under perfect
// play from here, as `/api/dots/review` reports it. `dots.analyses` holds
// the review's positions by record, `dots.reviewed` its moves by the record
// they lead to; `dots.chains` the chains and loops of positions.
const dots = {
  w: 3, h: 3, root: null, node: null, moves: [], analyses: new Map(), reviewed: new Map(),
  nimbers: new Map(), chains: new Map(), pv: null, cursor: 0, keyboard: false, token: 0, error: "",
};

function dotsNode(move, parent) { return { move, parent, kids: [], next: null }; }

function numEdges(w, h) { return (h + 1) * w + h * (w + 1); }

function edgeEnds(w, h, e) {
  const hs = (h + 1) * w;
  if (e < hs) { const r = Math.floor(e / w), c = e % w; return [c, r, c + 1, r]; }
  const k = e - hs, r = Math.floor(k / (w + 1)), c = k % (w + 1);
  return [c, r, c, r + 1];
}

function boxEdges(w, h, b) {
  const r = Math.floor(b / w), c = b % w, v = (h + 1) * w + r * (w + 1) + c;
  return [r * w + c, (r + 1) * w + c, v, v + 1];
}

function edgeBoxes(w, h, e) {
  const hs = (h + 1) * w, out = [];
  if (e < hs) {
    const r = Math.floor(e / w), c = e % w;
    if (r > 0) out.push((r - 1) * w + c);
    if (r < h) out.push(r * w + c);
  } else {
    const k = e - hs, r = Math.floor(k / (w + 1)), c = k % (w + 1);
    if (c > 0) out.push(r * w + c - 1);
    if (c < w) out.push(r * w + c);
  }
  return out;
}

/** The game after `moves`: drawn edges, box owners, scores, side to move. */
function dotsState(w, h, moves) {
  const drawn = new Set(), owner = new Array(w * h).fill(-1), score = [0, 0];
  let toMove = 0;
  for (const e of moves) {
    drawn.add(e);
    let took = 0;
    for (const b of edgeBoxes(w, h, e)) {
      if (boxEdges(w, h, b).every((x) => drawn.has(x))) { owner[b] = toMove; score[toMove]++; took++; }
    }
    if (took === 0) toMove = 1 - toMove;
  }
  return { drawn, owner, score, toMove, over: drawn.size === numEdges(w, h) };
}

/** The record `WxH:e,e,...` of `moves`. */
function recordOf(moves, size = dots.w + "x" + dots.h) {
  return moves.length ? size + ":" + moves.join(",") : size;
}

function dotsRecord() { return recordOf(dots.moves); }

/** The moves from the root to `node`. */
function pathOf(node) {
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n.move);
  return out.reverse();
}

/** The line through `node`: the path from the root to it, then on along `next` (or the first child). */
function lineOf(node) {
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n);
  out.reverse();
  for (let n = node.next || node.kids[0]; n; n = n.next || n.kids[0]) out.push(n);
  return out;
}

/** The other moves from `node`'s parent (variations), as buttons that `go` to them, each named by `name`. */
function variationSpan(node, name, go) {
  const sibs = node.parent.kids.filter((x) => x !== node);
  if (!sibs.length) return null;
  const v = document.createElement("span");
  v.className = "variations";
  v.append(" or ");
  sibs.forEach((sib, i) => {
    const b = document.createElement("button");
    b.className = "link variation";
    b.dataset.edge = String(sib.move);
    let n = sib; const moves = [name(sib)];
    while (n.kids.length && moves.length < 4) { n = n.kids[0]; moves.push(name(n)); }
    b.textContent = moves.join(",") + (n.kids.length ? ",..." : "");
    b.addEventListener("click", () => go(sib));
    if (i) v.append("; ");
    v.appendChild(b);
  });
  return v;
}

/** The record of the whole tree: the main line, each variation in parentheses after the move it replaces. */
function dotsTreeRecord() {
  const line = (node) => {
    const out = [];
    for (let n = node; n.kids.length; n = n.kids[0]) {
      const [main, ...alts] = n.kids;
      out.push(String(main.move));
      for (const a of alts) out.push("(" + [String(a.move), ...line(a)].join(",") + ")");
    }
    return out;
  };
  const moves = line(dots.root);
  return dots.w + "x" + dots.h + (moves.length ? ":" + moves.join(",") : "");
}

function dotsPlayer(side) { return $(side === 0 ? "dots-p0" : "dots-p1").value.trim() || "human"; }

function dotsNew(w, h, root) {
  dots.w = w; dots.h = h; dots.root = root || dotsNode(null, null); dots.node = dots.root;
  dots.analyses.clear(); dots.reviewed.clear(); dots.nimbers.clear(); dots.chains.clear();
  dots.cursor = 0; dots.error = "";
  $("dots-w").value = String(w); $("dots-h").value = String(h);
  dotsChanged();
}

/** Shows `node` of the tree. */
function dotsGoto(node) {
  dots.node = node;
  remember(node);
  dotsChanged();
}

/** Makes Redo from each position on the way to `node` lead to it. */
function remember(node) {
  for (let n = node; n.parent; n = n.parent) n.parent.next = n;
}

function dotsPlay(e) {
  const st = dotsState(dots.w, dots.h, dots.moves);
  if (st.over || st.drawn.has(e) || e < 0 || e >= numEdges(dots.w, dots.h)) return false;
  let child = dots.node.kids.find((k) => k.move === e);
  if (!child) { child = dotsNode(e, dots.node); dots.node.kids.push(child); }
  dotsGoto(child);
  return true;
}

function dotsUndo() {
  if (!dots.node.parent) return;
  const humans = [0, 1].filter((s) => dotsPlayer(s) === "human");
  let n = dots.node;
  do {
    n = n.parent;
  } while (n.parent && humans.length === 1 && dotsState(dots.w, dots.h, pathOf(n)).toMove !== humans[0]);
  dots.node = n;
  dotsChanged();
}

function dotsRedo() {
  const next = dots.node.next || dots.node.kids[0];
  if (next) dotsGoto(next);
}

function dotsChanged() {
  dots.token++;
  dots.error = "";
  dots.pv = null;
  dots.moves = pathOf(dots.node);
  dotsDraw();
  $("dots-record").value = dotsRecord();
  if ($("dots-values").checked) dotsAnalyze();
  if ($("dots-nimber").checked) dotsNimber();
  if ($("dots-chains").checked) dotsChains();
  setLink();
  dotsComputer();
}

async function dotsComputer() {
  const token = dots.token;
  const st = dotsState(dots.w, dots.h, dots.moves);
  if (st.over) return;
  const player = dotsPlayer(st.toMove);
  if (player === "human") return;
  try {
    const r = await api("dots/move", { position: dotsRecord(), player, seed: String(dots.moves.length) }, false, player + " thinks");
    if (token !== dots.token) return;
    await new Promise((ok) => setTimeout(ok, 150));
    if (token !== dots.token) return;
    dotsPlay(r.edge);
  } catch (err) {
    if (token === dots.token) { dots.error = player + ": " + reachText(err.message); dotsDraw(); }
  }
}

/**
 * A server's error in a sentence: a board beyond the solver's (or the
 * players') reach says so, and that the game goes on without it.
 */
function reachText(message) {
  if (/board size/.test(message)) {
    const edges = numEdges(dots.w, dots.h);
    const most = /at most (\d+) edges/.exec(message);
    return `The ${dots.w}x${dots.h} board has ${edges} edges, beyond what this takes` +
      (most ? ` (at most ${most[1]})` : "") + ": no answer here, but people can play on. (" + message + ")";
  }
  return message;
}

/**
 * Reviews the line shown (`/api/dots/review` as jobs): first the position
 * shown (up to 60 s), then the line from its first position not reviewed
 * yet (at most 5 s a position): every position's values and every move's
 * loss and class, for the board, the move list and the value history.
 */
async function dotsAnalyze() {
  const token = dots.token;
  // The board reviewed: a review that ends after another board is loaded
  // files its positions under their own records, not the new board's.
  const size = dots.w + "x" + dots.h;
  const keyOf = (moves) => recordOf(moves, size);
  const line = dotsLine().map((n) => n.move);
  const here = dots.moves.length;
  const merge = (r) => {
    if (!r || !r.positions) return;
    r.positions.forEach((p, i) => {
      // A position reviewed already keeps its entry (the position shown
      // had more time than the rest of the line).
      const key = keyOf(line.slice(0, r.from + i)), old = dots.analyses.get(key);
      if (!old || old.error || (old.limit && !p.limit)) dots.analyses.set(key, p);
    });
    for (const m of r.moves) dots.reviewed.set(keyOf(line.slice(0, m.ply)), m);
    if (token === dots.token) dotsDraw();
  };
  const review = async (params, label) => {
    try {
      merge(await job("dots/review", params, label, (partial) => merge(partial.review), () => token !== dots.token));
      return true;
    } catch (err) {
      dots.analyses.set(keyOf(line.slice(0, params.from)), { error: reachText(err.message) });
      if (token === dots.token) dotsDraw();
      return false;
    }
  };
  if (!dots.analyses.has(dotsRecord()) &&
      !await review({ position: dotsRecord(), from: String(here), time_limit: "60" }, "analysis")) return;
  if (token !== dots.token) return;
  let from = 0;
  while (from <= line.length && dots.analyses.has(keyOf(line.slice(0, from)))) from++;
  if (from > line.length) { dotsDraw(); return; }
  await review({ position: keyOf(line), from: String(from), time_limit: "60", position_time: "5" }, "review");
}

/** Fetches the chains and loops of the position shown (`/api/dots/chains`). */
async function dotsChains() {
  const record = dotsRecord();
  if (dots.chains.has(record)) { dotsDraw(); return; }
  try {
    dots.chains.set(record, await api("dots/chains", { position: record }, false, "chains"));
  } catch (err) {
    dots.chains.set(record, { error: reachText(err.message) });
  }
  if (record === dotsRecord()) dotsDraw();
}

async function dotsNimber() {
  const record = dotsRecord(), token = dots.token;
  if (dots.nimbers.has(record)) { dotsDraw(); return; }
  try {
    const r = await job("dots/nimber", { position: record }, "Nimstring values",
      (partial) => { if (token === dots.token) { dots.nimbers.set(record, { ...partial, partial: true }); dotsDraw(); } },
      () => token !== dots.token);
    if (r) dots.nimbers.set(record, r); else dots.nimbers.delete(record);
  } catch (err) {
    dots.nimbers.set(record, { error: reachText(err.message) });
  }
  if (record === dotsRecord()) dotsDraw();
}

async function dotsPv() {
  const record = dotsRecord(), token = dots.token;
  const out = $("dots-pv");
  try {
    const r = await job("dots/pv", { position: record, time_limit: "60" }, "principal variation",
      (partial) => { if (token === dots.token) { dots.pv = partial; dotsPvDraw(); } },
      () => token !== dots.token);
    if (r && token === dots.token) { dots.pv = r; dotsPvDraw(); }
  } catch (err) {
    out.textContent = reachText(err.message); out.className = "error";
  }
}

function dotsPvDraw() {
  const out = $("dots-pv"), r = dots.pv;
  out.className = "";
  out.textContent = "";
  if (!r) return;
  // The margin of the position shown, from its review (with values on).
  const a = dots.analyses.get(dotsRecord());
  const margin = r.value !== null && a && typeof a.margin === "number" ? a.margin : null;
  const head = document.createElement("span");
  head.textContent = r.value === null ? "Principal variation: none found before the limit." :
    margin === null ? "Principal variation:" : `Principal variation (the first player ends ${signed(margin)}):`;
  out.appendChild(head);
  out.dataset.margin = margin === null ? "" : String(margin);
  r.moves.forEach((m, i) => {
    const b = document.createElement("button");
    b.className = "pv-move link";
    b.dataset.edge = String(m.edge);
    b.textContent = String(m.edge);
    b.title = "play the variation to here";
    b.addEventListener("click", () => dotsPlayLine(r.moves.slice(0, i + 1).map((x) => x.edge)));
    out.append(" ", b);
  });
  if (r.limit) out.append(` (the ${r.limit === "interrupt" ? "stop" : r.limit + " limit"} ended it here)`);
  if (r.moves.length) {
    const all = document.createElement("button");
    all.id = "dots-pv-play";
    all.textContent = "Play it";
    all.addEventListener("click", () => dotsPlayLine(r.moves.map((x) => x.edge)));
    out.append(" ", all);
  }
}

/** Plays `moves` from the position shown (a variation where they leave the tree). */
function dotsPlayLine(moves) {
  let n = dots.node;
  for (const e of moves) {
    let child = n.kids.find((k) => k.move === e);
    if (!child) { child = dotsNode(e, n); n.kids.push(child); }
    n = child;
  }
  dotsGoto(n);
}

function valueClass(v) { return v > 0 ? "win" : v < 0 ? "loss" : "tie"; }
function signed(v) { return v > 0 ? "+" + v : String(v); }
function nimText(m) { return m.loony ? "L" : m.nimber === 0 ? "0" : "*" + m.nimber; }

/** The line shown in the move list. */
function dotsLine() { return lineOf(dots.node); }

/** Move `k` of `line` as the review measured it (loss, class), if reviewed. */
function moveLoss(line, k) {
  return dots.reviewed.get(recordOf(line.slice(0, k + 1).map((n) => n.move))) || null;
}

function dotsMoveList() {
  const list = $("dots-moves");
  list.textContent = "";
  const line = dotsLine();
  const here = dots.moves.length;
  let st = dotsState(dots.w, dots.h, []);
  line.forEach((node, k) => {
    const li = document.createElement("li");
    const mover = st.toMove;
    li.className = "move" + (k + 1 === here ? " current" : "") + (k >= here ? " future" : "");
    li.dataset.ply = String(k + 1);
    li.dataset.edge = String(node.move);
    const b = document.createElement("button");
    b.className = "link";
    b.textContent = `${mover === 0 ? "first" : "second"} ${node.move}`;
    b.addEventListener("click", () => dotsGoto(node));
    li.appendChild(b);
    const loss = moveLoss(line, k);
    if (loss) {
      li.dataset.loss = String(loss.loss);
      if (loss.class !== "best") {
        li.classList.add(loss.class);
        const t = document.createElement("span");
        t.className = "loss";
        t.textContent = ` \u2212${loss.loss}: ${loss.class}`;
        li.appendChild(t);
      }
    }
    const v = variationSpan(node, (x) => x.move, dotsGoto);
    if (v) li.appendChild(v);
    list.appendChild(li);
    st = dotsState(dots.w, dots.h, line.slice(0, k + 1).map((n) => n.move));
  });
}

function dotsDraw() {
  const { w, h } = dots;
  const st = dotsState(w, h, dots.moves);
  const S = 60, M = 30;
  const svg = $("dots-board");
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${w * S + 2 * M} ${h * S + 2 * M}`);
  const X = (c) => M + c * S, Y = (r) => M + r * S;
  const numbers = $("dots-numbers").checked;
  for (let b = 0; b < w * h; b++) {
    if (st.owner[b] < 0) continue;
    const r = Math.floor(b / w), c = b % w, p = "p" + st.owner[b];
    svgEl("rect", { x: X(c), y: Y(r), width: S, height: S, class: "box " + p }, svg);
    const t = svgEl("text", { x: X(c) + S / 2, y: Y(r) + S / 2, class: "owner " + p }, svg);
    t.textContent = st.owner[b] === 0 ? "1" : "2";
  }
  const last = dots.moves[dots.moves.length - 1];
  for (let e = 0; e < numEdges(w, h); e++) {
    const [c0, r0, c1, r1] = edgeEnds(w, h, e);
    let cls = "edge" + (st.drawn.has(e) ? " drawn" : "") + (e === last ? " last" : "") +
      (dots.keyboard && e === dots.cursor && !st.drawn.has(e) ? " cursor" : "");
    // A transparent hit area over the edge takes the clicks; the line is drawn on it.
    const horizontal = r0 === r1;
    const hit = svgEl("rect", {
      x: horizontal ? X(c0) + 6 : X(c0) - 12, y: horizontal ? Y(r0) - 12 : Y(r0) + 6,
      width: horizontal ? S - 12 : 24, height: horizontal ? 24 : S - 12,
      class: "hit" + (st.drawn.has(e) ? " drawn" : ""), id: "edge-" + e, "data-edge": e,
    }, svg);
    svgEl("line", { x1: X(c0), y1: Y(r0), x2: X(c1), y2: Y(r1), class: cls }, svg);
    hit.addEventListener("click", () => {
      if (dotsPlayer(dotsState(dots.w, dots.h, dots.moves).toMove) === "human") dotsPlay(e);
    });
    if (numbers) {
      // The edge's number: under a horizontal edge, on a vertical one above its middle (where a value goes).
      const t = svgEl("text", { x: (X(c0) + X(c1)) / 2, y: (Y(r0) + Y(r1)) / 2 + (horizontal ? 19 : -19),
        class: "enum", "data-edge": e }, svg);
      t.textContent = String(e);
    }
  }
  for (let r = 0; r <= h; r++) for (let c = 0; c <= w; c++) svgEl("circle", { cx: X(c), cy: Y(r), r: 5, class: "dot" }, svg);
  if (numbers) {
    // Coordinates of the dots: columns a, b, ... from the left, rows 1, 2, ... from the top.
    for (let c = 0; c <= w; c++) { const t = svgEl("text", { x: X(c), y: 12, class: "coord" }, svg); t.textContent = String.fromCharCode(97 + c); }
    for (let r = 0; r <= h; r++) { const t = svgEl("text", { x: 10, y: Y(r), class: "coord" }, svg); t.textContent = String(r + 1); }
  }
  const a = $("dots-values").checked ? dots.analyses.get(dotsRecord()) : null;
  if (a && a.moves) {
    const loony = new Set(a.moves.filter((m) => m.loony).map((m) => m.edge));
    for (const m of a.moves) {
      const [c0, r0, c1, r1] = edgeEnds(w, h, m.edge);
      const x = (X(c0) + X(c1)) / 2, y = (Y(r0) + Y(r1)) / 2;
      const v = m.margin;
      const t = svgEl("text", { x, y, class: "val " + valueClass(v) + (m.value === a.value ? " best" : ""),
        "data-edge": m.edge, "data-value": v }, svg);
      t.textContent = signed(v);
      if (loony.has(m.edge)) {
        const l = svgEl("text", { x: x + (r0 === r1 ? 0 : 12), y: y + (r0 === r1 ? 15 : 14), class: "loony" }, svg);
        l.textContent = "L";
      }
    }
  }
  const n = $("dots-nimber").checked ? dots.nimbers.get(dotsRecord()) : null;
  if (n && n.moves) {
    for (const m of n.moves) {
      const [c0, r0, c1, r1] = edgeEnds(w, h, m.edge);
      const x = (X(c0) + X(c1)) / 2, y = (Y(r0) + Y(r1)) / 2;
      const t = svgEl("text", { x: x + (r0 === r1 ? 0 : -13), y: y + (r0 === r1 ? -13 : 4), class: "nim",
        "data-edge": m.edge, "data-nimber": nimText(m) }, svg);
      t.textContent = nimText(m);
    }
  }
  // Long chains and loops, outlined box by box (`/api/dots/chains`).
  const ch = $("dots-chains").checked ? dots.chains.get(dotsRecord()) : null;
  if (ch && ch.chains) {
    ch.chains.filter((c) => c.long).forEach((c, i) => {
      const g = svgEl("g", { class: "chain " + c.kind, "data-kind": c.kind, "data-length": c.length,
        "data-boxes": c.boxes.join(",") }, svg);
      for (const b of c.boxes) {
        const r = Math.floor(b / w), col = b % w;
        svgEl("rect", { x: X(col) + 9, y: Y(r) + 9, width: S - 18, height: S - 18, rx: 8, class: "chain-box c" + (i % 4) }, g);
      }
      const first = c.boxes[0];
      const t = svgEl("text", { x: X(first % w) + S / 2, y: Y(Math.floor(first / w)) + S / 2, class: "chain-len" }, g);
      t.textContent = (c.kind === "loop" ? "loop " : "") + c.length;
    });
  }
  // Status, analysis and the value history.
  const names = [dotsPlayer(0), dotsPlayer(1)];
  const status = $("dots-status");
  status.dataset.over = st.over ? "1" : "0";
  status.dataset.score = st.score.join(",");
  status.dataset.toMove = String(st.toMove);
  if (st.over) {
    const res = st.score[0] > st.score[1] ? "first player wins" : st.score[0] < st.score[1] ? "second player wins" : "a tie";
    status.textContent = `Game over: first (${names[0]}) ${st.score[0]}, second (${names[1]}) ${st.score[1]}: ${res}.`;
  } else {
    status.textContent = `Score: first (${names[0]}) ${st.score[0]}, second (${names[1]}) ${st.score[1]}. ` +
      `${st.toMove === 0 ? "First" : "Second"} to move.`;
  }
  const out = $("dots-analysis");
  out.className = "";
  let text = "";
  if (dots.error) { text = dots.error; out.className = "error"; }
  else if (a && a.error) { text = a.error; out.className = "error"; }
  else if (a && typeof a.margin === "number" && !st.over) {
    const best = a.moves.filter((m) => m.value === a.value).map((m) => m.edge);
    text = `The first player ends ${signed(a.margin)} with perfect play; ` +
      `best for ${st.toMove === 0 ? "first" : "second"}: ${best.join(", ")}` +
      (a.moves.some((m) => m.loony) ? "; L: loony moves." : ".");
  } else if (a && a.limit && a.margin_range) {
    const [lo, hi] = a.margin_range;
    text = `${a.limit === "interrupt" ? "Stopped" : "The " + a.limit + " limit ended the search"} after ${a.nodes} nodes: ` +
      `the first player ends between ${signed(lo)} and ${signed(hi)}.`;
  }
  out.dataset.limit = a && a.limit ? a.limit : "";
  if (ch && ch.error) text += (text ? " " : "") + "Chains: " + ch.error;
  else if (ch && ch.chains) {
    text += (text ? " " : "") + `Long chains: ${ch.long_chains}, loops: ${ch.loops} (outlined).`;
  }
  if (n && n.error) text += (text ? " " : "") + "Nimstring: " + n.error;
  else if (n && n.nimber !== undefined && !n.partial) {
    text += (text ? " " : "") + "Nimstring value: " + (n.loony ? "loony" : n.nimber === null ? "unknown (" + n.limit + " limit)" : n.nimber === 0 ? "0" : "*" + n.nimber) +
      "; each move's value is on its edge (purple).";
  }
  out.textContent = text;
  dotsChart();
  dotsMoveList();
  // The variation's margin comes with the review of the position.
  if (dots.pv) dotsPvDraw();
}

function dotsChart() {
  const svg = $("dots-chart");
  svg.textContent = "";
  const boxes = dots.w * dots.h, pts = [];
  for (let k = 0; k <= dots.moves.length; k++) {
    const moves = dots.moves.slice(0, k);
    const a = dots.analyses.get(recordOf(moves));
    if (a && typeof a.margin === "number") pts.push([k, a.margin]);
  }
  const n = Math.max(dots.moves.length, 1);
  const X = (k) => 24 + (k / n) * 268, Y = (m) => 60 - (m / boxes) * 52;
  svgEl("line", { x1: 24, y1: 60, x2: 292, y2: 60, class: "axis" }, svg);
  svgEl("line", { x1: 24, y1: 6, x2: 24, y2: 114, class: "axis" }, svg);
  for (const [m, y] of [[boxes, 10], [0, 63], [-boxes, 116]]) {
    const t = svgEl("text", { x: 2, y }, svg); t.textContent = signed(m);
  }
  if (pts.length) {
    svgEl("polyline", { points: pts.map(([k, m]) => X(k) + "," + Y(m)).join(" ") }, svg);
    for (const [k, m] of pts) svgEl("circle", { cx: X(k), cy: Y(m), r: 2.5, fill: "#2b59c3" }, svg);
  }
}

/**
 * Reads a record: `WxH:e,e,...`, where a variation in parentheses follows
 * the move it replaces (`3x3:0,4,(5,6),7`). Answers the tree's root and the
 * node at the end of the main line, or throws.
 */
function dotsParse(text) {
  text = text.trim();
  const m = /^(\d+)x(\d+)(?::\s*([\d,()\s]*))?$/.exec(text);
  if (!m) throw new Error(`not a record: ${JSON.stringify(text)} (WxH:e,e,...)`);
  const w = +m[1], h = +m[2];
  if (w < 1 || h < 1 || w > 9 || h > 9) throw new Error("boards are 1x1 to 9x9 boxes");
  const root = dotsNode(null, null), stack = [];
  let cur = root, end = null;
  for (const tok of (m[3] || "").match(/\d+|[()]/g) || []) {
    if (tok === "(") {
      if (!cur.parent) throw new Error("a variation must follow the move it replaces");
      stack.push(cur); cur = cur.parent;
    } else if (tok === ")") {
      if (!stack.length) throw new Error("a ) without its (");
      cur = stack.pop();
    } else {
      const e = +tok, path = pathOf(cur);
      if (!(e >= 0 && e < numEdges(w, h)) || path.includes(e)) throw new Error(`edge ${e} is not an undrawn edge of ${w}x${h}`);
      let child = cur.kids.find((k) => k.move === e);
      if (!child) { child = dotsNode(e, cur); cur.kids.push(child); }
      cur = child;
      if (!stack.length) end = cur;
    }
  }
  if (stack.length) throw new Error("a ( without its )");
  return { w, h, root, end: end || root };
}

function dotsLoad(text) {
  try {
    const t = dotsParse(text);
    dotsNew(t.w, t.h, t.root);
    if (t.end !== t.root) dotsGoto(t.end);
  } catch (err) {
    dots.error = err.message; dotsDraw();
  }
}

/** Moves the keyboard cursor to the nearest undrawn edge in direction (dx, dy). */
function dotsMoveCursor(dx, dy) {
  const { w, h } = dots, st = dotsState(w, h, dots.moves);
  const mid = (e) => { const [a, b, c, d] = edgeEnds(w, h, e); return [(a + c) / 2, (b + d) / 2]; };
  const [x0, y0] = mid(dots.cursor);
  let best = null, bestD = Infinity;
  for (let e = 0; e < numEdges(w, h); e++) {
    if (e === dots.cursor || st.drawn.has(e)) continue;
    const [x, y] = mid(e), along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 0) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    const d = along + 2 * across;
    if (d < bestD) { bestD = d; best = e; }
  }
  if (best !== null) dots.cursor = best;
  dots.keyboard = true;
  dotsDraw();
}

options($("dots-w"), 1, 9, 3);
options($("dots-h"), 1, 9, 3);
$("dots-new").addEventListener("click", () => dotsNew(+$("dots-w").value, +$("dots-h").value));
$("dots-undo").addEventListener("click", dotsUndo);
$("dots-redo").addEventListener("click", dotsRedo);
$("dots-values").addEventListener("change", () => { if ($("dots-values").checked) dotsAnalyze(); dotsDraw(); setLink(); });
$("dots-nimber").addEventListener("change", () => { if ($("dots-nimber").checked) dotsNimber(); dotsDraw(); setLink(); });
$("dots-numbers").addEventListener("change", () => { dotsDraw(); setLink(); });
$("dots-chains").addEventListener("change", () => { if ($("dots-chains").checked) dotsChains(); else dotsDraw(); setLink(); });
$("dots-pv-btn").addEventListener("click", dotsPv);
$("dots-load").addEventListener("click", () => dotsLoad($("dots-record").value));
$("dots-export").addEventListener("click", () => {
  const text = dotsTreeRecord();
  $("dots-record").value = text;
  $("dots-record").select();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
});
for (const id of ["dots-p0", "dots-p1"]) $(id).addEventListener("change", () => { dots.token++; dotsDraw(); setLink(); dotsComputer(); });

// ---------------------------------------------------------------- Amazons

// Squares: files A.. left to right, ranks 1.. bottom to top; a position is
// its ranks from the top, `/`-separated (`.` empty, W, B, x burnt), then w or b.
// The game is a tree of moves, as in Dots: `root` holds the start position,
// each node a move (in notation, `A4-C2xC1`: queen from, to, arrow) and the
// position after it with its legal moves; `node` is the one shown, `moves`
// the moves to it. The rules live on the server: positions, standard starts,
// legal moves and the position after a move all come from `amazons/moves`.
const am = { w: 6, h: 6, cells: [], toMove: "w", legal: [], root: null, node: null, moves: [], sel: null, dest: null,
  areas: null, best: null, pv: null, cursor: [0, 0], token: 0 };

function amNode(move, parent, p) { return { move, parent, kids: [], next: null, cells: p.cells, toMove: p.toMove, legal: p.legal }; }

/** The largest board side (`amazons::Size::MAX`): boards up to 10x10, the tournament board. */
const AM_MAX = 10;

/** The text of a position: its ranks from the top, `/`-separated, then w or b. */
function amTextOf(cells, toMove) {
  const ranks = [];
  for (let r = cells.length - 1; r >= 0; r--) ranks.push(cells[r].join(""));
  return ranks.join("/") + " " + toMove;
}

function amText() { return amTextOf(am.cells, am.toMove); }

/**
 * A position from the server (`amazons/moves`): `params.position` (a
 * position's text or `WxH`, the standard start) after the moves
 * `params.then` (comma-separated), as `{ w, h, cells, toMove, legal }`.
 * Bad input rejects with the server's one-line message.
 */
async function amAsk(params) {
  const r = await api("amazons/moves", params, false, "position");
  const [board, side] = r.position.split(" ");
  const ranks = board.split("/");
  return { w: ranks[0].length, h: ranks.length, cells: ranks.reverse().map((x) => x.split("")), toMove: side, legal: r.moves };
}

/**
 * The nodes of an SGF text: the first game tree's root node, each node
 * `{ props: { NAME: [values] }, kids }` (variations are further kids).
 */
function sgfParse(text) {
  const top = { props: {}, kids: [] }, stack = [];
  let cur = top, i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "(") { stack.push(cur); i++; }
    else if (ch === ")") {
      if (!stack.length) throw new Error("SGF: a ) without its (");
      cur = stack.pop(); i++;
    } else if (ch === ";") {
      const n = { props: {}, kids: [] };
      cur.kids.push(n); cur = n; i++;
    } else if (/[A-Z]/.test(ch)) {
      const name = /^[A-Z]+/.exec(text.slice(i))[0];
      i += name.length;
      const values = [];
      for (;;) {
        while (/\s/.test(text[i] || "")) i++;
        if (text[i] !== "[") break;
        let v = "";
        for (i++; i < text.length && text[i] !== "]"; i++) v += text[i] === "\\" ? text[++i] : text[i];
        if (text[i] !== "]") throw new Error(`SGF: property ${name} is not closed`);
        i++;
        values.push(v);
      }
      if (cur === top) throw new Error(`SGF: property ${name} outside a node`);
      cur.props[name] = (cur.props[name] || []).concat(values);
    } else i++;
  }
  if (stack.length) throw new Error("SGF: a ( without its )");
  if (!top.kids.length) throw new Error("SGF: no game tree");
  return top.kids[0];
}

/**
 * An SGF game record (FF[4] GM[18]) with its variations: points are column
 * then row letters, row `a` the top rank; `AW`, `AB`, `AA` set up queens and
 * arrows, `PL` the side to move; without set-up the game starts from the
 * standard start of `SZ[n]` or `SZ[w:h]`. Answers the start position and
 * the moves as a tree `{ move, kids }` (each move checked legal).
 */
async function amFromSgf(text) {
  const root = sgfParse(text);
  const sz = /^(\d+)(?::(\d+))?$/.exec(((root.props.SZ || [])[0] || "").trim());
  if (!sz) throw new Error("SGF: no board size SZ[..]");
  const w = +sz[1], h = sz[2] ? +sz[2] : w;
  if (w < 1 || h < 1 || w > AM_MAX || h > AM_MAX) throw new Error(`SGF: boards are up to ${AM_MAX}x${AM_MAX}`);
  const point = (p) => {
    const f = p.charCodeAt(0) - 97, r = h - 1 - (p.charCodeAt(1) - 97);
    if (p.length !== 2 || f < 0 || f >= w || r < 0 || r >= h) throw new Error(`SGF: point ${p} is not on the board`);
    return [f, r];
  };
  const setup = ["AW", "AB", "AA"].filter((k) => root.props[k]);
  const pl = (root.props.PL || [])[0] === "B" ? "b" : "w";
  let position = `${w}x${h}`;
  if (setup.length) {
    const cells = Array.from({ length: h }, () => new Array(w).fill("."));
    for (const prop of setup) {
      for (const p of root.props[prop]) {
        const [f, r] = point(p);
        cells[r][f] = prop === "AW" ? "W" : prop === "AB" ? "B" : "x";
      }
    }
    position = amTextOf(cells, pl);
  }
  const start = { ...(await amAsk({ position })), kids: [] };
  // The moves, each played by the server from the position before it.
  const walk = async (sgf, into) => {
    for (const kid of sgf.kids) {
      const who = kid.props.W ? "w" : kid.props.B ? "b" : null;
      if (!who) { await walk(kid, into); continue; }
      const m = kid.props[who.toUpperCase()][0] || "";
      if (m.length !== 6) throw new Error(`SGF: move ${m} is not three points`);
      const [a, b, c] = [m.slice(0, 2), m.slice(2, 4), m.slice(4, 6)].map(point);
      const text = `${sqName(...a)}-${sqName(...b)}x${sqName(...c)}`;
      if (who !== into.toMove || !into.legal.includes(text)) throw new Error(`SGF: move ${text} is illegal`);
      const node = { ...(await amAsk({ position: amTextOf(into.cells, into.toMove), then: text })), move: text, kids: [] };
      into.kids.push(node);
      await walk(kid, node);
    }
  };
  await walk(root, start);
  return start;
}

/** Shows a game: its start position and its tree of moves (each node a position of `amAsk`), at the end of the main line. */
function amGame(g) {
  amSet(g);
  const build = (from, into) => {
    for (const k of from.kids) {
      const n = amNode(k.move, into, k);
      into.kids.push(n);
      build(k, n);
    }
  };
  build(g, am.root);
  let end = am.root;
  while (end.kids.length) end = end.kids[0];
  if (end !== am.root) amGo(end);
}

function sqName(f, r) { return String.fromCharCode(65 + f) + (r + 1); }
function sqParse(s) { return [s.charCodeAt(0) - 65, parseInt(s.slice(1), 10) - 1]; }

/** The legal moves of the position shown (the server's list). */
function amLegalMoves() { return am.legal; }

/**
 * The squares a click may pick next in the legal moves: a queen's
 * destinations once it is selected, then the arrow's squares.
 */
function amTargets() {
  const targets = new Set();
  if (!am.sel) return targets;
  const prefix = sqName(...am.sel) + "-" + (am.dest ? sqName(...am.dest) + "x" : "");
  for (const m of am.legal) {
    if (m.startsWith(prefix)) targets.add(m.slice(prefix.length).split("x")[0]);
  }
  return targets;
}

/** Plays `move` from the position shown: its node if the tree has it, else the server's position after it. */
async function amApply(move) {
  const node = am.node;
  let child = node.kids.find((k) => k.move === move);
  if (!child) {
    try {
      child = amNode(move, node, await amAsk({ position: amTextOf(node.cells, node.toMove), then: move }));
    } catch (err) {
      $("am-status").textContent = err.message;
      return;
    }
    const again = node.kids.find((k) => k.move === move);
    if (again) child = again;
    else node.kids.push(child);
  }
  if (am.node === node) amGo(child);
}

/** Shows `node` of the tree. */
function amGo(node) {
  am.node = node;
  remember(node);
  am.cells = node.cells.map((row) => row.slice());
  am.toMove = node.toMove;
  am.legal = node.legal;
  am.moves = pathOf(node);
  am.sel = am.dest = null;
  amChanged();
}

function amChanged() {
  am.token++;
  am.areas = null; am.best = null; am.pv = null;
  $("am-areas").querySelector("tbody").textContent = "";
  $("am-bounds").textContent = ""; $("am-verdict").textContent = ""; $("am-thermo").textContent = "";
  $("am-pv").textContent = "";
  $("am-position").value = amText();
  amDraw();
  amMoveList();
  setLink();
  amComputer();
}

function amUndo() {
  if (am.node.parent) amGo(am.node.parent);
}

function amRedo() {
  const next = am.node.next || am.node.kids[0];
  if (next) amGo(next);
}

/** The move list: the line through the position shown, with the variations after the moves they replace. */
function amMoveList() {
  const list = $("am-moves");
  list.textContent = "";
  const line = lineOf(am.node), here = am.moves.length;
  line.forEach((node, k) => {
    const li = document.createElement("li");
    li.className = "move" + (k + 1 === here ? " current" : "") + (k >= here ? " future" : "");
    li.dataset.move = node.move;
    const b = document.createElement("button");
    b.className = "link";
    b.textContent = (node.parent.toMove === "w" ? "White " : "Black ") + node.move;
    b.addEventListener("click", () => amGo(node));
    li.appendChild(b);
    const v = variationSpan(node, (x) => x.move, amGo);
    if (v) li.appendChild(v);
    list.appendChild(li);
  });
}

/** The game as an SGF record (FF[4] GM[18]): the start as set-up, then the moves, variations in parentheses. */
function amToSgf() {
  const start = am.root;
  const pt = (f, r) => String.fromCharCode(97 + f) + String.fromCharCode(97 + am.h - 1 - r);
  const props = { W: "AW", B: "AB", x: "AA" }, lists = { AW: [], AB: [], AA: [] };
  start.cells.forEach((row, r) => row.forEach((c, f) => { if (props[c]) lists[props[c]].push(pt(f, r)); }));
  let sgf = `(;FF[4]GM[18]SZ[${am.w === am.h ? am.w : am.w + ":" + am.h}]`;
  for (const [k, v] of Object.entries(lists)) if (v.length) sgf += k + v.map((p) => `[${p}]`).join("");
  sgf += `PL[${start.toMove.toUpperCase()}]`;
  const move = (n) => `;${n.parent.toMove.toUpperCase()}[` + n.move.split(/[-x]/).map((s) => pt(...sqParse(s))).join("") + "]";
  const seq = (n) => {
    let out = "";
    while (n.kids.length === 1) { n = n.kids[0]; out += move(n); }
    return out + n.kids.map((k) => "(" + move(k) + seq(k) + ")").join("");
  };
  return sgf + seq(start) + ")";
}

/** Shows the position `p` of `amAsk` as a game's start. */
function amSet(p) {
  am.w = p.w; am.h = p.h; am.cells = p.cells; am.toMove = p.toMove; am.legal = p.legal; am.moves = [];
  am.root = am.node = amNode(null, null, { cells: p.cells.map((row) => row.slice()), toMove: p.toMove, legal: p.legal });
  am.sel = am.dest = null; am.cursor = [0, 0];
  $("am-w").value = String(am.w); $("am-h").value = String(am.h);
  amChanged();
}

/** The colour class of an area's kind (and owner, for territories). */
function kindClass(kind) {
  for (const k of ["active", "dead", "blocker"]) if (kind.includes(k)) return "kind-" + k;
  if (kind.includes("simple")) return kind.includes("black") ? "kind-black" : "kind-white";
  return "";
}

function amDraw() {
  const board = $("am-board");
  board.textContent = "";
  board.style.gridTemplateColumns = `repeat(${am.w}, minmax(0, 1fr))`;
  const kinds = new Map();
  // A square may lie in two areas (a blocker queen's, in its territory and the active area next to it).
  if (am.areas) am.areas.forEach((a, i) => a.squares.forEach((s) => kinds.set(s, (kinds.get(s) || []).concat([[kindClass(a.kind), i]]))));
  const targets = amTargets();
  const best = am.best ? am.best.split(/[-x]/) : [];
  const last = am.moves.length ? am.moves[am.moves.length - 1].split(/[-x]/) : [];
  for (let r = am.h - 1; r >= 0; r--) for (let f = 0; f < am.w; f++) {
    const name = sqName(f, r), c = am.cells[r][f];
    const sq = document.createElement("div");
    sq.className = "sq " + ((f + r) % 2 ? "light" : "dark");
    sq.id = "sq-" + name;
    sq.setAttribute("role", "gridcell");
    sq.setAttribute("aria-label", name);
    if (c === "x") { sq.classList.add("burnt"); sq.textContent = "\u2716"; }
    if (c === "W") { sq.innerHTML = '<span class="queen-w">\u265B</span>'; }
    if (c === "B") { sq.innerHTML = '<span class="queen-b">\u265B</span>'; }
    if (am.dest && am.dest[0] === f && am.dest[1] === r) sq.innerHTML = `<span class="queen-${am.toMove}">\u265B</span>`;
    if (am.sel && am.sel[0] === f && am.sel[1] === r) sq.classList.add("sel");
    if (targets.has(name)) sq.classList.add("target");
    if (am.keyboard && am.cursor[0] === f && am.cursor[1] === r) sq.classList.add("cursor");
    if (best.includes(name)) sq.classList.add("best");
    ["last-from", "last-to", "last-arrow"].forEach((cls, i) => { if (last[i] === name) sq.classList.add(cls); });
    const k = (kinds.get(name) || []).filter(([cls]) => cls);
    if (k.length) {
      // The first area's colour fills the square, a second one's rings it.
      sq.classList.add(k[0][0]);
      if (k[1]) sq.classList.add(k[1][0].replace("kind-", "kind2-"));
      sq.dataset.area = String(k[0][1]);
      sq.dataset.areas = k.map(([, i]) => i).join(" ");
    }
    const coord = document.createElement("span");
    coord.className = "coord"; coord.textContent = name;
    sq.appendChild(coord);
    sq.addEventListener("click", () => amClick(f, r));
    board.appendChild(sq);
  }
  const side = am.toMove === "w" ? "White" : "Black";
  const over = amLegalMoves().length === 0;
  $("am-status").textContent = over ? `${side} has no move: ${am.toMove === "w" ? "Black" : "White"} wins.` : `${side} to move.`;
  $("am-status").dataset.over = over ? "1" : "0";
}

function amClick(f, r) {
  const me = am.toMove === "w" ? "W" : "B";
  am.cursor = [f, r];
  if (am.dest) {
    if (amTargets().has(sqName(f, r))) { amApply(`${sqName(...am.sel)}-${sqName(...am.dest)}x${sqName(f, r)}`); return; }
    am.sel = am.dest = null;
  } else if (am.sel) {
    if (amTargets().has(sqName(f, r))) am.dest = [f, r];
    else am.sel = am.cells[r][f] === me ? [f, r] : null;
  } else if (am.cells[r][f] === me) {
    am.sel = [f, r];
  }
  amDraw();
}

async function amEval() {
  const token = am.token;
  try {
    const r = await api("amazons/eval", { position: amText() });
    if (token !== am.token) return;
    am.areas = r.areas;
    const body = $("am-areas").querySelector("tbody");
    body.textContent = "";
    r.areas.forEach((a, i) => {
      const tr = document.createElement("tr");
      tr.dataset.area = String(i);
      const letter = String.fromCharCode(97 + (i % 26));
      for (const [cls, text] of [["letter", letter], ["kind", a.kind], ["squares", a.squares.join(" ")], ["bounds", a.bounds], ["source", a.source]]) {
        const td = document.createElement("td");
        if (cls) td.className = cls;
        td.textContent = text;
        if (cls === "letter") {
          const sw = document.createElement("span");
          sw.className = "swatch " + kindClass(a.kind);
          td.prepend(sw);
        }
        tr.appendChild(td);
      }
      tr.addEventListener("click", () => amThermograph(a));
      body.appendChild(tr);
    });
    $("am-bounds").textContent = `Global bounds ${r.bounds}; verdict: ${r.verdict === "unknown" ? "unknown" : r.verdict + " wins"} (${r.to_move} to move).`;
    amDraw();
  } catch (err) {
    $("am-bounds").textContent = err.message;
  }
}

function amTime() { return String(Math.min(60, Math.max(0.1, +$("am-time").value || 5))); }

async function amSolve() {
  const token = am.token;
  $("am-verdict").textContent = "Solving...";
  try {
    const r = await job("amazons/solve", { position: amText(), time_limit: amTime(), pv: "1" }, "Amazons search", null,
      () => token !== am.token);
    if (!r || token !== am.token) return null;
    am.best = r.best_move;
    am.pv = r.pv || null;
    $("am-verdict").textContent = r.winner
      ? `${r.winner} wins (${r.to_move} to move)` + (r.best_move ? `; winning move ${r.best_move}` : "") + ` (${r.nodes} nodes).`
      : r.limit === "interrupt" ? `Unknown: stopped after ${r.nodes} nodes (proof numbers ${r.root_pn ?? "inf"}/${r.root_dn ?? "inf"}).`
      : `Unknown: the ${r.limit} limit ended the search after ${r.nodes} nodes.`;
    $("am-verdict").dataset.winner = r.winner || "";
    amPvDraw();
    amDraw();
    return r;
  } catch (err) {
    $("am-verdict").textContent = err.message;
    return null;
  }
}

/**
 * The computer player's move for the side to move (`/api/amazons/move` as
 * a job, thinking for the time limit), played on the board.
 */
async function amPlayerMove() {
  if (!amLegalMoves().length) return;
  const token = am.token;
  const out = $("am-verdict");
  out.textContent = "The computer thinks...";
  try {
    const r = await job("amazons/move", { position: amText(), time_limit: amTime() }, "computer player", null,
      () => token !== am.token);
    if (!r || token !== am.token || !r.best_move) return;
    out.textContent = `Computer (${r.to_move}): ${r.best_move}, ${r.depth} plies deep, ${r.nodes} positions` +
      ` in ${r.seconds.toFixed(2)} s` + (r.winner ? `; ${r.winner} wins (proved).` : ".");
    out.dataset.winner = r.winner || "";
    out.dataset.move = r.best_move;
    out.dataset.seconds = String(r.seconds);
    amApply(r.best_move);
  } catch (err) {
    out.textContent = err.message;
  }
}

/** Plays for the side the "Computer plays" choice names, when it is to move. */
async function amComputer() {
  const side = $("am-computer").value;
  if (side === "none" || side[0] !== am.toMove) return;
  await amPlayerMove();
}

async function amThermograph(area) {
  const inArea = new Set(area.squares);
  const ranks = [];
  for (let r = am.h - 1; r >= 0; r--) {
    ranks.push(am.cells[r].map((c, f) => (inArea.has(sqName(f, r)) ? c : "x")).join(""));
  }
  const position = ranks.join("/") + " " + am.toMove;
  const out = $("am-thermo");
  out.textContent = "Thermograph of " + area.squares.join(" ") + "...";
  try {
    out.innerHTML = await api("amazons/value.svg", { position, time_limit: amTime() }, true);
  } catch (err) {
    out.textContent = err.message;
  }
}

options($("am-w"), 4, AM_MAX, 6);
options($("am-h"), 4, AM_MAX, 6);
$("am-new").addEventListener("click", () => {
  amAsk({ position: `${$("am-w").value}x${$("am-h").value}` }).then(amSet, (err) => { $("am-status").textContent = err.message; });
});
$("am-load").addEventListener("click", () => {
  amAsk({ position: $("am-position").value }).then(amSet, (err) => { $("am-status").textContent = err.message; });
});
$("am-sgf-load").addEventListener("click", () => {
  amFromSgf($("am-sgf").value).then(amGame, (err) => { $("am-status").textContent = err.message; });
});
$("am-eval").addEventListener("click", amEval);
$("am-solve").addEventListener("click", amSolve);
$("am-undo").addEventListener("click", amUndo);
$("am-redo").addEventListener("click", amRedo);
$("am-sgf-export").addEventListener("click", () => {
  const text = amToSgf();
  $("am-sgf").value = text;
  $("am-sgf").select();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
});

/** The principal variation of the last Solve; a click plays it to that move. */
function amPvDraw() {
  const out = $("am-pv");
  out.textContent = "";
  if (!am.pv || !am.pv.length) return;
  out.append("Principal variation:");
  am.pv.forEach((mv, i) => {
    const b = document.createElement("button");
    b.className = "pv-move link";
    b.textContent = mv;
    b.title = "play the variation to here";
    b.addEventListener("click", async () => { const line = am.pv.slice(0, i + 1); for (const m of line) await amApply(m); });
    out.append(" ", b);
  });
}
$("am-computer").addEventListener("change", amComputer);
$("am-play").addEventListener("click", amPlayerMove);

// ---------------------------------------------------------------- CGT calculator

/** A calculation's answer; one a limit stopped (`limit`, `steps`) as an Error. */
function calculated(r) {
  if (r.limit) {
    const why = r.limit === "interrupt" ? "interrupted" : `${r.limit} limit reached`;
    throw new Error(`unknown (${why} after ${r.steps} sums and comparisons of games)`);
  }
  return r;
}

/** A canonical form as the CLI prints it: its text, or the size of one too long to show. */
function canonicalText(r) {
  if (r.canonical !== null) return r.canonical;
  return `too large to show: ${r.too_large.bytes} bytes, birthday ${r.too_large.birthday} (cgtk cgt canon --full prints it)`;
}

/** The games made from G: route, what is shown, and the inputs it takes besides G. */
const MADE = {
  "cool": ["G cooled by T", ["t"]],
  "heat": ["G heated by T", ["t"]],
  "overheat": ["G overheated from S to T", ["s", "t"]],
  "freeze": ["G frozen", []],
  "atomic-weight": ["aw(G)", []],
  "reduced": ["rcf(G)", []],
  "norton": ["G.U", ["u"]],
};

async function cgt(kind) {
  const out = $("cgt-out"), svgOut = $("cgt-svg");
  setLink();
  out.className = "";
  try {
    const g = $("cgt-g").value;
    if (kind === "canon") {
      out.textContent = "G = " + canonicalText(calculated(await api("cgt/canon", { game: g })));
    } else if (kind in MADE) {
      const [label, operands] = MADE[kind];
      const params = { game: g };
      for (const name of operands) params[name] = $("cgt-" + name).value;
      out.textContent = `${label} = ` + canonicalText(calculated(await api("cgt/" + kind, params)));
    } else if (kind === "incentives") {
      const r = calculated(await api("cgt/incentives", { game: g }));
      out.textContent = r.left === null ? canonicalText({ canonical: null, too_large: r.too_large })
        : `left incentives [${r.left.join(", ")}]\nright incentives [${r.right.join(", ")}]`;
    } else if (kind === "compare") {
      const h = $("cgt-h").value;
      out.textContent = `G ${calculated(await api("cgt/compare", { g, h })).relation} H`;
    } else {
      const t = calculated(await api("cgt/thermograph", { game: g }));
      out.textContent = `canonical form ${canonicalText(t)}\nleft stop ${t.left_stop}, right stop ${t.right_stop}\n` +
        `mean ${t.mean}, temperature ${t.temperature}`;
      svgOut.innerHTML = await api("cgt/thermograph.svg", { game: g }, true);
    }
  } catch (err) {
    out.textContent = err.message;
    out.className = "error";
  }
}
$("cgt-canon").addEventListener("click", () => cgt("canon"));
$("cgt-compare").addEventListener("click", () => cgt("compare"));
$("cgt-thermograph").addEventListener("click", () => cgt("thermograph"));
for (const kind of [...Object.keys(MADE), "incentives"]) $("cgt-" + kind).addEventListener("click", () => cgt(kind));
for (const id of ["cgt-g", "cgt-h"]) $(id).addEventListener("keydown", (ev) => { if (ev.key === "Enter") cgt(id === "cgt-h" ? "compare" : "thermograph"); });

// ---------------------------------------------------------------- keyboard

document.addEventListener("keydown", (ev) => {
  const tag = (ev.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (activePanel === "dots") {
    if (dirs[ev.key]) { dotsMoveCursor(...dirs[ev.key]); ev.preventDefault(); }
    else if (ev.key === "Enter" || ev.key === " ") {
      if (dotsPlayer(dotsState(dots.w, dots.h, dots.moves).toMove) === "human") dotsPlay(dots.cursor);
      ev.preventDefault();
    } else if (ev.key === "u") dotsUndo();
    else if (ev.key === "r") dotsRedo();
    else if (ev.key === "v" || ev.key === "n") {
      const box = $(ev.key === "v" ? "dots-values" : "dots-numbers");
      box.checked = !box.checked; box.dispatchEvent(new Event("change"));
    } else if (ev.key === "p") dotsPv();
  } else if (activePanel === "amazons") {
    if (dirs[ev.key]) {
      const [dx, dy] = dirs[ev.key];
      am.keyboard = true;
      am.cursor = [Math.min(am.w - 1, Math.max(0, am.cursor[0] + dx)), Math.min(am.h - 1, Math.max(0, am.cursor[1] - dy))];
      amDraw(); ev.preventDefault();
    } else if (ev.key === "Enter" || ev.key === " ") { amClick(am.cursor[0], am.cursor[1]); ev.preventDefault(); }
    else if (ev.key === "u") amUndo();
    else if (ev.key === "r") amRedo();
    else if (ev.key === "e") amEval();
  }
});

dotsNew(3, 3);
// An empty board until the server's position arrives (the link's, else the
// 6x6 standard start: `openFromLink`).
amSet({ w: 6, h: 6, cells: Array.from({ length: 6 }, () => new Array(6).fill(".")), toMove: "w", legal: [] });

// A link may open a view: #dots=RECORD[&values][&nimstring],
// #amazons=POSITION[&eval] (a position's text or WxH, the standard start),
// #cgt=GAME (the thermograph); values are percent-decoded, a + is a plus.
/**
 * The parameters of a link's fragment: `name=value` pairs separated by `&`,
 * each percent-decoded. Unlike a query string's, a `+` stays a plus (a sum
 * of games), not a space.
 */
function linkParams(fragment) {
  const decode = (t) => { try { return decodeURIComponent(t); } catch (err) { return t; } };
  const params = new Map();
  for (const part of fragment.split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    if (i < 0) params.set(decode(part), "");
    else params.set(decode(part.slice(0, i)), decode(part.slice(i + 1)));
  }
  return params;
}

/** Keeps the address a link to the view shown (the fragment that `openFromLink` reads). */
function setLink() {
  if (opening) return;
  const enc = encodeURIComponent;
  let parts = [];
  if (activePanel === "dots") {
    parts = ["dots=" + enc(dotsTreeRecord())];
    if (dots.node !== dotsMainEnd()) parts.push("at=" + enc(dots.moves.join(",")));
    if (dotsPlayer(0) !== "human") parts.push("first=" + enc(dotsPlayer(0)));
    parts.push("second=" + enc(dotsPlayer(1)));
    for (const [id, key] of [["dots-values", "values"], ["dots-nimber", "nimstring"], ["dots-numbers", "numbers"], ["dots-chains", "chains"]]) {
      if ($(id).checked) parts.push(key);
    }
  } else if (activePanel === "amazons") {
    const start = am.root;
    const ranks = [];
    for (let r = am.h - 1; r >= 0; r--) ranks.push(start.cells[r].join(""));
    parts = ["amazons=" + enc(ranks.join("/") + " " + start.toMove)];
    if (am.root.kids.length) parts.push("sgf=" + enc(amToSgf()));
    if (am.moves.length) parts.push("at=" + enc(am.moves.join(",")));
  } else {
    parts = ["cgt=" + enc($("cgt-g").value)];
  }
  history.replaceState(null, "", "#" + parts.join("&"));
}

/** The node at the end of the tree's main line. */
function dotsMainEnd() {
  let n = dots.root;
  while (n.kids.length) n = n.kids[0];
  return n;
}

(async function openFromLink() {
  const link = linkParams(location.hash.slice(1));
  if (link.has("dots")) {
    $("dots-p0").value = link.get("first") || "human";
    $("dots-p1").value = link.get("second") || "human";
    $("dots-values").checked = link.has("values");
    $("dots-nimber").checked = link.has("nimstring");
    $("dots-numbers").checked = link.has("numbers");
    $("dots-chains").checked = link.has("chains");
    dotsLoad(link.get("dots"));
    if (link.has("at")) {
      // The node at the end of the moves `at` names, from the root.
      let n = dots.root;
      for (const e of link.get("at").split(",").filter((x) => x !== "").map(Number)) {
        n = n && n.kids.find((k) => k.move === e);
      }
      if (n) dotsGoto(n);
    }
  }
  try {
    amSet(await amAsk({ position: link.get("amazons") || "6x6" }));
  } catch (err) {
    amSet(await amAsk({ position: "6x6" }));
    $("am-status").textContent = err.message;
  }
  if (link.has("amazons")) {
    showPanel("amazons");
    try {
      if (link.has("sgf")) amGame(await amFromSgf(link.get("sgf")));
      if (link.has("at")) {
        // The node at the end of the moves `at` names, from the root.
        let n = am.root;
        for (const m of link.get("at").split(",").filter((x) => x)) n = n && n.kids.find((k) => k.move === m);
        if (!n) throw new Error("the link's moves are not in its game");
        amGo(n);
      }
      if (link.has("eval")) amEval();
    } catch (err) {
      $("am-status").textContent = err.message;
    }
  }
  if (link.has("cgt")) {
    showPanel("cgt");
    $("cgt-g").value = link.get("cgt");
    cgt("thermograph");
  }
  opening = false;
  setLink();
})();
