// replay.test.mjs: a finished game replayed move by move in pgn-viewer —
// the header says the players and the result in words, the buttons and
// the arrow keys step through the moves, its texts are Spanish, no link
// leads to lichess.org, the PGN downloads — and every request the page
// makes goes to the test server's origin; its accessible board names its
// squares in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, screenshot, seekPair, playAndWait } from './harness.mjs';
import { signUp, challenge, play, foolsMate } from './account.fixture.mjs';

let carla, dario, id;
const env = suite({
  setup: async () => {
    carla = await player(env.browser);
    dario = await player(env.browser);
    await signUp(carla.context, env.server.url, 'carla');
    await signUp(dario.context, env.server.url, 'dario');
    id = await challenge(env.server.url, carla.context, 'dario', dario.context, { timeControl: '3+2', color: 'white', rated: false });
    await play(env.server.url, id, carla.context, dario.context, foolsMate);
  },
});

/** current is the SAN of the move the viewer shows, '' at the start. */
const current = (page) => page.evaluate(() => document.querySelector('.lpv__moves .move.current')?.textContent ?? '');

/** stepTo waits until the viewer shows san. */
const stepTo = (page, san) =>
  page.waitForFunction((san) => (document.querySelector('.lpv__moves .move.current')?.textContent ?? '') === san, san);

/**
 * squares waits until the viewer's board has n squares of class cls
 * (chessground draws the board in an animation frame of its own, which
 * may come after the move list shows the move).
 */
const squares = (page, cls, n) =>
  page.waitForFunction(([cls, n]) => document.querySelectorAll(`.lpv cg-board square.${cls}`).length === n, [cls, n]);

test('the replay steps through the moves, in Spanish, and asks nothing of another site', async () => {
  const { page, errors } = dario;
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(env.server.url + '/replay/' + id);
  await page.locator('.lpv cg-board piece').first().waitFor();

  // The header: players, the result in words, the clock.
  assert.equal(await page.locator('#replay-title').textContent(), '○Blancas: carla contra ●Negras: dario');
  assert.equal(await page.locator('#replay-result').innerText(), 'Las negras ganan por jaque mate');
  assert.match(await page.locator('.replay-head p.muted').innerText(), /^3\+2 · Relámpago · Amistosa · \d{1,2} \S+ \d{4}, \d{1,2}:\d\d$/);
  assert.equal(await page.locator('#replay-opening').innerText(), 'Apertura: A00 Apertura Barnes: Mate del Loco');

  // dario played black: his board has black at the bottom.
  assert.match(await page.locator('.lpv .cg-wrap').getAttribute('class'), /orientation-black/);
  assert.deepEqual(await page.locator('.lpv__moves .move').allInnerTexts(), ['f3', 'e5', 'g4', 'Dh4#']);
  assert.equal(await page.locator('.lpv__moves comment.result').innerText(), '0-1');
  assert.equal(await page.locator('.lpv__moves comment:not(.result)').count(), 0, "the server's English comment is not shown");

  // Step with the buttons: next, next, back.
  assert.equal(await current(page), '');
  const next = page.locator('.lpv__controls__goto--next');
  const prev = page.locator('.lpv__controls__goto--prev');
  assert.equal(await next.getAttribute('aria-label'), 'Jugada siguiente');
  assert.equal(await prev.getAttribute('aria-label'), 'Jugada anterior');
  await next.click();
  await stepTo(page, 'f3');
  await next.click();
  await stepTo(page, 'e5');
  await squares(page, 'last-move', 2);
  await prev.click();
  await stepTo(page, 'f3');
  // The arrow keys on the viewer, and Enter on a focused button.
  await page.locator('.lpv').focus();
  await page.keyboard.press('ArrowRight');
  await stepTo(page, 'e5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await stepTo(page, 'Dh4#');
  await page.waitForFunction(() => document.querySelector('.lpv__controls__goto--next')?.disabled === true);
  await prev.focus();
  const ring = await prev.evaluate((b) => (b.matches(':focus-visible') ? getComputedStyle(b).outlineStyle : 'solid'));
  assert.notEqual(ring, 'none', 'a focused button shows its focus');
  await page.keyboard.press('Enter');
  await stepTo(page, 'g4');
  // A move of the list.
  await page.locator('.lpv__moves .move', { hasText: 'Dh4#' }).click();
  await stepTo(page, 'Dh4#');
  await squares(page, 'check', 1);
  await screenshot(page, 'replay-desktop');

  // The viewer's menu: its own texts in Spanish, nothing of lichess.
  await page.locator('.lpv__controls__menu').click();
  await page.locator('.lpv__menu').waitFor();
  const entries = await page.locator('.lpv__menu .lpv__menu__entry').allInnerTexts();
  assert.ok(entries.includes('Girar el tablero'), entries.join(' | '));
  assert.ok(entries.includes('Ver el PGN'), entries.join(' | '));
  assert.equal(await page.locator('a[href*="lichess"]').count(), 0, 'no link to lichess');
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.href));
  for (const href of hrefs) assert.ok(href.startsWith(env.server.url + '/') || href.startsWith('blob:'), 'a link off the site: ' + href);
  await page.keyboard.press('Escape');
  await page.locator('.lpv__menu').waitFor({ state: 'detached' });

  // The PGN to download.
  const download = page.locator('#replay-download');
  assert.equal(await download.innerText(), 'Descargar el PGN');
  assert.equal(await download.getAttribute('href'), `/api/game/${id}/pgn`);
  const pgn = await page.request.get(env.server.url + `/api/game/${id}/pgn`);
  assert.equal(pgn.status(), 200);
  assert.match(await pgn.text(), /\[Result "0-1"\][\s\S]*Qh4#/);

  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);
  const off = requests.filter((u) => !u.startsWith(env.server.url + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
  assert.deepEqual(off, [], 'every request goes to the test server');
  assert.ok(requests.some((u) => u.endsWith(`/api/game/${id}/pgn`)), 'the viewer was fed the PGN');
});

test('the replay fits a phone', async () => {
  const { page, errors, context } = await player(env.browser, { size: 'phone', mobile: true });
  await page.goto(env.server.url + '/replay/' + id);
  await page.locator('.lpv cg-board piece').first().waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 361), 'no horizontal scrolling at 360 px');
  const board = await page.locator('.lpv cg-board').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 360, `the board fills the width: ${JSON.stringify(board)}`);
  await page.locator('.lpv__controls__goto--next').tap();
  await stepTo(page, 'f3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the replay of a game still going on links to it live', async () => {
  const live = await challenge(env.server.url, carla.context, 'dario', dario.context, { timeControl: '10+0', color: 'black', rated: false });
  await play(env.server.url, live, dario.context, carla.context, ['e2e4', 'c7c5', 'g1f3']);
  const { page, errors } = carla;
  await page.goto(env.server.url + '/replay/' + live);
  await page.locator('.lpv cg-board piece').first().waitFor();
  assert.equal(await page.locator('#replay-result').innerText(), 'En curso');
  assert.equal(await page.locator('#replay-live').getAttribute('href'), '/game/' + live);
  assert.equal(await page.title(), 'dario contra carla · Repetición · JoinPal');
  assert.deepEqual(await page.locator('.lpv__moves .move').allInnerTexts(), ['e4', 'c5', 'Cf3']);
  assert.match(await page.locator('.lpv .cg-wrap').getAttribute('class'), /orientation-black/, 'carla plays black');
  assert.deepEqual(errors, []);
});

test('the home page loads no part of the viewer', async () => {
  const { page, errors, context } = await player(env.browser);
  const scripts = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r);
  });
  await page.goto(env.server.url + '/');
  await page.locator('header.site').waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0);
  for (const r of scripts) assert.ok(!(await r.text()).includes('lpv__'), 'pgn-viewer in ' + r.url());
  assert.deepEqual(errors, []);
  await context.close();
});

test('the replay of a game that does not exist says so', async () => {
  const { page, errors, context } = await player(env.browser, { locale: 'en-US' });
  await page.goto(env.server.url + '/replay/nosuchgm');
  await page.locator('#replay-error').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'Game replay');
  assert.match(await page.locator('#replay-error').innerText(), /game/i);
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});

test("the replay's accessible board names its squares as the page's language says them", async () => {
  const g = await seekPair(env, '5+0');
  try {
    await playAndWait(g, g.white, 'e2e4', 1);
    await g.black.page.locator('#resign').click();
    await g.black.page.locator('#confirm-yes').click();
    await g.white.page.locator('#result').waitFor();
    const page = g.white.page;
    await page.goto(env.server.url + '/replay/' + g.gameId);
    const a8 = page.locator('.lpv [role=gridcell]').first();
    await page.waitForFunction(() => document.querySelector('.lpv [role=gridcell]')?.getAttribute('aria-label') === 'a8: torre negra');
    assert.equal(await a8.innerText(), 'a8: torre negra');
    // Stepping to 1. e4 renames the squares the move changed.
    await page.locator('.lpv__moves .move').first().click();
    const cell = (sq) => page.locator('.lpv [role=gridcell]').nth((8 - Number(sq[1])) * 8 + sq.charCodeAt(0) - 97);
    await page.waitForFunction(() => [...document.querySelectorAll('.lpv [role=gridcell]')][36]?.getAttribute('aria-label') === 'e4: peón blanco');
    assert.equal(await cell('e2').getAttribute('aria-label'), 'e2: vacía');
  } finally {
    await g.close();
  }
});
