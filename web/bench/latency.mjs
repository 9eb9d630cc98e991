// latency.mjs measures how soon a move shows on the opponent's board once
// its event reaches the opponent's page (the goal: within a frame). Two
// browser contexts are paired in a game through the lobby of a fresh
// `joinpal serve`; only the opponent's page is open. In it an init script
// wraps WebSocket and notes performance.now() when a `move` frame arrives
// (before the page's own handler runs), a MutationObserver notes when the
// board (cg-board) changes after it, and a requestAnimationFrame asked from
// that observer notes the next frame; a task posted after the frame that
// holds the change has been rendered notes when the page's own part of
// painting it is done (the change is often made inside a frame callback, as
// chessground draws in one, and is then painted in that frame, a frame
// before the "next" one). The mover plays over HTTP
// (POST /api/game/{id}/move/{uci}, a legal move drawn with a fixed seed
// from GET /api/game/{id}); the opponent answers the same way; each move
// waits until the page has shown the one before, then 0–50 ms more. A game
// that ends is followed by a new one until the mover has played MOVES moves.
//
//   JOINPAL_BIN=bin/joinpal [JOINPAL_WEB_DIR=dir] [MOVES=40] node web/bench/latency.mjs
//
// It is a measurement, not a test: it prints figures and fails only when it
// cannot measure.
import { startServer, launch, fullChromium } from '../browser/harness.mjs';
import { api, pair, quantile } from './common.mjs';

const moves = Number(process.env.MOVES || 40);
const frameMs = 1000 / 60;

// probe runs in the opponent's page before its own scripts.
function probe() {
  const lat = { moves: [], pending: [], inRaf: false };
  window.__lat = lat;
  // Whether a board change happened inside a requestAnimationFrame callback
  // (chessground draws in one): the flag is cleared by a microtask queued
  // after the callback, so the observer's microtask, queued by the change
  // during the callback, still sees it.
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) =>
    raf((ts) => {
      lat.inRaf = true;
      try {
        cb(ts);
      } finally {
        queueMicrotask(() => (lat.inRaf = false));
      }
    });
  const Native = window.WebSocket;
  class Probed extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const t0 = performance.now();
        if (typeof ev.data !== 'string' || !ev.data.includes('"move"')) return;
        let f;
        try {
          f = JSON.parse(ev.data);
        } catch {
          return;
        }
        if (f.t !== 'move') return;
        const rec = { uci: f.d?.move?.uci, v: f.v, t0 };
        lat.moves.push(rec);
        lat.pending.push(rec);
      });
    }
  }
  window.WebSocket = Probed;
  const onBoard = (m) =>
    m.some(
      (r) =>
        r.target.closest?.('cg-board') ||
        [...r.addedNodes].some((n) => n.nodeName === 'CG-BOARD' || n.querySelector?.('cg-board')),
    );
  new MutationObserver((records) => {
    if (!lat.pending.length || !onBoard(records)) return;
    const t1 = performance.now();
    const done = lat.pending.splice(0);
    const inRaf = lat.inRaf;
    for (const rec of done) {
      rec.t1 = t1;
      rec.inRaf = inRaf;
    }
    // t3: a task posted after the frame that holds the change has been
    // rendered (tasks never run between a frame's callbacks and its style,
    // layout and paint): that frame when the change was made in one of its
    // callbacks, else the next.
    const rendered = () => {
      const mc = new MessageChannel();
      mc.port1.onmessage = () => {
        const t3 = performance.now();
        for (const rec of done) rec.t3 = t3;
      };
      mc.port2.postMessage(0);
    };
    if (inRaf) rendered();
    raf(() => {
      const t2 = performance.now();
      for (const rec of done) rec.t2 = t2;
      if (!inRaf) rendered();
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

// mulberry32 is a small seeded generator: the same games on every run.
function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const server = await startServer();
const browser = await launch(fullChromium);
try {
  const call = api(server.url);
  const random = mulberry32(20261201);
  const newContext = () => browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const mover = await newContext();
  const opponent = await newContext();
  await opponent.addInitScript(probe);
  const page = await opponent.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const samples = []; // the mover's moves as the opponent's page showed them
  const missed = [];
  let games = 0;
  while (samples.length + missed.length < moves) {
    // The opponent seeks first; the mover's seek pairs with it.
    const g = await pair(call, opponent.request, mover.request, '10+0');
    games++;
    const moverSide = g.white === mover.request ? 'white' : 'black';
    await page.goto(server.url + '/game/' + g.id, { waitUntil: 'networkidle' });
    await page.locator('cg-board').waitFor({ timeout: 10000 });
    let seen = await page.evaluate(() => window.__lat.moves.length);
    for (;;) {
      const state = await call(g[moverSide === 'white' ? 'white' : 'black'], 'GET', `/api/game/${g.id}`);
      if (state.status !== 'started' && state.status !== 'created') break;
      if (samples.length + missed.length >= moves && state.turn === moverSide) break;
      const side = state.turn;
      const client = side === 'white' ? g.white : g.black;
      const legal = side === moverSide ? state.legal : (await call(client, 'GET', `/api/game/${g.id}`)).legal;
      if (!legal?.length) break;
      const uci = legal[Math.floor(random() * legal.length)];
      // A pause of 0–50 ms (from the same seed): the wait below ends on a
      // frame of the page, and moves sent at once would all reach the page at
      // the same point of its frames.
      await new Promise((r) => setTimeout(r, random() * 50));
      await call(client, 'POST', `/api/game/${g.id}/move/${uci}`);
      const want = seen + 1;
      const shown = await page
        .waitForFunction((n) => window.__lat.moves.length >= n && window.__lat.moves[n - 1].t2 !== undefined && window.__lat.moves[n - 1].t3 !== undefined, want, { timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      const rec = await page.evaluate((n) => window.__lat.moves[n - 1] ?? null, want);
      seen = await page.evaluate(() => window.__lat.moves.length);
      if (side !== moverSide) continue;
      if (shown && rec?.uci === uci) samples.push({ game: g.id, uci, ...rec });
      else missed.push({ game: g.id, uci, rec });
    }
  }

  const board = samples.map((s) => s.t1 - s.t0).sort((a, b) => a - b);
  const painted = samples.map((s) => s.t2 - s.t0).sort((a, b) => a - b);
  const within = (xs) => xs.filter((x) => x <= frameMs).length;
  const fmt = (x) => x.toFixed(1);
  console.log(`## A move on the opponent's board (Chromium ${browser.version()}, headless, desktop 1280×800)`);
  console.log('');
  console.log(`The mover played ${samples.length + missed.length} moves over HTTP in ${games} game(s) of 10+0; the opponent's page (the only one open) timed each \`move\` frame.`);
  console.log('');
  console.log('| move | uci | frame → board changed (ms) | frame → next frame (ms) | frame → its frame rendered (ms) | board changed inside a frame callback |');
  console.log('| ---: | --- | ---: | ---: | ---: | --- |');
  samples.forEach((s, i) => console.log(`| ${i + 1} | ${s.uci} | ${fmt(s.t1 - s.t0)} | ${fmt(s.t2 - s.t0)} | ${fmt(s.t3 - s.t0)} | ${s.inRaf ? 'yes' : 'no'} |`));
  console.log('');
  console.log('| measure | moves | p50 (ms) | p95 (ms) | max (ms) | within one frame (16.7 ms) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const rendered = samples.map((s) => s.t3 - s.t0).sort((a, b) => a - b);
  for (const [name, xs] of [['frame → board changed', board], ['frame → next frame', painted], ['frame → its frame rendered', rendered]]) {
    console.log(`| ${name} | ${xs.length} | ${fmt(quantile(xs, 0.5))} | ${fmt(quantile(xs, 0.95))} | ${fmt(xs[xs.length - 1])} | ${within(xs)}/${xs.length} (${((100 * within(xs)) / xs.length).toFixed(0)} %) |`);
  }
  const inRaf = samples.filter((s) => s.inRaf).length;
  console.log('');
  console.log(`Board changes made inside a requestAnimationFrame callback: ${inRaf}/${samples.length}.`);
  if (missed.length) console.log(`Moves not shown within 5 s (or shown as another move): ${missed.length} — ${JSON.stringify(missed.slice(0, 5))}`);
  if (errors.length) console.log(`Page errors: ${errors.join('; ')}`);
  await mover.close();
  await opponent.close();
} finally {
  await browser.close();
  await server.stop();
}
