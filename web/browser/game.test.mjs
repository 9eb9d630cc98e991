// game.test.mjs: two players find each other through seeks and play on the
// game page, each in a browser context of their own (their own guest):
// a whole game to checkmate by clicking squares, a resignation, leaving the
// page, a draw by agreement, a loss on time, a promotion through the
// picker, a premove; and the page at desktop and phone sizes. Then what a
// player reads and does around the moves: a declined draw offer told to
// the one who made it, the game's clock and speed, the buttons level, a
// move typed while looking back played in the live position, a keyboard
// player's focus kept through the move list, a draw offer and the game's
// end, and on a phone the opponent's draw offer under the board. Around a
// rated game: the ratings on the bars, the spectators counted, the change
// its end made.
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
  playAndWait,
} from './harness.mjs';
import { accounts, challenge, play, foolsMate } from './account.fixture.mjs';

const env = suite();

/** afterE4E5 pairs two guests at 5+0 and plays 1. e4 e5. */
async function afterE4E5() {
  const g = await seekPair(env, '5+0');
  await playAndWait(g, g.white, 'e2e4', 1);
  await playAndWait(g, g.black, 'e7e5', 2);
  return g;
}

/** focusedId is the id of page's focused element, '' if it has none. */
const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

/** tops returns the top edge of each element (by selector) on page. */
const tops = (page, selectors) => page.evaluate((s) => s.map((q) => Math.round(document.querySelector(q).getBoundingClientRect().top)), selectors);

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
  // The opening, named in Spanish as the moves come (the mate is a named position).
  for (const p of [g.white.page, g.black.page]) {
    await p.locator('#game-opening', { hasText: 'Apertura: A00 Apertura Barnes: Mate del Loco' }).waitFor();
  }
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
  // The opening of the full frame after a reload: in Spanish, the server's name.
  await g.black.page.reload();
  assert.equal(await g.black.page.locator('#game-opening').innerText(), 'Apertura: C20 Apertura de Peón de Rey');
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

test('a declined draw offer is said to the player who made it, until the next move', async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-US', size: 'phone', mobile: true } });
  try {
    await playAndWait(g, g.white, 'e2e4', 1);
    await playAndWait(g, g.black, 'e7e5', 2);
    // White's offer, declined by black: white is told so, in Spanish, and so is a screen reader.
    await g.white.page.locator('#draw-offer').click();
    await g.black.page.locator('#draw-decline').click();
    const note = g.white.page.locator('#draw-declined');
    await note.waitFor();
    assert.equal(await note.innerText(), 'Tu rival ha rechazado las tablas');
    await g.white.page.waitForFunction(() => document.getElementById('announcer')?.textContent === 'Tu rival ha rechazado las tablas');
    assert.equal(await g.black.page.locator('#draw-declined').count(), 0, 'the one who declined is told nothing');
    assert.deepEqual(await missingTexts(g.white.page), []);
    await screenshot(g.white.page, 'game-draw-declined-desktop');
    // The next move takes the note away.
    await playAndWait(g, g.white, 'g1f3', 3);
    assert.equal(await g.white.page.locator('#draw-declined').count(), 0);
    // Black's offer, declined by white: black is told so in English.
    await g.black.page.locator('#draw-offer').click();
    await g.white.page.locator('#draw-decline').click();
    const en = g.black.page.locator('#draw-declined');
    await en.waitFor();
    assert.equal(await en.innerText(), 'Your opponent declined the draw');
    await screenshot(g.black.page, 'game-draw-declined-phone');
  } finally {
    await g.close();
  }
});

test("the game says its clock and speed; its link-buttons sit level with the buttons beside them", async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-US' } });
  try {
    // The game says its clock and speed, as the profile and the replay do.
    assert.equal(await g.white.page.locator('#game-meta').innerText(), '5+0 · Relámpago · Amistosa');
    assert.equal(await g.black.page.locator('#game-meta').innerText(), '5+0 · Blitz · Casual');
    await playAndWait(g, g.white, 'e2e4', 1);
    await g.white.page.locator('#resign').click();
    await g.white.page.locator('#confirm-yes').click();
    await g.black.page.locator('#result').waitFor();
    const [rematch, newGame, flip, pgn] = await tops(g.black.page, ['#rematch', '#new-game', '#flip', '#pgn']);
    assert.equal(newGame, rematch, 'the new game link is level with the rematch button');
    assert.equal(pgn, flip, 'the PGN link is level with the flip button');
  } finally {
    await g.close();
  }
});

test('a move typed while looking back at an earlier position is played in the live one', async () => {
  const g = await afterE4E5();
  try {
    // White looks back two moves, then types its move.
    await g.white.page.locator('#nav-first').click();
    await g.white.page.locator('.history-note').waitFor();
    await g.white.page.locator('#move-input').fill('Cf3');
    await g.white.page.locator('#move-input').press('Enter');
    for (const p of [g.white, g.black]) await p.page.locator('.moves .move[data-ply="3"]', { hasText: /^[CN]f3$/ }).waitFor();
    assert.equal(await g.white.page.locator('.history-note').count(), 0, 'the board is back at the live position');
    assert.equal(await g.white.page.locator('#move-input-error').innerText(), '');
    assert.equal(await g.white.page.locator('#move-input').inputValue(), '');
  } finally {
    await g.close();
  }
});

test('the move list steps keep the keyboard focus, even at the start or the end', async () => {
  const g = await afterE4E5();
  try {
    const page = g.white.page;
    const focused = () => focusedId(page);
    await page.locator('#nav-first').focus();
    await page.keyboard.press('Enter');
    await page.locator('.history-note').waitFor();
    assert.equal(await focused(), 'nav-first', '« keeps the focus once at the start');
    assert.equal(await page.locator('#nav-first').getAttribute('aria-disabled'), 'true');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.history-note').innerText(), 'Viendo la posición inicial (» o la tecla Fin para volver)');
    await page.locator('#nav-last').focus();
    await page.keyboard.press('Enter');
    await page.locator('.history-note').waitFor({ state: 'detached' });
    assert.equal(await focused(), 'nav-last', '» keeps the focus once at the end');
    assert.equal(await page.locator('#nav-last').getAttribute('aria-disabled'), 'true');
  } finally {
    await g.close();
  }
});

test('a keyboard player keeps a focus: on the draw offer once made, on the result once the game ends', async () => {
  const g = await afterE4E5();
  try {
    const page = g.white.page;
    const focused = () => focusedId(page);
    await page.locator('#draw-offer').focus();
    await page.keyboard.press('Enter');
    await page.locator('#draw-sent').waitFor();
    assert.equal(await focused(), 'draw-offer');
    assert.equal(await page.locator('#draw-offer').getAttribute('aria-disabled'), 'true');
    // A second press sends nothing: no refusal comes back.
    await page.keyboard.press('Enter');
    await g.black.page.locator('#draw-decline').click();
    await page.locator('#draw-declined').waitFor();
    assert.equal(await page.locator('#game-message').count(), 0);
    // Resigning from the keyboard: the dialog, then the result has the focus.
    await page.locator('#resign').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'confirm-yes');
    await page.keyboard.press('Enter');
    await page.locator('#result').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'result');
    assert.equal(await page.locator('#result').innerText(), 'Las negras ganan: las blancas abandonaron');
  } finally {
    await g.close();
  }
});

test("on a phone the opponent's draw offer shows under the board without scrolling", async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-US', size: 'phone', mobile: true } });
  try {
    await playAndWait(g, g.white, 'e2e4', 1);
    await g.white.page.locator('#draw-offer').click();
    const accept = g.black.page.locator('#draw-accept');
    await accept.waitFor();
    const box = await accept.boundingBox();
    const board = await g.black.page.locator('cg-board').boundingBox();
    assert.ok(box.y > board.y + board.height, 'under the board');
    assert.ok(box.y + box.height <= 740, `the accept button ends at ${box.y + box.height}, inside the phone's 740 px`);
    assert.equal(await noHorizontalScroll(g.black.page), true);
    await screenshot(g.black.page, 'game-phone-draw-offer');
  } finally {
    await g.close();
  }
});

test('a rated game: ratings on the bars ("1500?"), the spectators counted, the change at the end for everyone', async () => {
  const [ana, ben] = await accounts(env, 'ana', 'ben');
  const id = await challenge(env.server.url, ana.context, 'ben', ben.context);
  await ana.page.goto(env.server.url + '/game/' + id);
  const bar = (page, side) => page.locator(`[data-testid=player-${side}] [data-testid=player-rating]`);
  await bar(ana.page, 'white').waitFor();
  // A new account's rating is provisional: "1500?", the "?" said in words.
  assert.equal(await bar(ana.page, 'white').textContent(), 'Puntuación 1500? provisional');
  assert.equal(await bar(ana.page, 'black').locator('.prov [aria-hidden]').innerText(), '?');
  assert.equal(await ana.page.locator('#watchers').count(), 0, 'nobody watches yet');

  const watcher = await player(env.browser, { locale: 'en-US' });
  await watcher.page.goto(env.server.url + '/game/' + id);
  await ana.page.locator('#watchers').waitFor();
  assert.equal(await ana.page.locator('#watchers').innerText(), '1 espectador');
  await watcher.page.locator('#watchers').waitFor();
  assert.equal(await watcher.page.locator('#watchers').innerText(), '1 spectator');
  const second = await player(env.browser);
  await second.page.goto(env.server.url + '/game/' + id);
  await ana.page.waitForFunction(() => document.getElementById('watchers')?.textContent === '2 espectadores');
  await second.context.close();
  await ana.page.waitForFunction(() => document.getElementById('watchers')?.textContent === '1 espectador');

  await play(env.server.url, id, ana.context, ben.context, foolsMate);
  for (const page of [ana.page, watcher.page]) {
    await page.locator('[data-testid=player-black] [data-testid=rating-diff]').waitFor();
    assert.match(await bar(page, 'black').locator('[data-testid=rating-diff]').textContent(), /\+\d+$/);
  }
  assert.match(await bar(ana.page, 'black').textContent(), /^Puntuación 1500\? provisional cambio de puntuación \+\d+$/);
  assert.match(await bar(watcher.page, 'white').textContent(), /^Rating 1500\? provisional rating change −\d+$/);
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  assert.deepEqual(await axe(watcher.page), []);
  await screenshot(watcher.page, 'game-rated-end-spectator');
  // A page opened after the end shows the same.
  await ben.page.goto(env.server.url + '/game/' + id);
  await ben.page.locator('[data-testid=player-white] [data-testid=rating-diff]').waitFor();
  assert.equal(await bar(ben.page, 'white').textContent(), await bar(ana.page, 'white').textContent());
  for (const p of [ana, ben, watcher]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});
