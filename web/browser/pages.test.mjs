// pages.test.mjs: every page of the interface, in Spanish, at desktop
// (1280×800) and phone (360×740, touch) sizes, passes the checks every page
// must pass — axe-core with no serious or critical violation, no catalogue
// code shown instead of a text, no console error, no horizontal scrolling
// on the phone — and is saved as web/test-output/<page>-<size>.png. Then the
// language: the header's switch turns a page English and the choice stays on
// the next page; an English browser gets English by default.
//
// The pages' data is made through the HTTP API (docs/openapi.yaml): an
// account (its profile), running games (seeks paired in the lobby, two moves
// played), a game finished by the fool's mate (its replay), a challenge link;
// the home and schedule pages are also seen signed in to that account.
// A page whose route the server does not have yet (/rules, /schedule) is
// skipped, and says so.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'playwright-core';
import { suite, player, screenshot, missingTexts, axe, noHorizontalScroll } from './harness.mjs';

/** api are the API-only identities (each its own cookies) made for the run. */
const apis = [];
const data = {};

/** identity is a new API client with its own cookies (a guest at its first request). */
async function identity() {
  const c = await request.newContext({ baseURL: env.server.url, extraHTTPHeaders: { 'Accept-Language': 'es-ES' } });
  apis.push(c);
  return c;
}

/** call posts (or gets) and returns the JSON answer, failing with the server's words on a refusal. */
async function call(client, method, path, body) {
  const url = env.server.url + path; // a browser context's request has no base URL
  const res = method === 'GET' ? await client.get(url) : await client.post(url, body === undefined ? {} : { data: body });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * pair starts a game between two clients through the lobby: a's seek waits,
 * b's pairs with it. It returns the game's id and its white and black
 * clients.
 */
let pairing = Promise.resolve(); // one pairing at a time: two at once would pair across
function pair(a, b, timeControl = '5+0') {
  const next = pairing.then(() => pairNow(a, b, timeControl));
  pairing = next.catch(() => {});
  return next;
}

async function pairNow(a, b, timeControl) {
  const first = await call(a, 'POST', '/api/seek', { timeControl });
  if (first.gameId) throw new Error('the first seek paired at once with another: the lobby was not empty');
  const res = await call(b, 'POST', '/api/seek', { timeControl });
  if (!res.gameId) throw new Error('the second seek did not pair: ' + JSON.stringify(res));
  const aIsWhite = res.white.id === first.seek.owner.id;
  return { id: res.gameId, white: aIsWhite ? a : b, black: aIsWhite ? b : a };
}

/** play plays uci moves in turn, white first, over HTTP. */
async function play(g, moves) {
  for (const [i, uci] of moves.entries()) {
    await call(i % 2 === 0 ? g.white : g.black, 'POST', `/api/game/${g.id}/move/${uci}`);
  }
}

/** routed reports whether the server serves path as a page (200 HTML). */
async function routed(path) {
  const res = await fetch(env.server.url + path);
  return res.ok && (res.headers.get('content-type') ?? '').startsWith('text/html');
}

// suite starts the server and Chromium, then makes the pages' data.
const env = suite({ setup: makeData });

async function makeData() {
  // An account with a finished game in its history (the profile and the replay).
  const ana = await identity();
  data.username = 'ana_pages';
  data.password = 'caballo-alfil-torre-9';
  await call(ana, 'POST', '/api/account/signup', { username: data.username, password: data.password });
  const finished = await pair(ana, await identity());
  await play(finished, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  const end = await call(ana, 'GET', `/api/game/${finished.id}`);
  assert.notEqual(end.status, 'started', 'the fool\'s mate did not end the game: ' + JSON.stringify(end).slice(0, 300));
  data.finished = finished.id;
  // A running game to watch.
  const watched = await pair(await identity(), await identity());
  await play(watched, ['e2e4', 'e7e5']);
  data.running = watched.id;
  // A challenge link of the account's.
  data.challenge = (await call(ana, 'POST', '/api/challenge/open', { timeControl: '5+0' })).id;
  data.rules = await routed('/rules');
  data.schedule = await routed('/schedule');
}

after(async () => {
  for (const c of apis) await c.dispose().catch(() => {});
});

/**
 * views are the pages to check. path(p) returns the address to open in the
 * player p (a new browser context); a game page as a player first makes p a
 * player of a new running game through its own cookies.
 */
const views = [
  { name: 'home', path: () => '/' },
  { name: 'login', path: () => '/login' },
  { name: 'signup', path: () => '/signup' },
  { name: 'profile', path: () => '/@/' + data.username },
  {
    name: 'game-player',
    ready: 'cg-board',
    path: async (p) => {
      const g = await pair(p.page.request, await identity());
      await play(g, ['e2e4', 'e7e5']);
      return '/game/' + g.id;
    },
  },
  { name: 'game-spectator', ready: 'cg-board', path: () => '/game/' + data.running },
  { name: 'replay', path: () => '/replay/' + data.finished },
  { name: 'challenge', path: () => '/challenge/' + data.challenge },
  { name: 'rules', path: () => '/rules', when: () => data.rules },
  { name: 'schedule', path: () => '/schedule', when: () => data.schedule },
  { name: 'analysis', ready: 'cg-board', path: () => '/analysis' },
  { name: 'tournaments', path: () => '/tournaments' },
  // What an account sees where a guest is asked to sign in.
  { name: 'home-account', path: async (p) => (await logIn(p), '/') },
  { name: 'schedule-account', path: async (p) => (await logIn(p), '/schedule'), when: () => data.schedule },
  // An address with no page: the error page, whose own 404 the browser logs.
  { name: 'not-found', ready: 'section.error-page', path: () => '/no-such-page', expected: /status of 404/ },
];

/** logIn signs the player p in as the run's account (through its own cookies). */
async function logIn(p) {
  await call(p.page.request, 'POST', '/api/account/login', { username: data.username, password: data.password });
}

/** problems opens view in a new player of size and returns what fails there (empty: all good). */
async function problems(view, size) {
  const p = await player(env.browser, { size, mobile: size === 'phone' });
  try {
    const path = await view.path(p);
    await p.page.goto(env.server.url + path, { waitUntil: 'networkidle' });
    await p.page.locator('header.site').waitFor();
    const found = [];
    if (view.ready) {
      try {
        await p.page.locator(view.ready).first().waitFor();
      } catch {
        found.push(`no ${view.ready} on the page within 30 s`);
      }
    }
    const lang = await p.page.getAttribute('html', 'lang');
    if (lang !== 'es') found.push(`<html lang="${lang}">, not es`);
    for (const v of await axe(p.page)) found.push(`axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(' | ')}`);
    const missing = await missingTexts(p.page);
    if (missing.length) found.push('codes shown instead of texts: ' + missing.join(', '));
    // harness's noHorizontalScroll compares with innerWidth, which a mobile
    // viewport widens to the content's width; the viewport's own width is
    // compared too.
    const width = p.page.viewportSize().width;
    const fits = await p.page.evaluate((w) => document.documentElement.scrollWidth <= w + 1, width);
    if (size === 'phone' && (!fits || !(await noHorizontalScroll(p.page)))) {
      const widths = await p.page.evaluate((w) => {
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > w + 1)
          .slice(0, 3)
          .map((el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''));
        return `${document.documentElement.scrollWidth}px wide (${wide.join(', ')})`;
      }, width);
      found.push('horizontal scroll at 360 px: ' + widths);
    }
    await screenshot(p.page, `${view.name}-${size}`);
    for (const e of p.errors) if (!view.expected?.test(e)) found.push('console error: ' + e);
    return found;
  } finally {
    await p.context.close();
  }
}

// The two sizes of a page are opened side by side (two contexts), to keep
// the file's run short.
for (const view of views) {
  test(`page ${view.name}`, { concurrency: 2 }, async (t) => {
    if (view.when && !view.when()) {
      t.skip(`the server has no route for ${view.name} yet`);
      return;
    }
    await Promise.all(
      ['desktop', 'phone'].map((size) =>
        t.test(size, async () => {
          const found = await problems(view, size);
          assert.deepEqual(found, [], `${view.name}-${size} (screenshot web/test-output/${view.name}-${size}.png):\n  ${found.join('\n  ')}`);
        }),
      ),
    );
  });
}

test('the header switches to English, and the next page stays English', async () => {
  const p = await player(env.browser);
  try {
    await p.page.goto(env.server.url + '/', { waitUntil: 'networkidle' });
    assert.equal(await p.page.getAttribute('html', 'lang'), 'es');
    await Promise.all([p.page.waitForEvent('load'), p.page.locator('#lang-switch').click()]);
    await p.page.locator('header.site').waitFor();
    assert.equal(await p.page.getAttribute('html', 'lang'), 'en');
    await p.page.waitForLoadState('networkidle');
    assert.deepEqual(await missingTexts(p.page), []);
    await screenshot(p.page, 'home-desktop-en');
    await p.page.goto(env.server.url + '/login', { waitUntil: 'networkidle' });
    await p.page.locator('header.site').waitFor();
    assert.equal(await p.page.getAttribute('html', 'lang'), 'en', 'the next page forgot the English choice');
    assert.deepEqual(await missingTexts(p.page), []);
    const cookie = (await p.context.cookies()).find((c) => c.name === 'joinpal_lang');
    assert.equal(cookie?.value, 'en');
    assert.deepEqual(p.errors, []);
  } finally {
    await p.context.close();
  }
});

test('an English browser gets English by default', async () => {
  const p = await player(env.browser, { locale: 'en-US' });
  try {
    await p.page.goto(env.server.url + '/', { waitUntil: 'networkidle' });
    await p.page.locator('header.site').waitFor();
    assert.equal(await p.page.getAttribute('html', 'lang'), 'en');
    assert.equal(await p.page.locator('#lang-switch').getAttribute('lang'), 'es', 'the switch offers Spanish');
    assert.deepEqual(await missingTexts(p.page), []);
    assert.deepEqual(p.errors, []);
  } finally {
    await p.context.close();
  }
});
