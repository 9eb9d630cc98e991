// game-live.test.mjs: the game page's life around the moves — a lost
// connection shown and caught up (a move made offline is sent again with
// its id), a connection that stops carrying frames without closing, an
// opponent who closed the tab said gone with a countdown to the claim, the
// win claimed at its end (a spectator told who left), a spectator (in
// English) without controls, the FEN and the PGN,
// an abort, and a rematch that takes both players to the new game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, player, clickMove, missingTexts, axe } from './harness.mjs';

// --test-clock: the claim test moves the server's clock (POST /test/clock).
const env = suite({ args: ['--test-clock'] });

/**
 * cuttable makes the context's WebSockets cuttable from the test: every
 * socket is kept in window.__ws, and while window.__blockWs is set a new
 * one cannot be made (as when the network is gone), so the page keeps
 * retrying until the test mends it.
 */
async function cuttable(context) {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.__ws = [];
    window.__urls = [];
    window.__blockWs = false;
    window.WebSocket = class extends Native {
      constructor(url, protocols) {
        if (window.__blockWs) throw new DOMException('the test cut the network', 'NetworkError');
        super(url, protocols);
        window.__urls.push(String(url));
        window.__ws.push(this);
      }
    };
  });
}
/** timed calls window.__onMoveFrame when a `move` frame of white's arrives (the opponent's, on black's page), before the page handles it. */
async function timed(context) {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url, protocols) {
        super(url, protocols);
        this.addEventListener('message', (e) => {
          if (!String(e.data).startsWith('{"t":"move"')) return;
          if (JSON.parse(e.data).d.ply % 2 === 1) window.__onMoveFrame?.();
        });
      }
    };
  });
}
/**
 * stallable lets the test stall the context's WebSockets as a dead network
 * does: window.__stall() makes every socket open now drop what it receives
 * and what the page sends, while the socket stays open (the browser still
 * answers the server's pings). Sockets made afterwards work.
 */
async function stallable(context) {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.__live = [];
    window.__stall = () => {
      for (const ws of window.__live) ws.__stalled = true;
    };
    window.WebSocket = class extends Native {
      constructor(url, protocols) {
        super(url, protocols);
        window.__live.push(this);
      }
      get onmessage() {
        return super.onmessage;
      }
      set onmessage(f) {
        super.onmessage = f && ((e) => {
          if (!this.__stalled) f.call(this, e);
        });
      }
      send(data) {
        if (!this.__stalled) super.send(data);
      }
    };
  });
}
const cut = (page) => page.evaluate(() => {
  window.__blockWs = true;
  for (const ws of window.__ws) ws.close();
});
const mend = (page) => page.evaluate(() => {
  window.__blockWs = false;
});

/** pair makes two guests find each other through seeks and opens the game page in both; black's context may be made cuttable, stallable or timed first. */
const pair = (tc = '5+0', { blackCuttable = false, blackStallable = false, blackTimed = false } = {}) =>
  seekPair(env, tc, {
    prepare: async (white, black) => {
      if (blackCuttable) await cuttable(black.context);
      if (blackStallable) await stallable(black.context);
      if (blackTimed) await timed(black.context);
    },
  });

async function move(g, who, uci, ply) {
  await who.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await clickMove(who.page, uci);
  for (const p of [g.white, g.black]) await p.page.locator(`.moves .move[data-ply="${ply}"]`).waitFor();
}

test('a lost connection is shown; a move made offline is resent, and the page catches up', async () => {
  const g = await pair('5+0', { blackCuttable: true });
  await move(g, g.white, 'e2e4', 1);
  await g.black.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await cut(g.black.page);
  await g.black.page.locator('#connection-banner').waitFor();
  assert.match(await g.black.page.locator('#connection-banner').innerText(), /reconectando/);
  // Black moves while offline: the move waits, and goes with its id once back.
  await clickMove(g.black.page, 'e7e5');
  await mend(g.black.page);
  // The socket retries with a growing delay (up to 8 s, ±25 %, web/src/lib/socket.ts),
  // so the wait leaves room for a late retry on a slow machine.
  await g.white.page.locator('.moves .move[data-ply="2"]').waitFor({ timeout: 45000 });
  await g.black.page.locator('#connection-banner').waitFor({ state: 'detached', timeout: 45000 });
  // White moves while black is offline: black catches up from its last version.
  await cut(g.black.page);
  await g.black.page.locator('#connection-banner').waitFor();
  await g.white.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await clickMove(g.white.page, 'g1f3');
  await g.white.page.locator('.moves .move[data-ply="3"]').waitFor();
  assert.equal(await g.black.page.locator('.moves .move[data-ply="3"]').count(), 0);
  await mend(g.black.page);
  await g.black.page.locator('.moves .move[data-ply="3"]').waitFor({ timeout: 45000 });
  await g.black.page.locator('#connection-banner').waitFor({ state: 'detached', timeout: 45000 });
  assert.deepEqual(await g.black.page.locator('.moves button.move').allInnerTexts(), ['e4', 'e5', 'Cf3']);
  const urls = await g.black.page.evaluate(() => window.__urls);
  assert.ok(urls.some((u) => /\/socket\?v=\d+$/.test(u)), `a reconnection passes ?v=: ${urls.join(' ')}`);
  assert.deepEqual(g.white.errors, []);
  await g.close();
});

test('a connection that stops carrying frames is dropped; the move made meanwhile goes on a new one', async () => {
  const g = await pair('5+0', { blackStallable: true });
  await move(g, g.white, 'e2e4', 1);
  await g.black.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  // The banner shows only between the drop and the next connection: watch for it.
  await g.black.page.evaluate(() => {
    window.__bannerSeen = false;
    new MutationObserver(() => {
      if (document.getElementById('connection-banner')) window.__bannerSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
    window.__stall();
  });
  await clickMove(g.black.page, 'e7e5');
  // Silence for 10 s (DEAD_AFTER, web/src/lib/socket.ts), noticed at a ping (every 3 s).
  await g.white.page.locator('.moves .move[data-ply="2"]').waitFor({ timeout: 45000 });
  assert.ok(await g.black.page.evaluate(() => window.__bannerSeen), 'the reconnecting banner was shown');
  assert.ok((await g.black.page.evaluate(() => window.__live.length)) >= 2, 'a new socket was opened');
  await g.black.page.locator('#connection-banner').waitFor({ state: 'detached', timeout: 45000 });
  await g.black.page.locator('.moves .move[data-ply="2"]').waitFor();
  assert.deepEqual(g.white.errors, []);
  assert.deepEqual(g.black.errors, []);
  await g.close();
});

test('an opponent who closed the tab is said gone at once, with the seconds until the claim; coming back clears it', async () => {
  const g = await pair('5+0');
  await move(g, g.white, 'e2e4', 1);
  await move(g, g.black, 'e7e5', 2);
  const url = g.black.page.url();
  await g.black.page.close();
  const notice = g.white.page.locator('#opponent-gone');
  await notice.waitFor();
  const seconds = async () => Number(/(\d+) segundos?/.exec(await notice.innerText())?.[1]);
  assert.match(await notice.innerText(), /^Tu rival ha salido: podrás reclamar la victoria dentro de \d+ segundos?\.$/);
  await g.white.page.locator('#announcer', { hasText: 'Tu rival ha salido' }).waitFor();
  const first = await seconds();
  assert.ok(first > 0 && first <= 15, `within the claim delay of a 5+0 game: ${first}`);
  await g.white.page.waitForFunction(
    (before) => Number(/(\d+) segundo/.exec(document.getElementById('opponent-gone')?.textContent ?? '')?.[1]) < before,
    first,
  );
  assert.equal(await g.white.page.locator('#claim-win').count(), 0, 'no claim before the countdown ends');
  assert.deepEqual(await axe(g.white.page), []);
  // Black comes back: the notice goes, and the return is announced.
  const back = await g.black.context.newPage();
  await back.goto(url);
  await notice.waitFor({ state: 'detached' });
  await g.white.page.locator('#announcer', { hasText: 'Tu rival ha vuelto' }).waitFor();
  assert.deepEqual(g.white.errors, []);
  await g.close();
});

test('at the end of the countdown the player claims the win; a spectator is told who left, without buttons', async () => {
  // White's page runs on Playwright's clock and the server on --test-clock:
  // both jump past the 15 s claim delay of a 5+0 game instead of waiting.
  const g = await seekPair(env, '5+0', { prepare: (white) => white.page.clock.install() });
  await move(g, g.white, 'e2e4', 1);
  await move(g, g.black, 'e7e5', 2);
  const watcher = await player(env.browser, { locale: 'en-US' });
  await watcher.page.goto(env.server.url + '/game/' + g.gameId);
  await watcher.page.locator('.moves .move[data-ply="2"]').waitFor();
  await g.black.page.close();

  const notice = g.white.page.locator('#opponent-gone');
  await notice.waitFor();
  assert.match(await notice.innerText(), /^Tu rival ha salido: podrás reclamar la victoria dentro de \d+ segundos?\.$/);
  await watcher.page.locator('#gone-black', { hasText: 'Black has left the game.' }).waitFor();
  await watcher.page.locator('#announcer', { hasText: 'Black has left the game.' }).waitFor();
  assert.equal(await watcher.page.locator('#claim-win, #claim-draw').count(), 0, 'a spectator has nothing to claim');

  const res = await fetch(env.server.url + '/test/clock', { method: 'POST', body: JSON.stringify({ advance: '16s' }) });
  assert.equal(res.status, 200, await res.text());
  await g.white.page.clock.fastForward(16_000);
  await g.white.page.locator('#claim-win').waitFor();
  assert.equal(await notice.innerText(), 'Tu rival ha salido: puedes reclamar la victoria o declarar tablas.');
  assert.equal(await g.white.page.locator('#claim-win').innerText(), 'Reclamar la victoria');
  assert.equal(await g.white.page.locator('#claim-draw').innerText(), 'Declarar tablas');
  await g.white.page.locator('#announcer', { hasText: 'puedes reclamar la victoria o declarar tablas' }).waitFor();
  // The jump outlasts the socket's silence limit: the page may be getting a new one.
  await g.white.page.locator('#connection-banner').waitFor({ state: 'detached', timeout: 45000 });
  assert.deepEqual(await missingTexts(g.white.page), []);
  assert.deepEqual(await axe(g.white.page), []);
  await g.white.page.locator('#claim-win').focus();
  await g.white.page.keyboard.press('Enter');
  await g.white.page.locator('#result', { hasText: 'Las blancas ganan: las negras dejaron la partida' }).waitFor();
  await watcher.page.locator('#result', { hasText: 'White wins: Black left the game' }).waitFor();
  assert.equal(await watcher.page.locator('#gone-black').count(), 0);
  assert.deepEqual(g.white.errors, []);
  await watcher.context.close();
  await g.close();
});

test('a spectator sees the game without controls; the FEN is copied, the PGN downloads', async () => {
  const g = await pair('5+0');
  const watcher = await player(env.browser, { locale: 'en-US' });
  await watcher.page.goto(env.server.url + '/game/' + g.gameId);
  await watcher.page.locator('cg-board').waitFor();
  await watcher.page.locator('#turn', { hasText: 'White to move' }).waitFor();
  await move(g, g.white, 'e2e4', 1);
  await move(g, g.black, 'e7e5', 2);
  await watcher.page.locator('.moves .move[data-ply="2"]').waitFor();
  // The chat's hide switch is the only input a spectator who may not write has.
  for (const control of ['#resign', '#draw-offer', '#abort', '#takeback-offer', 'input:not(#chat-hide)']) {
    assert.equal(await watcher.page.locator(control).count(), 0, control);
  }
  assert.match(await watcher.page.locator('#board').getAttribute('class'), /orientation-white/);
  await watcher.page.locator('#flip').click();
  await watcher.page.waitForFunction(() => document.querySelector('#board')?.classList.contains('orientation-black'));
  assert.deepEqual(await missingTexts(watcher.page), []);

  await g.white.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await g.white.page.locator('#copy-fen').click();
  await g.white.page.locator('#copied', { hasText: 'FEN copiado' }).waitFor();
  const fen = await g.white.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  const href = await g.white.page.locator('#pgn').getAttribute('href');
  const pgn = await g.white.page.request.get(env.server.url + href);
  assert.equal(pgn.status(), 200);
  assert.match(await pgn.text(), /1\. e4 .*e5/s);
  await watcher.context.close();
  await g.close();
});

test('an abort before both sides moved', async () => {
  const g = await pair('5+0');
  await g.white.page.locator('#abort').click();
  for (const p of [g.white, g.black]) await p.page.locator('#result', { hasText: 'Partida anulada' }).waitFor();
  await g.close();
});

test('a rematch, offered and accepted, takes both players to the new game', async () => {
  const g = await pair('5+0');
  await move(g, g.white, 'e2e4', 1);
  await move(g, g.black, 'e7e5', 2);
  await g.white.page.locator('#resign').click();
  await g.white.page.locator('#confirm-yes').click();
  for (const p of [g.white, g.black]) await p.page.locator('#result').waitFor();
  await g.black.page.locator('#rematch').click();
  await g.black.page.locator('#rematch-sent').waitFor();
  await g.white.page.locator('#rematch-offered').waitFor();
  await g.white.page.locator('#rematch-accept').click();
  const old = g.gameId;
  for (const p of [g.white, g.black]) await p.page.waitForURL((u) => /\/game\/\w+$/.test(u.pathname) && !u.pathname.endsWith(old));
  assert.equal(g.white.page.url(), g.black.page.url());
  // Colours swapped: the first game's white now plays black.
  await g.white.page.locator('.player-bottom .player-you').waitFor();
  assert.match(await g.white.page.locator('#board').getAttribute('class'), /orientation-black/);
  await g.close();
});

test('a game that does not exist is said in words', async () => {
  const p = await player(env.browser);
  await p.page.goto(env.server.url + '/game/nosuchgm');
  await p.page.locator('#game-missing').waitFor();
  assert.notEqual((await p.page.locator('#game-missing').innerText()).trim(), '');
  await p.page.locator('#new-game').waitFor();
  assert.deepEqual(await missingTexts(p.page), []);
  await p.context.close();
});

// The speed itself is measured by `make bench-web` (web/bench/latency.mjs) and
// recorded in docs/BENCHMARKS.md: a test checks that each move arrives and
// redraws the board, and only logs how long it took.
test('each move of the opponent redraws the board once its frame arrives', async () => {
  const g = await pair('5+0', { blackTimed: true });
  // On black's page: when a `move` frame arrives, and when the board's DOM
  // next changes (chessground draws in the following animation frame).
  await g.black.page.evaluate(() => {
    window.__lat = [];
    window.__frames = [];
    let since;
    new MutationObserver(() => {
      if (since === undefined) return;
      window.__lat.push(performance.now() - since);
      since = undefined;
    }).observe(document.querySelector('cg-board'), { subtree: true, childList: true, attributes: true });
    window.__onMoveFrame = () => (since = performance.now());
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__frames.length < 600) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5', 'c2c3', 'd7d6', 'b2b4', 'c5b6'];
  for (const [i, uci] of moves.entries()) {
    const mover = i % 2 === 0 ? g.white : g.black;
    await mover.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
    await clickMove(mover.page, uci);
    for (const p of [g.white, g.black]) await p.page.locator(`.moves .move[data-ply="${i + 1}"]`).waitFor();
  }
  const { lat, frame } = await g.black.page.evaluate(() => {
    const f = window.__frames.slice(1).sort((a, b) => a - b);
    return { lat: window.__lat, frame: f[Math.floor(f.length / 2)] };
  });
  assert.equal(lat.length, 6, `one measure per white move: ${lat}`);
  const sorted = [...lat].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`move frame → board change on the opponent's page: median ${median.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (a frame is ${frame.toFixed(1)} ms here)`);
  await g.close();
});
