// qa9.test.mjs: what a player's review of the game, home and replay pages
// found missing — the player who offered a draw is told it was declined
// (until the next move), in either language; the links drawn as buttons
// (new game, PGN) sit level with the buttons beside them; the game page says
// its clock and speed; the home page's games in play name the AI as the
// profile and the replay do, with a capital opening a line; a move typed
// while looking back is played in the live position; a keyboard player's
// focus survives the move list's ends, a draw offer and the game's end; the
// replay's accessible board names its squares in the page's language; on a
// phone the opponent's draw offer shows under the board without scrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, player, clickMove, screenshot, missingTexts, noHorizontalScroll } from './harness.mjs';

const env = suite();

/** move plays uci on mover's page once it is mover's turn, and waits until both pages show it as ply. */
async function move(g, mover, uci, ply) {
  await mover.page.locator('.player-bottom .player-turn').waitFor();
  await clickMove(mover.page, uci);
  for (const p of [g.white, g.black]) await p.page.locator(`.moves .move[data-ply="${ply}"]`).waitFor();
}

/** tops returns the top edge of each element (by selector) on page. */
const tops = (page, selectors) => page.evaluate((s) => s.map((q) => Math.round(document.querySelector(q).getBoundingClientRect().top)), selectors);

test('a declined draw offer is said to the player who made it, until the next move', async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-US', size: 'phone', mobile: true } });
  try {
    await move(g, g.white, 'e2e4', 1);
    await move(g, g.black, 'e7e5', 2);
    // White's offer, declined by black: white is told so, in Spanish, and so is a screen reader.
    await g.white.page.locator('#draw-offer').click();
    await g.black.page.locator('#draw-decline').click();
    const note = g.white.page.locator('#draw-declined');
    await note.waitFor();
    assert.equal(await note.innerText(), 'Tu rival ha rechazado las tablas');
    await g.white.page.waitForFunction(() => document.getElementById('announcer')?.textContent === 'Tu rival ha rechazado las tablas');
    assert.equal(await g.black.page.locator('#draw-declined').count(), 0, 'the one who declined is told nothing');
    assert.deepEqual(await missingTexts(g.white.page), []);
    await screenshot(g.white.page, 'qa9-draw-declined-desktop');
    // The next move takes the note away.
    await move(g, g.white, 'g1f3', 3);
    assert.equal(await g.white.page.locator('#draw-declined').count(), 0);
    // Black's offer, declined by white: black is told so in English.
    await g.black.page.locator('#draw-offer').click();
    await g.white.page.locator('#draw-decline').click();
    const en = g.black.page.locator('#draw-declined');
    await en.waitFor();
    assert.equal(await en.innerText(), 'Your opponent declined the draw');
    await screenshot(g.black.page, 'qa9-draw-declined-phone');
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
    await move(g, g.white, 'e2e4', 1);
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

test('the games in play name the AI as the profile does', async () => {
  const alba = await player(env.browser);
  const watcher = await player(env.browser);
  try {
    const res = await alba.page.request.post(env.server.url + '/api/challenge/ai', { data: { level: 2, color: 'white', timeControl: 'untimed' } });
    assert.equal(res.status(), 201, await res.text());
    const { id } = await res.json();
    // A game is listed as played once it has a move.
    await alba.page.goto(env.server.url + '/game/' + id);
    await alba.page.locator('.player-bottom .player-turn').waitFor();
    await clickMove(alba.page, 'e2e4');
    await alba.page.locator('.moves .move[data-ply="2"]').waitFor();
    await watcher.page.goto(env.server.url + '/');
    const link = watcher.page.locator(`#playing-now a[href="/game/${id}"]`);
    await link.waitFor();
    assert.match(await link.innerText(), / contra la IA \(Fácil\)$/);
  } finally {
    await alba.context.close();
    await watcher.context.close();
  }
});

test('a move typed while looking back at an earlier position is played in the live one', async () => {
  const g = await seekPair(env, '5+0');
  try {
    await move(g, g.white, 'e2e4', 1);
    await move(g, g.black, 'e7e5', 2);
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
  const g = await seekPair(env, '5+0');
  try {
    await move(g, g.white, 'e2e4', 1);
    await move(g, g.black, 'e7e5', 2);
    const page = g.white.page;
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
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
  const g = await seekPair(env, '5+0');
  try {
    await move(g, g.white, 'e2e4', 1);
    await move(g, g.black, 'e7e5', 2);
    const page = g.white.page;
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
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

test("the replay's accessible board names its squares as the page's language says them", async () => {
  const g = await seekPair(env, '5+0');
  try {
    await move(g, g.white, 'e2e4', 1);
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

test('a game in play whose white is the AI starts its line with a capital', async () => {
  const alba = await player(env.browser);
  const watcher = await player(env.browser);
  try {
    const res = await alba.page.request.post(env.server.url + '/api/challenge/ai', { data: { level: 1, color: 'black', timeControl: 'untimed' } });
    assert.equal(res.status(), 201, await res.text());
    const { id } = await res.json();
    // The AI (white) moves first; the game is listed once it has a move.
    await alba.page.goto(env.server.url + '/game/' + id);
    await alba.page.locator('.moves .move[data-ply="1"]').waitFor();
    await watcher.page.goto(env.server.url + '/');
    const link = watcher.page.locator(`#playing-now a[href="/game/${id}"]`);
    await link.waitFor();
    assert.match(await link.innerText(), /^La IA \(Principiante\) contra /);
  } finally {
    await alba.context.close();
    await watcher.context.close();
  }
});

test("on a phone the opponent's draw offer shows under the board without scrolling", async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-US', size: 'phone', mobile: true } });
  try {
    await move(g, g.white, 'e2e4', 1);
    await g.white.page.locator('#draw-offer').click();
    const accept = g.black.page.locator('#draw-accept');
    await accept.waitFor();
    const box = await accept.boundingBox();
    const board = await g.black.page.locator('cg-board').boundingBox();
    assert.ok(box.y > board.y + board.height, 'under the board');
    assert.ok(box.y + box.height <= 740, `the accept button ends at ${box.y + box.height}, inside the phone's 740 px`);
    assert.equal(await noHorizontalScroll(g.black.page), true);
    await screenshot(g.black.page, 'qa9-phone-draw-offer');
  } finally {
    await g.close();
  }
});
