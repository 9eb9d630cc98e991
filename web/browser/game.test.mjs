// game.test.mjs: two players find each other through seeks and play on the
// game page, each in a browser context of their own (their own guest):
// a whole game to checkmate by clicking squares, a resignation, leaving the
// page, a draw by agreement, a loss on time, a promotion through the
// picker, a premove; and the page at desktop and phone sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  suite,
  seekPair,
  player,
  clickMove,
  dragMove,
  squareCenter,
  screenshot,
  missingTexts,
  axe,
  noHorizontalScroll,
} from './harness.mjs';

const env = suite();

/** plays plays the moves (UCI) by clicking, alternately from the side to move, each waiting until both pages show it. */
async function plays(g, moves, startPly = 0) {
  for (const [i, uci] of moves.entries()) {
    const ply = startPly + i + 1;
    const mover = ply % 2 === 1 ? g.white : g.black;
    await mover.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
    await clickMove(mover.page, uci);
    for (const p of [g.white, g.black]) await p.page.locator(`.moves .move[data-ply="${ply}"]`).waitFor();
  }
}

/** activeId waits until the focus is on the element with id (the focus moves in a render hook, after the click or key that asked for it). */
const activeId = (page, id) => page.waitForFunction((id) => document.activeElement?.id === id, id);

/** moveList returns the SAN of the page's move list. */
const moveList = (page) => page.locator('.moves button.move').allInnerTexts();

/** result waits for the page's result and returns it. */
async function result(page) {
  const el = page.locator('#result');
  await el.waitFor();
  return el.innerText();
}

test("fool's mate by clicking: both pages agree on the moves and the result", async () => {
  const g = await seekPair(env, '5+0');
  assert.equal(await g.white.page.locator('.cg-wrap').first().getAttribute('class').then((c) => c.includes('orientation-white')), true);
  assert.match(await g.black.page.locator('#board').getAttribute('class'), /orientation-black/);
  await plays(g, ['f2f3']);
  // A move by dragging the piece.
  await g.black.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await dragMove(g.black.page, 'e7e5');
  await g.white.page.locator('.moves .move[data-ply="2"]').waitFor();
  await plays(g, ['g2g4'], 2);
  // Each move is announced in words (announce() empties the live region and
  // fills it 30 ms later, so the text is waited for, not read at once).
  await g.black.page.waitForFunction(() => document.getElementById('announcer')?.textContent?.trim() !== '');
  await screenshot(g.white.page, 'game-desktop');
  // The material balance and the clocks are there.
  assert.match(await g.white.page.locator('#clock-white').innerText(), /^\d:\d\d/);
  await g.black.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await clickMove(g.black.page, 'd8h4');
  const want = 'Las negras ganan por jaque mate';
  assert.equal(await result(g.white.page), want);
  assert.equal(await result(g.black.page), want);
  // Screen readers hear the result (after the last move).
  await g.white.page.locator('#announcer', { hasText: want }).waitFor();
  const sans = ['f3', 'e5', 'g4', 'Dh4#'];
  assert.deepEqual(await moveList(g.white.page), sans);
  assert.deepEqual(await moveList(g.black.page), sans);
  // The king in check is highlighted, and the game's links are there.
  await g.white.page.locator('cg-board square.check').waitFor();
  await g.white.page.locator('#new-game').waitFor();
  await g.white.page.locator('#rematch').waitFor();
  // Earlier positions: Home shows the start, → the first move, End the last.
  await g.white.page.locator('main').click({ position: { x: 2, y: 2 } });
  await g.white.page.keyboard.press('Home');
  await g.white.page.locator('.history-note', { hasText: 'posición inicial' }).waitFor();
  await g.white.page.waitForFunction(() => document.querySelectorAll('cg-board piece').length === 32);
  await g.white.page.keyboard.press('ArrowRight');
  await g.white.page.locator('.moves .move.active[data-ply="1"]').waitFor();
  await g.white.page.locator('.history-note', { hasText: 'tras 1. f3' }).waitFor();
  await g.white.page.keyboard.press('ArrowRight');
  await g.white.page.locator('.history-note', { hasText: 'tras 1... e5' }).waitFor();
  await g.white.page.keyboard.press('End');
  await g.white.page.locator('.moves .move.active[data-ply="4"]').waitFor();
  await g.white.page.locator('.history-note').waitFor({ state: 'detached' });
  assert.deepEqual(await missingTexts(g.white.page), []);
  assert.deepEqual(await axe(g.white.page), []);
  assert.deepEqual(g.white.errors, []);
  assert.deepEqual(g.black.errors, []);
  await g.close();
});

test('a resignation, with its confirmation', async () => {
  const g = await seekPair(env, '5+0');
  await plays(g, ['e2e4', 'e7e5']);
  await g.black.page.locator('#resign').click();
  await g.black.page.locator('#confirm').waitFor();
  // The dialog takes the focus and keeps Tab inside; Escape closes it and the focus comes back.
  await activeId(g.black.page, 'confirm-yes');
  await g.black.page.keyboard.press('Tab');
  await g.black.page.keyboard.press('Tab');
  assert.equal(await g.black.page.evaluate(() => document.activeElement?.id), 'confirm-yes');
  await g.black.page.keyboard.press('Escape');
  await g.black.page.locator('#confirm').waitFor({ state: 'detached' });
  await activeId(g.black.page, 'resign');
  await g.black.page.locator('#resign').click();
  await g.black.page.locator('#confirm-yes').click();
  const want = 'Las blancas ganan: las negras abandonaron';
  assert.equal(await result(g.white.page), want);
  assert.equal(await result(g.black.page), want);
  await g.close();
});

test("leaving the page of a running game asks, then counts as resigning", async () => {
  const g = await seekPair(env, '5+0');
  await plays(g, ['d2d4', 'd7d5']);
  // Closing the tab gets the browser's own question (beforeunload); staying keeps the game.
  const asked = new Promise((resolve) => g.black.page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }));
  await g.black.page.close({ runBeforeUnload: true });
  assert.equal(await asked, 'beforeunload');
  assert.equal(g.black.page.isClosed(), false);
  await g.black.page.locator('header.site a[href="/"]').first().click();
  await g.black.page.locator('#confirm', { hasText: 'abandonar' }).waitFor();
  assert.match(g.black.page.url(), /\/game\//);
  await Promise.all([g.black.page.waitForURL(env.server.url + '/'), g.black.page.locator('#confirm-yes').click()]);
  assert.equal(await result(g.white.page), 'Las blancas ganan: las negras abandonaron');
  await g.close();
});

test('a draw by agreement', async () => {
  const g = await seekPair(env, '5+0');
  await plays(g, ['g1f3', 'g8f6']);
  await g.white.page.locator('#draw-offer').click();
  await g.white.page.locator('#draw-sent').waitFor();
  await g.black.page.locator('#draw-offered').waitFor();
  await g.black.page.locator('#draw-accept').click();
  assert.equal(await result(g.white.page), 'Tablas por acuerdo');
  assert.equal(await result(g.black.page), 'Tablas por acuerdo');
  await g.close();
});

test('a loss on time with a per-move clock of 5 s (the shortest there is)', async () => {
  const g = await seekPair(env, 'move:5s');
  await plays(g, ['e2e4', 'e7e5']);
  // White lets the time run out: the clock shows tenths and warns.
  await g.white.page.locator('#clock-white.low').waitFor();
  assert.match(await g.white.page.locator('#clock-white .clock-time').innerText(), /^0:0\d\.\d$/);
  assert.equal(await result(g.black.page), 'Las negras ganan por tiempo');
  assert.equal(await result(g.white.page), 'Las negras ganan por tiempo');
  await g.close();
});

test('a promotion through the picker', async () => {
  const g = await seekPair(env, '5+0');
  await plays(g, ['h2h4', 'g7g5', 'h4g5', 'h7h6', 'g5h6', 'g8f6', 'h6h7', 'h8g8']);
  await g.white.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await clickMove(g.white.page, 'h7g8');
  await g.white.page.locator('#promotion').waitFor();
  // The picker takes the keyboard: its first choice has the focus; Escape cancels.
  await g.white.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'promote-q');
  await g.white.page.keyboard.press('Escape');
  await g.white.page.locator('#promotion').waitFor({ state: 'detached' });
  await clickMove(g.white.page, 'h7g8');
  await g.white.page.locator('[data-testid="promote-n"]').click();
  for (const p of [g.white, g.black]) await p.page.locator('.moves .move[data-ply="9"]').waitFor();
  assert.equal((await moveList(g.black.page))[8], 'hxg8=C');
  assert.equal(await g.black.page.locator('cg-board piece.white.knight').count(), 3);
  await g.close();
});

test('a premove is played when the turn comes', async () => {
  const g = await seekPair(env, '5+0');
  await plays(g, ['e2e4', 'e7e5']);
  // Black premoves d7d6 while white is to move.
  await clickMove(g.black.page, 'd7d6');
  await g.black.page.locator('cg-board square.current-premove').first().waitFor();
  await g.white.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await clickMove(g.white.page, 'g1f3');
  for (const p of [g.white, g.black]) await p.page.locator('.moves .move[data-ply="4"]').waitFor();
  assert.deepEqual(await moveList(g.white.page), ['e4', 'e5', 'Cf3', 'd6']);
  assert.deepEqual(await moveList(g.black.page), ['e4', 'e5', 'Cf3', 'd6']);
  await g.close();
});

test('on a phone: the board fills the width, no horizontal scrolling, touch moves', async () => {
  const g = await seekPair(env, '5+0', { white: { size: 'phone', mobile: true }, black: { size: 'phone', mobile: true } });
  const box = await g.white.page.locator('cg-board').boundingBox();
  assert.ok(box.width >= 340 && box.width <= 360, `board width ${box.width}`);
  assert.equal(await noHorizontalScroll(g.white.page), true);
  const tap = async (page, uci) => {
    for (const sq of [uci.slice(0, 2), uci.slice(2, 4)]) {
      const { x, y } = await squareCenter(page, sq);
      await page.touchscreen.tap(x, y);
    }
  };
  // Each side taps once its page has the turn (and so the server's legal moves on its board).
  await g.white.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await tap(g.white.page, 'e2e4');
  await g.black.page.locator('.moves .move[data-ply="1"]').waitFor();
  await g.black.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
  await tap(g.black.page, 'c7c5');
  await g.white.page.locator('.moves .move[data-ply="2"]').waitFor();
  assert.equal(await noHorizontalScroll(g.black.page), true);
  await screenshot(g.black.page, 'game-phone');
  await g.close();
});
