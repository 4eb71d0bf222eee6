// The cgtk page: Dots-and-Boxes and Amazons boards over the JSON API of
// `cgtk serve`, and a CGT calculator. Plain JavaScript, no dependencies.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

/** GET /api/<path>?<params>: the JSON (or text), or an Error with the server's one-line message. */
async function api(path, params, text) {
  const url = "/api/" + path + "?" + new URLSearchParams(params).toString();
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok) throw new Error(body.trim());
  return text ? body : JSON.parse(body);
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
  for (const tab of document.querySelectorAll("nav button")) {
    tab.setAttribute("aria-selected", String(tab.dataset.panel === name));
  }
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== name;
}

// ---------------------------------------------------------------- Dots-and-Boxes

// Edge numbering of ARCHITECTURE.md: horizontal edges row by row from the
// top (r*W + c), then vertical edges row by row ((H+1)*W + r*(W+1) + c).
const dots = {
  w: 3, h: 3, moves: [], redo: [], analyses: new Map(), nimbers: new Map(),
  cursor: 0, keyboard: false, token: 0, error: "",
};

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

function dotsRecord() {
  const size = dots.w + "x" + dots.h;
  return dots.moves.length ? size + ":" + dots.moves.join(",") : size;
}

function dotsPlayer(side) { return $(side === 0 ? "dots-p0" : "dots-p1").value.trim() || "human"; }

function dotsNew(w, h, moves) {
  dots.w = w; dots.h = h; dots.moves = moves || []; dots.redo = [];
  dots.analyses.clear(); dots.nimbers.clear(); dots.cursor = 0; dots.error = "";
  $("dots-w").value = String(w); $("dots-h").value = String(h);
  dotsChanged();
}

function dotsPlay(e) {
  const st = dotsState(dots.w, dots.h, dots.moves);
  if (st.over || st.drawn.has(e) || e < 0 || e >= numEdges(dots.w, dots.h)) return false;
  dots.moves.push(e);
  dots.redo = [];
  dotsChanged();
  return true;
}

function dotsUndo() {
  if (!dots.moves.length) return;
  const humans = [0, 1].filter((s) => dotsPlayer(s) === "human");
  do {
    dots.redo.push(dots.moves.pop());
  } while (dots.moves.length && humans.length === 1 &&
           dotsState(dots.w, dots.h, dots.moves).toMove !== humans[0]);
  dotsChanged();
}

function dotsRedo() {
  if (!dots.redo.length) return;
  dots.moves.push(dots.redo.pop());
  dotsChanged();
}

function dotsChanged() {
  dots.token++;
  dots.error = "";
  dotsDraw();
  $("dots-record").value = dotsRecord();
  if ($("dots-values").checked) dotsAnalyze();
  if ($("dots-nimber").checked) dotsNimber();
  dotsComputer();
}

async function dotsComputer() {
  const token = dots.token;
  const st = dotsState(dots.w, dots.h, dots.moves);
  if (st.over) return;
  const player = dotsPlayer(st.toMove);
  if (player === "human") return;
  try {
    const r = await api("dots/move", { position: dotsRecord(), player, seed: String(dots.moves.length) });
    if (token !== dots.token) return;
    await new Promise((ok) => setTimeout(ok, 150));
    if (token !== dots.token) return;
    dots.moves.push(r.edge);
    dots.redo = [];
    dotsChanged();
  } catch (err) {
    if (token === dots.token) { dots.error = player + ": " + err.message; dotsDraw(); }
  }
}

/** Analyses every position of the game not yet analysed, for the value history. */
async function dotsHistory() {
  const token = dots.token, size = dots.w + "x" + dots.h;
  for (let k = 0; k < dots.moves.length; k++) {
    if (token !== dots.token || !$("dots-values").checked) return;
    const record = k ? size + ":" + dots.moves.slice(0, k).join(",") : size;
    if (dots.analyses.has(record)) continue;
    try {
      dots.analyses.set(record, await api("dots/analyze", { position: record, time_limit: "5" }));
    } catch (err) {
      dots.analyses.set(record, { error: err.message });
      return;
    }
    dotsChart();
  }
}

async function dotsAnalyze() {
  dotsHistory();
  const record = dotsRecord();
  if (dots.analyses.has(record)) { dotsDraw(); return; }
  const st = dotsState(dots.w, dots.h, dots.moves);
  if (st.over) return;
  try {
    const r = await api("dots/analyze", { position: record, time_limit: "20" });
    dots.analyses.set(record, r);
  } catch (err) {
    dots.analyses.set(record, { error: err.message });
  }
  if (record === dotsRecord()) dotsDraw();
}

async function dotsNimber() {
  const record = dotsRecord();
  if (dots.nimbers.has(record)) { dotsDraw(); return; }
  try {
    dots.nimbers.set(record, await api("dots/nimber", { position: record }));
  } catch (err) {
    dots.nimbers.set(record, { error: err.message });
  }
  if (record === dotsRecord()) dotsDraw();
}

function valueClass(v) { return v > 0 ? "win" : v < 0 ? "loss" : "tie"; }
function signed(v) { return v > 0 ? "+" + v : String(v); }

function dotsDraw() {
  const { w, h } = dots;
  const st = dotsState(w, h, dots.moves);
  const S = 60, M = 24;
  const svg = $("dots-board");
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${w * S + 2 * M} ${h * S + 2 * M}`);
  const X = (c) => M + c * S, Y = (r) => M + r * S;
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
  }
  for (let r = 0; r <= h; r++) for (let c = 0; c <= w; c++) svgEl("circle", { cx: X(c), cy: Y(r), r: 5, class: "dot" }, svg);
  const a = $("dots-values").checked ? dots.analyses.get(dotsRecord()) : null;
  if (a && a.moves) {
    const loony = new Set(a.moves.filter((m) => m.loony).map((m) => m.edge));
    for (const m of a.moves) {
      const [c0, r0, c1, r1] = edgeEnds(w, h, m.edge);
      const x = (X(c0) + X(c1)) / 2, y = (Y(r0) + Y(r1)) / 2;
      const t = svgEl("text", { x, y, class: "val " + valueClass(m.value) + (m.value === a.value ? " best" : ""),
        "data-edge": m.edge, "data-value": m.value }, svg);
      t.textContent = signed(m.value);
      if (loony.has(m.edge)) {
        const l = svgEl("text", { x: x + (r0 === r1 ? 0 : 12), y: y + (r0 === r1 ? 15 : 14), class: "loony" }, svg);
        l.textContent = "L";
      }
    }
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
  else if (a && a.value !== null && a.value !== undefined) {
    const best = a.moves.filter((m) => m.value === a.value).map((m) => m.edge);
    text = `Value ${signed(a.value)} for the side to move; best: ${best.join(", ")}` +
      (a.moves.some((m) => m.loony) ? "; L: loony moves." : ".");
  } else if (a && a.limit) {
    text = `No value within the limit (between ${a.lower} and ${a.upper}).`;
  }
  const n = $("dots-nimber").checked ? dots.nimbers.get(dotsRecord()) : null;
  if (n && n.error) text += (text ? " " : "") + "Nimstring: " + n.error;
  else if (n) text += (text ? " " : "") + "Nimstring value: " + (n.loony ? "loony" : n.nimber === 0 ? "0" : "*" + n.nimber) + ".";
  out.textContent = text;
  dotsChart();
}

function dotsChart() {
  const svg = $("dots-chart");
  svg.textContent = "";
  const boxes = dots.w * dots.h, pts = [];
  for (let k = 0; k <= dots.moves.length; k++) {
    const moves = dots.moves.slice(0, k);
    const size = dots.w + "x" + dots.h;
    const a = dots.analyses.get(moves.length ? size + ":" + moves.join(",") : size);
    const st = dotsState(dots.w, dots.h, moves);
    let margin = null;
    if (st.over) margin = st.score[0] - st.score[1];
    else if (a && typeof a.value === "number") margin = st.score[0] - st.score[1] + (st.toMove === 0 ? a.value : -a.value);
    if (margin !== null) pts.push([k, margin]);
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

function dotsLoad(text) {
  text = text.trim();
  const m = /^(\d+)x(\d+)(?::\s*([\d,\s]*))?$/.exec(text);
  if (!m) { dots.error = `not a record: ${JSON.stringify(text)} (WxH:e,e,...)`; dotsDraw(); return; }
  const w = +m[1], h = +m[2];
  if (w < 1 || h < 1 || w > 9 || h > 9) { dots.error = "boards are 1x1 to 9x9 boxes"; dotsDraw(); return; }
  const moves = (m[3] || "").split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
  const seen = new Set();
  for (const e of moves) {
    if (!(e >= 0 && e < numEdges(w, h)) || seen.has(e)) {
      dots.error = `edge ${e} is not an undrawn edge of ${w}x${h}`; dotsDraw(); return;
    }
    seen.add(e);
  }
  dotsNew(w, h, moves);
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
$("dots-values").addEventListener("change", () => { if ($("dots-values").checked) dotsAnalyze(); dotsDraw(); });
$("dots-nimber").addEventListener("change", () => { if ($("dots-nimber").checked) dotsNimber(); dotsDraw(); });
$("dots-load").addEventListener("click", () => dotsLoad($("dots-record").value));
$("dots-export").addEventListener("click", () => {
  $("dots-record").value = dotsRecord();
  $("dots-record").select();
  if (navigator.clipboard) navigator.clipboard.writeText(dotsRecord()).catch(() => {});
});
for (const id of ["dots-p0", "dots-p1"]) $(id).addEventListener("change", () => { dots.token++; dotsDraw(); dotsComputer(); });

// ---------------------------------------------------------------- Amazons

// Squares: files A.. left to right, ranks 1.. bottom to top; a position is
// its ranks from the top, `/`-separated (`.` empty, W, B, x burnt), then w or b.
const am = { w: 6, h: 6, cells: [], toMove: "w", history: [], sel: null, dest: null,
  areas: null, best: null, cursor: [0, 0], token: 0 };

function amStandard(w, h) {
  const cells = Array.from({ length: h }, () => new Array(w).fill("."));
  const put = (file, rank, q) => { cells[rank - 1][file - 1] = q; };
  put(1, 2, "W"); put(2, 1, "W"); put(w - 1, 1, "W"); put(w, 2, "W");
  put(1, h - 1, "B"); put(2, h, "B"); put(w - 1, h, "B"); put(w, h - 1, "B");
  return cells;
}

function amText() {
  const ranks = [];
  for (let r = am.h - 1; r >= 0; r--) ranks.push(am.cells[r].join(""));
  return ranks.join("/") + " " + am.toMove;
}

/** A position's text, or `WxH` for the standard start of a board of that size. */
function amParse(text) {
  const size = /^\s*(\d+)x(\d+)\s*$/.exec(text);
  if (size) {
    const w = +size[1], h = +size[2];
    if (w < 4 || w > 8 || h < 4 || h > 8) throw new Error("standard starts are 4x4 to 8x8");
    return { w, h, cells: amStandard(w, h), toMove: "w" };
  }
  const m = /^\s*([.WBx/]+)\s+([wb])\s*$/.exec(text);
  if (!m) throw new Error("a position is ranks from the top separated by / (. W B x), then w or b");
  const ranks = m[1].split("/");
  const w = ranks[0].length, h = ranks.length;
  if (w < 1 || w > 8 || h < 1 || h > 8 || ranks.some((r) => r.length !== w)) throw new Error("boards are up to 8x8, every rank as wide");
  return { w, h, cells: ranks.reverse().map((r) => r.split("")), toMove: m[2] };
}

/**
 * The position after the main line of an SGF game record (FF[4] GM[18]):
 * points are column then row letters, row `a` the top rank; `AW`, `AB`, `AA`
 * set up queens and arrows, `PL` the side to move; without set-up the game
 * starts from the standard start of `SZ[n]` or `SZ[w:h]`.
 */
function amFromSgf(text) {
  // The main line: the first variation at every branch.
  let main = "", depth = 0, skip = 0;
  const closed = [];
  for (const ch of text) {
    if (skip) { if (ch === "(") skip++; else if (ch === ")") skip--; continue; }
    if (ch === "(") {
      if (closed[depth]) { skip = 1; continue; }
      depth++; closed[depth] = false; continue;
    }
    if (ch === ")") { closed[depth] = false; depth--; closed[depth] = true; continue; }
    main += ch;
  }
  const sz = /SZ\[(\d+)(?::(\d+))?\]/.exec(main);
  if (!sz) throw new Error("SGF: no board size SZ[..]");
  const w = +sz[1], h = sz[2] ? +sz[2] : w;
  if (w < 1 || h < 1 || w > 8 || h > 8) throw new Error("SGF: boards are up to 8x8");
  const point = (p) => {
    const f = p.charCodeAt(0) - 97, r = h - 1 - (p.charCodeAt(1) - 97);
    if (f < 0 || f >= w || r < 0 || r >= h) throw new Error(`SGF: point ${p} is not on the board`);
    return [f, r];
  };
  const setup = [...main.matchAll(/(AW|AB|AA)((?:\s*\[[a-z]{2}\])+)/g)];
  const cells = setup.length ? Array.from({ length: h }, () => new Array(w).fill(".")) : amStandard(w, h);
  for (const [, prop, list] of setup) {
    for (const [, p] of list.matchAll(/\[([a-z]{2})\]/g)) {
      const [f, r] = point(p);
      cells[r][f] = prop === "AW" ? "W" : prop === "AB" ? "B" : "x";
    }
  }
  const pl = /PL\[([WB])\]/.exec(main);
  am.w = w; am.h = h; am.cells = cells; am.toMove = pl ? pl[1].toLowerCase() : "w";
  for (const [, who, m] of main.matchAll(/;\s*([WB])\[([a-z]{6})\]/g)) {
    const [a, b, c] = [m.slice(0, 2), m.slice(2, 4), m.slice(4, 6)].map(point);
    const text = `${sqName(...a)}-${sqName(...b)}x${sqName(...c)}`;
    if (who.toLowerCase() !== am.toMove || !amLegalMoves().includes(text)) throw new Error(`SGF: move ${text} is illegal`);
    const q = am.cells[a[1]][a[0]];
    am.cells[a[1]][a[0]] = "."; am.cells[b[1]][b[0]] = q; am.cells[c[1]][c[0]] = "x";
    am.toMove = am.toMove === "w" ? "b" : "w";
  }
  return { w, h, cells: am.cells, toMove: am.toMove };
}

function sqName(f, r) { return String.fromCharCode(65 + f) + (r + 1); }
function sqParse(s) { return [s.charCodeAt(0) - 65, parseInt(s.slice(1), 10) - 1]; }

/** Squares a queen at (f, r) reaches on `cells` (the queen at `from` counted empty). */
function amReach(cells, f, r, from) {
  const out = [];
  for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    let x = f + df, y = r + dr;
    while (x >= 0 && y >= 0 && x < am.w && y < am.h &&
           (cells[y][x] === "." || (from && from[0] === x && from[1] === y))) {
      out.push([x, y]); x += df; y += dr;
    }
  }
  return out;
}

function amLegalMoves() {
  const me = am.toMove === "w" ? "W" : "B", moves = [];
  for (let r = 0; r < am.h; r++) for (let f = 0; f < am.w; f++) {
    if (am.cells[r][f] !== me) continue;
    for (const [x, y] of amReach(am.cells, f, r)) {
      for (const [ax, ay] of amReach(am.cells, x, y, [f, r])) moves.push(`${sqName(f, r)}-${sqName(x, y)}x${sqName(ax, ay)}`);
    }
  }
  return moves;
}

function amApply(move) {
  const m = /^([A-H][1-8])-([A-H][1-8])x([A-H][1-8])$/.exec(move);
  if (!m) return;
  const [f0, r0] = sqParse(m[1]), [f1, r1] = sqParse(m[2]), [f2, r2] = sqParse(m[3]);
  am.history.push({ cells: am.cells.map((row) => row.slice()), toMove: am.toMove });
  const q = am.cells[r0][f0];
  am.cells[r0][f0] = "."; am.cells[r1][f1] = q; am.cells[r2][f2] = "x";
  am.toMove = am.toMove === "w" ? "b" : "w";
  am.sel = am.dest = null;
  amChanged();
}

function amChanged() {
  am.token++;
  am.areas = null; am.best = null;
  $("am-areas").querySelector("tbody").textContent = "";
  $("am-bounds").textContent = ""; $("am-verdict").textContent = ""; $("am-thermo").textContent = "";
  $("am-position").value = amText();
  amDraw();
  amComputer();
}

function amSet(p) {
  am.w = p.w; am.h = p.h; am.cells = p.cells; am.toMove = p.toMove; am.history = [];
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
  board.style.gridTemplateColumns = `repeat(${am.w}, 1fr)`;
  const kinds = new Map();
  if (am.areas) am.areas.forEach((a, i) => a.squares.forEach((s) => kinds.set(s, [kindClass(a.kind), i])));
  const targets = new Set();
  if (am.sel && !am.dest) amReach(am.cells, am.sel[0], am.sel[1]).forEach(([x, y]) => targets.add(sqName(x, y)));
  if (am.dest) amReach(am.cells, am.dest[0], am.dest[1], am.sel).forEach(([x, y]) => targets.add(sqName(x, y)));
  const best = am.best ? am.best.split(/[-x]/) : [];
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
    const k = kinds.get(name);
    if (k && k[0]) { sq.classList.add(k[0]); sq.dataset.area = String(k[1]); }
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
    const ok = amReach(am.cells, am.dest[0], am.dest[1], am.sel).some(([x, y]) => x === f && y === r);
    if (ok) { amApply(`${sqName(am.sel[0], am.sel[1])}-${sqName(am.dest[0], am.dest[1])}x${sqName(f, r)}`); return; }
    am.sel = am.dest = null;
  } else if (am.sel) {
    const ok = amReach(am.cells, am.sel[0], am.sel[1]).some(([x, y]) => x === f && y === r);
    if (ok) am.dest = [f, r];
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
    const r = await api("amazons/solve", { position: amText(), time_limit: amTime() });
    if (token !== am.token) return null;
    am.best = r.best_move;
    $("am-verdict").textContent = r.winner
      ? `${r.winner} wins (${r.to_move} to move)` + (r.best_move ? `; winning move ${r.best_move}` : "") + ` (${r.nodes} nodes).`
      : `Unknown: the ${r.limit} limit ended the search after ${r.nodes} nodes.`;
    $("am-verdict").dataset.winner = r.winner || "";
    amDraw();
    return r;
  } catch (err) {
    $("am-verdict").textContent = err.message;
    return null;
  }
}

async function amComputer() {
  const side = $("am-computer").value;
  if (side === "none" || side[0] !== am.toMove) return;
  const moves = amLegalMoves();
  if (!moves.length) return;
  const token = am.token;
  const r = await amSolve();
  if (token !== am.token) return;
  // The solver's winning move; without one, the first legal move.
  amApply(r && r.best_move ? r.best_move : moves[0]);
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

options($("am-w"), 4, 8, 6);
options($("am-h"), 4, 8, 6);
$("am-new").addEventListener("click", () => {
  const w = +$("am-w").value, h = +$("am-h").value;
  amSet({ w, h, cells: amStandard(w, h), toMove: "w" });
});
$("am-load").addEventListener("click", () => {
  try { amSet(amParse($("am-position").value)); } catch (err) { $("am-status").textContent = err.message; }
});
$("am-sgf-load").addEventListener("click", () => {
  const saved = { w: am.w, h: am.h, cells: am.cells, toMove: am.toMove };
  try { amSet(amFromSgf($("am-sgf").value)); } catch (err) {
    Object.assign(am, saved);
    amDraw();
    $("am-status").textContent = err.message;
  }
});
$("am-eval").addEventListener("click", amEval);
$("am-solve").addEventListener("click", amSolve);
$("am-undo").addEventListener("click", () => {
  const prev = am.history.pop();
  if (!prev) return;
  am.cells = prev.cells; am.toMove = prev.toMove; am.sel = am.dest = null;
  amChanged();
});
$("am-computer").addEventListener("change", amComputer);

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
    else if (ev.key === "v") { $("dots-values").checked = !$("dots-values").checked; $("dots-values").dispatchEvent(new Event("change")); }
  } else if (activePanel === "amazons") {
    if (dirs[ev.key]) {
      const [dx, dy] = dirs[ev.key];
      am.keyboard = true;
      am.cursor = [Math.min(am.w - 1, Math.max(0, am.cursor[0] + dx)), Math.min(am.h - 1, Math.max(0, am.cursor[1] - dy))];
      amDraw(); ev.preventDefault();
    } else if (ev.key === "Enter" || ev.key === " ") { amClick(am.cursor[0], am.cursor[1]); ev.preventDefault(); }
    else if (ev.key === "u") $("am-undo").click();
    else if (ev.key === "e") amEval();
  }
});

dotsNew(3, 3);
amSet({ w: 6, h: 6, cells: amStandard(6, 6), toMove: "w" });

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

(function openFromLink() {
  const link = linkParams(location.hash.slice(1));
  if (link.has("dots")) {
    $("dots-p1").value = link.get("second") || "human";
    $("dots-values").checked = link.has("values");
    $("dots-nimber").checked = link.has("nimstring");
    dotsLoad(link.get("dots"));
  }
  if (link.has("amazons")) {
    showPanel("amazons");
    try {
      amSet(amParse(link.get("amazons")));
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
})();
