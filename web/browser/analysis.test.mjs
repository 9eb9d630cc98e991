// analysis.test.mjs: the analysis board (/analysis) — a position from a
// FEN, moves played on the board and a variation, the move tree walked
// with the keyboard (← → along the line, ↑ ↓ between variations), a
// comment, the PGN exported with its variation and comment and imported
// back; the engine switched on shows its depth and lines, switched off
// they stop; the page is cross-origin isolated for it, and loads its
// engine only when switched on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, screenshot, clickMove } from './harness.mjs';

const env = suite();

/** hasMoves waits until the move tree's buttons, as written, are list. */
const hasMoves = (page, list) =>
  page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('#analysis-moves .analysis-move')].map((b) => b.textContent)) === want, JSON.stringify(list));
/** shows waits until the move tree shows san as the current move ('' for the start). */
const shows = (page, san) =>
  page.waitForFunction((san) => (document.querySelector('#analysis-moves .analysis-move.current')?.textContent ?? '') === san, san);

test('the analysis board plays variations from a FEN, walks them by keyboard and exports its PGN', async () => {
  const { page, errors, context } = await player(env.browser);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  // The Italian: White to play.
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
  await page.goto(env.server.url + '/analysis?fen=' + encodeURIComponent(fen));
  await page.locator('.analysis-board cg-board piece').first().waitFor();
  assert.equal(await page.title(), 'Tablero de análisis · JoinPal');
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the page is cross-origin isolated');
  assert.equal(await page.inputValue('#analysis-fen'), fen);

  // Two moves, back one, another: a variation.
  await clickMove(page, 'g8f6', '.analysis-board cg-board');
  await shows(page, 'Cf6');
  await clickMove(page, 'f3g5', '.analysis-board cg-board');
  await shows(page, 'Cg5');
  await page.keyboard.press('ArrowLeft');
  await shows(page, 'Cf6');
  await clickMove(page, 'd2d3', '.analysis-board cg-board');
  await shows(page, 'd3');
  await hasMoves(page, ['Cf6', 'Cg5', 'd3']);
  assert.equal(await page.locator('#analysis-moves .analysis-variation').count(), 1);
  // Numbered from the FEN's move: 3… Cf6 4. Cg5 (4. d3).
  assert.equal((await page.locator('#analysis-moves').innerText()).replace(/\s+/g, ''), '3…Cf64.Cg5(4.d3)');

  // The keyboard: ↑ to the main line, ↓ back to the variation, ← and Home, End.
  await page.keyboard.press('ArrowUp');
  await shows(page, 'Cg5');
  await page.keyboard.press('ArrowDown');
  await shows(page, 'd3');
  await page.keyboard.press('Home');
  await shows(page, '');
  await page.keyboard.press('End');
  await shows(page, 'Cg5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await shows(page, '');
  await page.keyboard.press('ArrowRight');
  await shows(page, 'Cf6');
  // A move button is a button: focus it and Enter.
  await page.locator('#analysis-moves .analysis-move', { hasText: 'd3' }).focus();
  await page.keyboard.press('Enter');
  await shows(page, 'd3');

  // A comment on d3, then the PGN.
  await page.locator('#analysis-comment').fill('más tranquila');
  await page.locator('#analysis-export').click();
  const pgn = await page.inputValue('#analysis-pgn-out');
  assert.match(pgn, /\[FEN "r1bqkbnr\/pppp1ppp\/2n5\/4p3\/2B1P3\/5N2\/PPPP1PPP\/RNBQK2R b KQkq - 3 3"\]/);
  assert.match(pgn, /3\.\.\. Nf6 4\. Ng5 \( 4\. d3 \{ más tranquila \} \) \*/);

  // Promote the variation, export, import the PGN back.
  await page.locator('#analysis-promote').click();
  await hasMoves(page, ['Cf6', 'd3', 'Cg5']);
  await page.locator('#analysis-pgn-in').fill(pgn);
  await page.locator('#analysis-import').click();
  await hasMoves(page, ['Cf6', 'Cg5', 'd3']);
  assert.equal(await page.locator('.analysis-comment').innerText(), 'más tranquila');
  await screenshot(page, 'analysis-desktop');

  // No engine file was asked for while it is off.
  assert.equal(requests.filter((u) => u.includes('/assets/stockfish/')).length, 0, 'the engine loads only when switched on');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the engine shows its lines when switched on and stops when switched off', async () => {
  const { page, errors, context } = await player(env.browser);
  await page.goto(env.server.url + '/analysis?moves=' + encodeURIComponent('e2e4 e7e5'));
  await page.locator('.analysis-board cg-board piece').first().waitFor();
  const sw = page.locator('#analysis-engine-switch');
  assert.equal(await sw.getAttribute('aria-checked'), 'false');
  await page.selectOption('#analysis-multipv', '2');
  await sw.click();
  await page.locator('#analysis-engine-switch[aria-checked="true"]').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 2, null, { timeout: 30000 });
  await page.waitForFunction(() => /^Profundidad \d+$/.test(document.querySelector('#analysis-depth')?.textContent ?? ''));
  const line = await page.locator('#analysis-lines .analysis-line').first().innerText();
  assert.match(line, /^[+−]?\d+\.\d\d [a-hRDTAC]/, line);
  // The board answers while the engine thinks; a new position, new lines.
  await clickMove(page, 'g1f3', '.analysis-board cg-board');
  await shows(page, 'Cf3');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 2, null, { timeout: 30000 });
  await screenshot(page, 'analysis-engine');
  assert.deepEqual(await axe(page), []);

  await sw.click();
  await page.locator('#analysis-engine-switch[aria-checked="false"]').waitFor();
  await page.locator('#analysis-lines').waitFor({ state: 'detached' });
  // Switched off, a new position gets no lines.
  await clickMove(page, 'b8c6', '.analysis-board cg-board');
  await shows(page, 'Cc6');
  assert.equal(await page.locator('.analysis-line').count(), 0);

  // On, off and on again at the same position: its lines come back.
  for (let i = 0; i < 2; i++) {
    await sw.click();
    await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length === 2, null, { timeout: 30000 });
    await sw.click();
    await page.locator('#analysis-lines').waitFor({ state: 'detached' });
  }

  // A mate: the engine has nothing to say, and says why.
  await page.goto(env.server.url + '/analysis?moves=' + encodeURIComponent('f2f3 e7e5 g2g4 d8h4'));
  await page.locator('.analysis-board cg-board piece').first().waitFor();
  await page.locator('#analysis-engine-switch').click();
  await page.locator('#analysis-depth', { hasText: 'La partida ha terminado en esta posición.' }).waitFor();
  assert.equal(await page.locator('.analysis-line').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis board fits a phone', async () => {
  const { page, errors, context } = await player(env.browser, { size: 'phone', mobile: true });
  await page.goto(env.server.url + '/analysis');
  await page.locator('.analysis-board cg-board piece').first().waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 361), 'no horizontal scrolling at 360 px');
  const board = await page.locator('.analysis-board cg-board').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 360, `the board fills the width: ${JSON.stringify(board)}`);
  await screenshot(page, 'analysis-phone');
  assert.deepEqual(errors, []);
  await context.close();
});
