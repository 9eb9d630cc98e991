// takeback.test.mjs: a takeback in a casual game between two players — the
// offer made, shown to the opponent with accept and decline (in Spanish to
// one, in English to the other), declined, made again and accepted; the move
// leaves both pages' move lists and play goes on from the position before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, seekPair, playAndWait, missingTexts, axe, screenshot } from './harness.mjs';

const env = suite();

/** moveCount is the number of moves in the page's move list. */
const moveCount = (page) => page.locator('.moves .move[data-ply]').count();

test('a takeback offered, declined, offered again and accepted', async () => {
  const g = await seekPair(env, '5+0', { black: { locale: 'en-GB' } });
  await playAndWait(g, g.white, 'e2e4', 1);
  await playAndWait(g, g.black, 'e7e5', 2);
  await playAndWait(g, g.white, 'g1f3', 3);

  // White's last move, black to move: one ply.
  await g.white.page.locator('#takeback-offer').click();
  await g.white.page.locator('#takeback-sent', { hasText: 'Has propuesto deshacer tu última jugada' }).waitFor();
  await g.black.page.locator('#takeback-offered', { hasText: 'Your opponent proposes to take back their last move' }).waitFor();
  assert.equal(await g.white.page.locator('#takeback-offer').getAttribute('aria-disabled'), 'true');
  for (const p of [g.white, g.black]) {
    assert.deepEqual(await missingTexts(p.page), []);
    assert.deepEqual(await axe(p.page), []);
  }
  await screenshot(g.black.page, 'game-takeback-offered-desktop');

  await g.black.page.locator('#takeback-decline').click();
  await g.white.page.locator('#takeback-declined', { hasText: 'Tu rival no ha aceptado deshacer la jugada' }).waitFor();
  await g.black.page.locator('#takeback-offered').waitFor({ state: 'detached' });
  assert.equal(await moveCount(g.white.page), 3);

  await g.white.page.locator('#takeback-offer').click();
  await g.black.page.locator('#takeback-accept', { hasText: 'Accept the takeback' }).click();
  for (const p of [g.white, g.black]) {
    await p.page.locator('.moves .move[data-ply="3"]').waitFor({ state: 'detached' });
    assert.equal(await moveCount(p.page), 2);
    await p.page.locator('#takeback-offered, #takeback-sent').waitFor({ state: 'detached' });
  }
  await g.white.page.locator('#turn', { hasText: 'Tu turno' }).waitFor();

  // Play goes on from the position before the move taken back.
  await playAndWait(g, g.white, 'd2d4', 3);
  assert.match(await g.black.page.locator('.moves .move[data-ply="3"]').innerText(), /d4/);
  assert.deepEqual(g.white.errors, []);
  assert.deepEqual(g.black.errors, []);
  await g.close();
});
