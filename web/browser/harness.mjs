// harness.mjs is what every browser test shares: a real JoinPal server
// (bin/joinpal serve, on a random port, with its own SQLite file), Debian's
// Chromium driven by playwright-core, players in their own browser
// contexts, clicks on the board's squares, screenshots under
// web/test-output/, and the checks every page must pass (no code shown
// instead of a text, axe-core without serious violations).
import { spawn } from 'node:child_process';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** root is the repository's root. */
export const root = join(here, '..', '..');
/** output is where screenshots go (not committed). */
export const output = process.env.JOINPAL_TEST_OUTPUT || join(root, 'web', 'test-output');

/**
 * startServer starts `joinpal serve` on a free port of 127.0.0.1 with a new
 * SQLite file, and resolves once it is ready (/healthz answers 200).
 * extraArgs go to serve. stop() sends SIGTERM and waits for the exit.
 */
export async function startServer(extraArgs = []) {
  const bin = process.env.JOINPAL_BIN || join(root, 'bin', 'joinpal');
  const dir = mkdtempSync(join(tmpdir(), 'joinpal-browser-'));
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'joinpal.db'), '--log-format', 'json', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const addr = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('joinpal serve did not listen within 60 s:\n' + log)), 60000);
    const onData = (chunk) => {
      log += chunk;
      for (const line of log.split('\n')) {
        if (!line.includes('joinpal: listening')) continue;
        try {
          const rec = JSON.parse(line);
          clearTimeout(timer);
          resolve(rec.addr);
          return;
        } catch {}
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`joinpal serve exited (${code}):\n${log}`)));
  });
  const url = `http://${addr}`;
  for (const deadline = Date.now() + 60000; ; ) {
    try {
      const res = await fetch(url + '/healthz');
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`joinpal serve at ${url} did not answer /healthz within 60 s:\n` + log);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    proc,
    dir,
    log: () => log,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * suite gives a test file its server (started with serve's extra args) and
 * its Chromium: it registers node:test's before and after hooks (start
 * both, then run setup(env) if given; close the browser, stop the server)
 * and returns the object whose server and browser the before hook sets,
 * for the tests to use as env.server and env.browser. A file's own data
 * goes in setup rather than in a before hook of its own: Node 20 starts
 * top-level before hooks at once, without waiting for the one before.
 */
export function suite({ args = [], setup } = {}) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(args);
    env.browser = await launch();
    if (setup) await setup(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * chromiumPath is the browser the tests drive: $CHROMIUM if set, else
 * Debian's chromium-headless-shell (the headless-only build Playwright
 * itself prefers for headless runs: a new context costs it a quarter of the
 * CPU the full browser spends), else Debian's full chromium.
 */
export const chromiumPath =
  process.env.CHROMIUM || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** fullChromium is Debian's full browser ($CHROMIUM if set), for measurements of what a player's browser does. */
export const fullChromium = process.env.CHROMIUM || '/usr/bin/chromium';

/** launch starts Debian's Chromium headless: the browser at path, chromiumPath unless given. */
export async function launch(path = chromiumPath) {
  return chromium.launch({
    executablePath: path,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Sizes are the viewports the pages are tried at. */
export const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
};

/**
 * player opens a new browser context (its own cookies: its own guest or
 * user) and a page in it. locale is the browser's language ("es-ES" by
 * default, so Accept-Language asks for Spanish).
 */
export async function player(browser, { locale = 'es-ES', size = 'desktop', mobile = false } = {}) {
  const context = await browser.newContext({
    locale,
    viewport: sizes[size],
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * seekPair makes two guests (players of their own contexts, with the
 * options white and black) seek the time control tc, white's seek first,
 * so that the lobby pairs them, and opens the game page in both. prepare,
 * when given, runs on the two players before they seek (to set up their
 * contexts). It resolves once both pages show their side:
 * { white, black, gameId, close }.
 */
export async function seekPair(env, tc = '5+0', { white: whiteOpts, black: blackOpts, prepare } = {}) {
  const white = await player(env.browser, whiteOpts);
  const black = await player(env.browser, blackOpts);
  if (prepare) await prepare(white, black);
  const first = await white.page.request.post(env.server.url + '/api/seek', { data: { timeControl: tc, color: 'white' } });
  assert.equal(first.status(), 201, await first.text());
  const second = await black.page.request.post(env.server.url + '/api/seek', { data: { timeControl: tc, color: 'black' } });
  assert.equal(second.status(), 201, await second.text());
  const { gameId } = await second.json();
  assert.ok(gameId, 'the second seek paired');
  for (const p of [white, black]) {
    await p.page.goto(env.server.url + '/game/' + gameId);
    await p.page.locator('cg-board').waitFor();
    await p.page.locator('.player-bottom .player-you').waitFor();
  }
  return { white, black, gameId, close: () => Promise.all([white.context.close(), black.context.close()]) };
}

/** squareCenter returns the page coordinates of square's centre ("e2") on the page's board. */
export async function squareCenter(page, square, boardSelector = 'cg-board') {
  const board = page.locator(boardSelector).first();
  const box = await board.boundingBox();
  if (!box) throw new Error('no board on the page');
  const orientation = (await page.locator('.cg-wrap').first().getAttribute('class'))?.includes('orientation-black') ? 'black' : 'white';
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = box.width / 8;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  return { x: box.x + size * (col + 0.5), y: box.y + size * (row + 0.5) };
}

/** clickSquare clicks square on the page's board. */
export async function clickSquare(page, square, boardSelector) {
  const { x, y } = await squareCenter(page, square, boardSelector);
  await page.mouse.click(x, y);
}

/** clickMove plays a move by clicking its two squares ("e2e4"). */
export async function clickMove(page, uci, boardSelector) {
  await clickSquare(page, uci.slice(0, 2), boardSelector);
  await clickSquare(page, uci.slice(2, 4), boardSelector);
}

/**
 * playAndWait plays uci by clicking on mover's page once it is mover's
 * turn, and waits until both pages of the pair g show it as ply.
 */
export async function playAndWait(g, mover, uci, ply) {
  await mover.page.locator('.player-bottom .player-turn').waitFor();
  await clickMove(mover.page, uci);
  for (const p of [g.white, g.black]) await p.page.locator(`.moves .move[data-ply="${ply}"]`).waitFor();
}

/** dragMove plays a move by dragging its piece. */
export async function dragMove(page, uci, boardSelector) {
  const from = await squareCenter(page, uci.slice(0, 2), boardSelector);
  const to = await squareCenter(page, uci.slice(2, 4), boardSelector);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** screenshot saves the page as web/test-output/<name>.png. */
export async function screenshot(page, name) {
  mkdirSync(output, { recursive: true });
  await page.screenshot({ path: join(output, name + '.png'), fullPage: true });
}

/**
 * missingTexts returns the catalogue codes the page shows instead of a
 * text (a missing translation renders as its code: "ui.game.resign").
 */
export async function missingTexts(page) {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
  return [...new Set(text.match(/\bui\.[a-z0-9_]+(\.[a-z0-9_]+)+\b/g) ?? [])];
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe runs axe-core on the page (WCAG 2.1 A and AA rules) and returns the
 * violations of impact "serious" or "critical".
 */
export async function axe(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * noHorizontalScroll reports whether the page fits the width its context
 * was given (a mobile viewport would otherwise widen to fit the content).
 */
export async function noHorizontalScroll(page) {
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate((w) => document.documentElement.scrollWidth <= w + 1 && window.innerWidth <= w + 1, width);
}
