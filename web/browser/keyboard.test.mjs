// keyboard.test.mjs: moves typed into the game page's field (#move-input)
// are played and show on the opponent's board — Spanish letters on Spanish
// pages, English ones on English pages — and an illegal or an ambiguous
// entry stays in the field with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, player, screenshot, missingTexts, axe } from './harness.mjs';

const env = suite();

/**
 * pair makes two guests in the browser's locale find each other through
 * seeks and opens the game on both pages; it resolves to { white, black,
 * gameId } once each page shows its move field.
 */
async function pair(locale) {
  const g = await seekPair(env, '5+0', { white: { locale }, black: { locale } });
  for (const p of [g.white, g.black]) await p.page.locator('#move-input').waitFor();
  return g;
}

/** pieceAt returns what chessground shows on square ("white knight"), or '' for nothing. */
function pieceAt(page, square) {
  return page.evaluate((sq) => {
    for (const el of document.querySelectorAll('#board cg-board piece')) {
      if (el.cgKey === sq && !el.classList.contains('ghost') && !el.classList.contains('fading')) {
        return ['white', 'black'].find((c) => el.classList.contains(c)) + ' ' + ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'].find((r) => el.classList.contains(r));
      }
    }
    return '';
  }, square);
}

/** waitPiece waits until page's board shows piece on square. */
async function waitPiece(page, square, piece) {
  await page.waitForFunction(
    ([sq, want]) =>
      [...document.querySelectorAll('#board cg-board piece')].some(
        (el) => el.cgKey === sq && !el.classList.contains('ghost') && want.split(' ').every((c) => el.classList.contains(c)),
      ),
    [square, piece],
  );
}

/** moveCount waits until page's move list holds n moves. */
async function moveCount(page, n) {
  await page.waitForFunction((want) => document.querySelectorAll('#moves button.move').length === want, n);
}

/** type enters text in the player's field and presses Enter. */
async function type(mover, text) {
  const field = mover.page.locator('#move-input');
  await field.fill(text);
  await field.press('Enter');
}

/**
 * play waits for the mover's turn (its list holds ply-1 moves), types text,
 * and checks that the field empties and that both boards show piece on
 * square with ply moves in their lists.
 */
async function play(mover, other, text, ply, square, piece) {
  await moveCount(mover.page, ply - 1);
  await type(mover, text);
  assert.equal(await mover.page.locator('#move-input').inputValue(), '', `${text}: the field empties`);
  for (const p of [mover, other]) {
    await moveCount(p.page, ply);
    await waitPiece(p.page, square, piece);
  }
  assert.equal(await pieceAt(other.page, square), piece, `${text}: the opponent's board`);
}

/** announced waits until page's live region (#announcer) says text. */
async function announced(page, text) {
  await page.waitForFunction((want) => document.getElementById('announcer')?.textContent?.includes(want), text);
}

async function moveList(page) {
  return page.locator('#moves button.move').allInnerTexts();
}

test('moves typed with Spanish letters on Spanish pages', async () => {
  const { white, black } = await pair('es-ES');
  assert.equal(await white.page.getAttribute('html', 'lang'), 'es');
  assert.equal(await white.page.locator('label[for="move-input"]').innerText(), 'Escribe tu jugada (e4, Cf3, O-O)');

  await play(white, black, 'e4', 1, 'e4', 'white pawn');
  // An illegal entry: no black pawn can go to e4 (white's pawn stands there).
  await type(black, 'e4');
  await black.page.locator('#move-input-error', { hasText: '«e4» no es una jugada legal aquí.' }).waitFor();
  assert.equal(await black.page.locator('#move-input').inputValue(), 'e4', 'the wrong entry stays');
  assert.equal(await black.page.locator('#move-input').getAttribute('aria-invalid'), 'true');
  // Not a move at all.
  await type(black, 'hola');
  await black.page.locator('#move-input-error', { hasText: '«hola» no es una jugada' }).waitFor();
  // Typing again clears the message.
  await black.page.locator('#move-input').fill('');
  await black.page.locator('#move-input').pressSequentially('e');
  assert.equal(await black.page.locator('#move-input-error').innerText(), '');

  await play(black, white, 'e5', 2, 'e5', 'black pawn');
  await play(white, black, 'Cf3', 3, 'f3', 'white knight');
  // Screen readers hear the move in words.
  await announced(black.page, 'Caballo a f3');
  await play(black, white, 'Cc6', 4, 'c6', 'black knight');
  await play(white, black, 'Ab5', 5, 'b5', 'white bishop');
  // Not white's turn: the field says so and keeps the entry.
  await type(white, 'd3');
  await white.page.locator('#move-input-error', { hasText: 'Ahora no puedes mover' }).waitFor();
  assert.equal(await white.page.locator('#move-input').inputValue(), 'd3');
  await white.page.locator('#move-input').fill('');
  await play(black, white, 'Cf6', 6, 'f6', 'black knight');
  await play(white, black, 'O-O', 7, 'g1', 'white king');
  await announced(black.page, 'Enroque corto');
  await waitPiece(black.page, 'f1', 'white rook');
  await play(black, white, 'Ae7', 8, 'e7', 'black bishop');
  await play(white, black, 'd3', 9, 'd3', 'white pawn');
  await play(black, white, '0-0', 10, 'g8', 'black king');
  // An ambiguous entry: both white knights reach d2.
  await type(white, 'Cd2');
  await white.page.locator('#move-input-error', { hasText: '«Cd2» puede ser varias jugadas: Cbd2, Cfd2. Escribe cuál.' }).waitFor();
  assert.equal(await white.page.locator('#move-input').inputValue(), 'Cd2');
  await screenshot(white.page, 'keyboard-es-ambiguous');
  // axe on the page, as far as the field is concerned (the rest of the page has its own tests).
  const mine = (await axe(white.page)).filter((v) => v.nodes.some((n) => /move-input|keyboard/.test(n)));
  assert.deepEqual(mine, [], 'the field and its message pass axe');
  await play(white, black, 'Cbd2', 11, 'd2', 'white knight');
  await waitPiece(black.page, 'f3', 'white knight');
  // R is the king (rey) on a Spanish page.
  await play(black, white, 'Rh8', 12, 'h8', 'black king');
  // The move list is the server's SAN; both pages agree.
  const want = ['e4', 'e5', 'Cf3', 'Cc6', 'Ab5', 'Cf6', 'O-O', 'Ae7', 'd3', 'O-O', 'Cbd2', 'Rh8'];
  assert.deepEqual(await moveList(white.page), want);
  assert.deepEqual(await moveList(black.page), want);
  await screenshot(white.page, 'keyboard-es');
  assert.deepEqual(await missingTexts(white.page), []);
  assert.deepEqual(white.errors, []);
  assert.deepEqual(black.errors, []);
  await white.context.close();
  await black.context.close();
});

test('moves typed with English letters on English pages, and an ambiguous entry', async () => {
  const { white, black } = await pair('en-US');
  assert.equal(await white.page.getAttribute('html', 'lang'), 'en');
  assert.equal(await white.page.locator('label[for="move-input"]').innerText(), 'Type your move (e4, Nf3, O-O)');

  await play(white, black, 'd4', 1, 'd4', 'white pawn');
  await play(black, white, 'd5', 2, 'd5', 'black pawn');
  await play(white, black, 'Nf3', 3, 'f3', 'white knight');
  await play(black, white, 'nf6', 4, 'f6', 'black knight');
  // Both white knights reach d2.
  await type(white, 'Nd2');
  await white.page.locator('#move-input-error', { hasText: '“Nd2” could be several moves: Nbd2, Nfd2. Say which.' }).waitFor();
  assert.equal(await white.page.locator('#move-input').inputValue(), 'Nd2');
  await play(white, black, 'Nbd2', 5, 'd2', 'white knight');
  await waitPiece(black.page, 'f3', 'white knight');
  await type(black, 'Ke6');
  await black.page.locator('#move-input-error', { hasText: '“Ke6” is not a legal move here.' }).waitFor();
  // UCI works too.
  await play(black, white, 'c8f5', 6, 'f5', 'black bishop');
  await play(white, black, 'e3', 7, 'e3', 'white pawn');
  await play(black, white, 'e6', 8, 'e6', 'black pawn');
  await play(white, black, 'Bd3', 9, 'd3', 'white bishop');
  await play(black, white, 'Bxd3', 10, 'd3', 'black bishop');
  await play(white, black, 'cxd3', 11, 'd3', 'white pawn');
  await announced(black.page, 'c pawn takes d3');
  await play(black, white, 'Bb4', 12, 'b4', 'black bishop');
  // R is a rook on an English page.
  await play(white, black, 'Rg1', 13, 'g1', 'white rook');
  const want = ['d4', 'd5', 'Nf3', 'Nf6', 'Nbd2', 'Bf5', 'e3', 'e6', 'Bd3', 'Bxd3', 'cxd3', 'Bb4', 'Rg1'];
  assert.deepEqual(await moveList(white.page), want);
  assert.deepEqual(await moveList(black.page), want);
  await screenshot(black.page, 'keyboard-en');
  assert.deepEqual(await missingTexts(black.page), []);
  assert.deepEqual(white.errors, []);
  assert.deepEqual(black.errors, []);
  await white.context.close();
  await black.context.close();
});
