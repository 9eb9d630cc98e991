// review.test.mjs: the review page of a finished game (/replay/{id}) —
// the fool's mate, where White's g4 is the blunder. A player asks for the
// computer analysis, sees its progress, then the blunder marked ?? in the
// moves, the evaluation graph (clicked, and stepped with the keyboard),
// each side's accuracy, the way to White's mistake with the engine's
// better move drawn on the board, the moves in Spanish letters, and the
// link to the analysis board. A game still being played shows its players
// neither the button nor the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, screenshot } from './harness.mjs';
import { accounts, challenge, play, foolsMate } from './account.fixture.mjs';

let ana, beto, id;
const env = suite({
  setup: async () => {
    [ana, beto] = await accounts(env, 'ana', 'beto');
    id = await challenge(env.server.url, ana.context, 'beto', beto.context, { timeControl: '5+0', color: 'white', rated: false });
    await play(env.server.url, id, ana.context, beto.context, foolsMate);
  },
});

/** current is the move the viewer shows, as written in its list ('' at the start). */
const current = (page) => page.evaluate(() => document.querySelector('.lpv__moves .move.current')?.textContent ?? '');

test('the review page asks for the analysis and shows the blunder, the graph and the accuracy', async () => {
  const { page, errors } = beto;
  await page.goto(env.server.url + '/replay/' + id);
  await page.locator('.lpv cg-board piece').first().waitFor();
  // Spanish piece letters in the replay's moves.
  assert.deepEqual(await page.locator('.lpv__moves .move').allInnerTexts(), ['f3', 'e5', 'g4', 'Dh4#']);

  const ask = page.locator('#review-request');
  assert.equal(await ask.innerText(), 'Solicitar análisis por ordenador');
  await ask.click();
  // Queued or running, then done: the page follows it by itself.
  await page.locator('#review-graph').waitFor({ timeout: 30000 });

  // The blunder, marked in the moves with its colour.
  const g4 = page.locator('.lpv__moves .move.blunder');
  await g4.waitFor();
  assert.equal((await g4.innerText()).replace(/\s/g, ''), 'g4??');
  assert.notEqual(
    await g4.evaluate((el) => getComputedStyle(el).color),
    await page.locator('.lpv__moves .move').last().evaluate((el) => getComputedStyle(el).color),
    'the blunder has its colour',
  );

  // Accuracy, average loss and counts per side.
  const row = (name) => page.locator(`#review-summary tr[data-row="${name}"] td`).allInnerTexts();
  const accuracy = await row('accuracy');
  assert.equal(accuracy.length, 2);
  for (const a of accuracy) assert.match(a, /^\d{1,3} %$/);
  assert.equal((await row('blunder_plural'))[0], '1', "White's one blunder");
  assert.match(await page.locator('#review-graph figcaption').innerText(), /errores graves: 2\. g4/);

  // White's next mistake: the position before g4, the better move and g4 drawn as arrows.
  await page.locator('.review-nav-side[data-side="white"] .review-next').click();
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '2');
  assert.equal(await current(page), 'e5');
  assert.match(await page.locator('#review-advice').innerText(), /^Desde aquí se jugó 2\. g4\?\? \(error grave\); mejor era \S+\.$/);
  await page.waitForFunction(() => document.querySelectorAll('.lpv svg.cg-shapes g').length >= 2);
  await screenshot(page, 'review-desktop');

  // The graph by keyboard: Home, End, arrows; the viewer follows.
  const graph = page.locator('.review-graph-box');
  await graph.focus();
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '0');
  assert.equal(await current(page), '');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '1');
  assert.match(await current(page), /^f3/);
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '4');
  assert.match(await graph.getAttribute('aria-valuetext'), /^2… Dh4#: jaque mate$/);
  // A click on the graph's left edge: the start.
  await graph.click({ position: { x: 2, y: 60 } });
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '0');

  // The analysis board at the position shown.
  await page.locator('.lpv__controls__goto--next').click();
  await page.waitForFunction(() => document.querySelector('.review-graph-box')?.getAttribute('aria-valuenow') === '1');
  const href = await page.locator('#review-analyse').getAttribute('href');
  const u = new URL(href, env.server.url);
  assert.equal(u.pathname, '/analysis');
  assert.equal(u.searchParams.get('moves'), 'f2f3');
  assert.equal(u.searchParams.get('fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');

  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);

  // The other player, later: the analysis is there, no button.
  await ana.page.goto(env.server.url + '/replay/' + id);
  await ana.page.locator('#review-graph').waitFor();
  assert.equal(await ana.page.locator('#review-request').count(), 0);
});

test('a visitor asks for the analysis as a guest', async () => {
  const resigned = await challenge(env.server.url, ana.context, 'beto', beto.context, { timeControl: '10+0', color: 'white', rated: false });
  await play(env.server.url, resigned, ana.context, beto.context, ['e2e4', 'e7e5']);
  const r = await ana.context.request.post(env.server.url + `/api/game/${resigned}/resign`, { data: {} });
  assert.equal(r.status(), 200, await r.text());
  const { page, errors, context } = await player(env.browser);
  await page.goto(env.server.url + '/replay/' + resigned);
  await page.locator('#review-request').click();
  await page.locator('#review-graph').waitFor({ timeout: 30000 });
  assert.equal((await page.locator('#review-summary tr[data-row="accuracy"] td').allInnerTexts()).length, 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game being played shows its players no analysis and no analysis board', async () => {
  const live = await challenge(env.server.url, ana.context, 'beto', beto.context, { timeControl: '10+0', color: 'white', rated: false });
  await play(env.server.url, live, ana.context, beto.context, ['e2e4', 'e7e5']);
  const { page, errors } = ana;
  await page.goto(env.server.url + '/replay/' + live);
  await page.locator('.lpv cg-board piece').first().waitFor();
  await page.locator('#review-live').waitFor();
  assert.equal(await page.locator('#review-request').count(), 0);
  assert.equal(await page.locator('#review-analyse').count(), 0);
  assert.equal(await page.locator('a[href^="/analysis"]').count(), 0);
  const res = await page.request.post(env.server.url + `/api/game/${live}/analysis`, { data: {} });
  assert.equal(res.status(), 409);
  assert.equal((await res.json()).code, 'analysis.game_in_progress');
  assert.deepEqual(errors, []);
});
