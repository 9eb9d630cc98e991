// settings.test.mjs: the settings page (/settings) and what it changes.
// A guest's settings live in localStorage and survive a reload; the board
// theme and the piece set show on a game's board; auto-queen "always"
// promotes without the picker; resigning asks twice only while the
// confirmation is on; a move waits for confirmation when asked; zen mode
// hides the side panels; an account's settings are kept in the account;
// the language setting reloads the page in that language; axe passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, player, clickMove, screenshot, missingTexts, axe, noHorizontalScroll } from './harness.mjs';
import { accounts, play } from './account.fixture.mjs';

const env = suite();

/** stored returns the settings a guest's page keeps in localStorage (null if none). */
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('joinpal.settings') || 'null'));

/** choose opens the settings page in p's context and makes the choices: data-testid of radios, or ids of checkboxes to turn (on: true/false). */
async function choose(p, { radios = [], checks = {} } = {}) {
  await p.page.goto(env.server.url + '/settings');
  await p.page.locator('#settings-board cg-board').waitFor();
  for (const id of radios) await p.page.locator(`[data-testid="${id}"]`).check();
  for (const [id, on] of Object.entries(checks)) await p.page.locator('#' + id).setChecked(on);
}

/** result waits for the game's result and returns it. */
const result = async (page) => page.locator('#result').innerText();

test("a guest's settings: chosen on the page, kept in this browser, shown at once", async () => {
  const p = await player(env.browser);
  await choose(p, { radios: ['board-blue', 'pieces-dejavu'] });
  const html = await p.page.evaluate(() => ({ ...document.documentElement.dataset }));
  assert.equal(html.board, 'blue');
  assert.equal(html.pieces, 'dejavu');
  // The preview board shows them.
  const bg = await p.page.locator('#settings-board cg-board').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(bg, /8ca2ad/);
  const piece = await p.page.locator('#settings-board piece.king.white').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(piece, /\/assets\/wK-[A-Z0-9]+\.svg/);
  assert.equal((await stored(p.page)).board, 'blue');
  await p.page.reload();
  await p.page.locator('#settings-board cg-board').waitFor();
  assert.equal(await p.page.locator('[data-testid="board-blue"]').isChecked(), true);
  assert.equal(await p.page.locator('[data-testid="pieces-dejavu"]').isChecked(), true);
  assert.equal(await p.page.evaluate(() => document.documentElement.dataset.pieces), 'dejavu');
  // The piece sets' licences are served.
  for (const set of ['cburnett', 'dejavu', 'letter']) {
    const res = await p.page.request.get(env.server.url + `/assets/licenses/pieces-${set}.LICENSE.txt`);
    assert.equal(res.status(), 200, set);
  }
  assert.deepEqual(await missingTexts(p.page), []);
  await axe(p.page);
  await screenshot(p.page, 'settings-guest');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('the board theme and the piece set on a game; auto-queen promotes without asking', async () => {
  const g = await seekPair(env, '5+0', {
    prepare: (white) => choose(white, { radios: ['board-green', 'pieces-letter', 'autoQueen-always'] }),
  });
  const bg = await g.white.page.locator('#board cg-board').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(bg, /86a666/);
  const piece = await g.white.page.locator('#board piece.queen.white').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(piece, /\/assets\/wQ-[A-Z0-9]+\.svg/);
  // Black keeps the defaults: chessground's brown board and cburnett pieces.
  const black = await g.black.page.locator('#board piece.queen.white').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(black, /^url\("data:image\/svg\+xml/);
  await play(env.server.url, g.gameId, g.white.context, g.black.context, ['h2h4', 'g7g5', 'h4g5', 'h7h6', 'g5h6', 'g8f6', 'h6h7', 'h8g8']);
  await g.white.page.locator('.moves .move[data-ply="8"]').waitFor();
  await clickMove(g.white.page, 'h7g8');
  for (const p of [g.white, g.black]) await p.page.locator('.moves .move[data-ply="9"]').waitFor();
  assert.equal(await g.white.page.locator('#promotion').count(), 0);
  assert.equal(await g.black.page.locator('.moves .move[data-ply="9"]').innerText(), 'hxg8=D');
  await screenshot(g.white.page, 'settings-game-green-letter');
  await g.close();
});

test('resigning asks twice while the confirmation is on, and at once when it is off; a move waits for its confirmation', async () => {
  const g = await seekPair(env, '5+0', {
    prepare: (white) => choose(white, { checks: { 'setting-confirmResign': false, 'setting-confirmMove': true } }),
  });
  // White confirms moves: the move shows, and only the confirmation sends it.
  await clickMove(g.white.page, 'e2e4');
  await g.white.page.locator('#move-confirm').waitFor();
  await g.white.page.waitForFunction(() => document.activeElement?.id === 'move-confirm-yes');
  assert.equal(await g.black.page.locator('.moves .move[data-ply="1"]').count(), 0);
  await axe(g.white.page);
  await g.white.page.locator('#move-confirm-no').click();
  await g.white.page.locator('#move-confirm').waitFor({ state: 'detached' });
  await clickMove(g.white.page, 'd2d4');
  await g.white.page.locator('#move-confirm-yes').click();
  for (const p of [g.white, g.black]) await p.page.locator('.moves .move[data-ply="1"]').waitFor();
  assert.equal(await g.black.page.locator('.moves .move[data-ply="1"]').innerText(), 'd4');
  const reply = await g.black.context.request.post(env.server.url + `/api/game/${g.gameId}/move/d7d5`, { data: {} });
  assert.equal(reply.status(), 200, await reply.text());
  await g.white.page.locator('.moves .move[data-ply="2"]').waitFor();
  // Black has the default: a second question.
  await g.black.page.locator('#resign').click();
  await g.black.page.locator('#confirm').waitFor();
  await g.black.page.locator('#confirm-no').click();
  await g.black.page.locator('#confirm').waitFor({ state: 'detached' });
  // White turned it off: one click resigns.
  await g.white.page.locator('#resign').click();
  const want = 'Las negras ganan: las blancas abandonaron';
  assert.equal(await result(g.white.page), want);
  assert.equal(await result(g.black.page), want);
  assert.equal(await g.white.page.locator('#confirm').count(), 0);
  await g.close();
});

test('zen mode hides everything but the board, the clocks and the buttons', async () => {
  const g = await seekPair(env, '5+0');
  // White turns zen on in another tab of the same browser, and comes back to the game.
  const tab = await g.white.context.newPage();
  await choose({ page: tab }, { checks: { 'setting-zen': true } });
  await tab.close();
  const w = g.white.page;
  await w.reload();
  await w.locator('#app.zen #board cg-board').waitFor();
  for (const sel of ['header.site', '.moves-box', '.game-tools', '.player-line']) assert.equal(await w.locator(sel).first().isVisible(), false, sel);
  for (const sel of ['#board', '#clock-white', '#clock-black', '#resign', '#zen-exit']) assert.equal(await w.locator(sel).isVisible(), true, sel);
  // Black did not choose it.
  assert.equal(await g.black.page.locator('.moves-box').isVisible(), true);
  await axe(w);
  await screenshot(w, 'settings-zen');
  await w.locator('#zen-exit').click();
  await w.locator('.moves-box').waitFor({ state: 'visible' });
  await g.close();
});

test("an account's settings are kept in the account", async () => {
  const [a] = await accounts(env, 'ajustes_ana');
  await a.page.goto(env.server.url + '/settings');
  await a.page.locator('#settings-where').waitFor();
  const saved = a.page.waitForResponse((r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'PUT');
  await a.page.locator('[data-testid="board-green"]').check();
  assert.equal((await saved).status(), 200);
  const res = await a.page.request.get(env.server.url + '/api/account/settings');
  assert.equal((await res.json()).board, 'green');
  assert.equal(await stored(a.page), null);
  // Another browser of the same account: same settings, from the page's boot data.
  const other = await a.context.browser().newContext({ storageState: await a.context.storageState(), locale: 'es-ES' });
  const page = await other.newPage();
  await page.evaluate(() => 0);
  await page.goto(env.server.url + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.server.url + '/settings');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.board), 'green');
  await other.close();
  await a.context.close();
});

test('the settings page on a phone: nothing scrolls sideways', async () => {
  const p = await player(env.browser, { size: 'phone', mobile: true });
  await p.page.goto(env.server.url + '/settings');
  await p.page.locator('#settings-board cg-board').waitFor();
  assert.equal(await noHorizontalScroll(p.page), true);
  await axe(p.page);
  await screenshot(p.page, 'settings-phone');
  await p.context.close();
});

test('the language setting reloads the page in that language', async () => {
  const p = await player(env.browser);
  await p.page.goto(env.server.url + '/settings');
  assert.equal(await p.page.locator('h1').innerText(), 'Ajustes');
  await Promise.all([p.page.waitForEvent('load'), p.page.locator('#setting-lang').selectOption('en')]);
  await p.page.locator('h1', { hasText: 'Settings' }).waitFor();
  assert.equal(await p.page.getAttribute('html', 'lang'), 'en');
  await p.context.close();
});
