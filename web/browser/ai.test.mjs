// ai.test.mjs: a game against the AI at "Fácil" (level 2), started from the
// home page and played to its end through the game page's board: the
// player's moves are clicked on the squares, chosen from the legal moves the
// server lists, until the AI mates (or the game ends otherwise) and the
// result shows in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, clickMove } from './harness.mjs';

const env = suite();

/** opening weakens white's king, so that the AI finds a mate soon (the fool's mate invites Qh4#). */
const opening = ['f2f3', 'g2g4'];

/**
 * pick chooses white's next move from the legal ones: the opening while it
 * lasts, then, more often than not, a move of the king up the board (a king
 * in the open is mated soon, so the game ends by the AI's play within a few
 * dozen moves), else any move but a promotion, at random.
 */
function pick(legal, ply, fen, rnd) {
  const scripted = opening[ply / 2];
  if (scripted && legal.includes(scripted)) return scripted;
  const king = kingSquare(fen);
  const up = legal.filter((m) => m.slice(0, 2) === king && m[3] >= m[1]);
  if (up.length && rnd() < 0.7) return up[Math.floor(rnd() * up.length)];
  const plain = legal.filter((m) => m.length === 4);
  const from = plain.length ? plain : legal;
  return from[Math.floor(rnd() * from.length)];
}

/** kingSquare finds white's king in a FEN ("e1"). */
function kingSquare(fen) {
  const rows = fen.split(' ')[0].split('/');
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const ch of rows[r]) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else {
        if (ch === 'K') return 'abcdefgh'[file] + (8 - r);
        file++;
      }
    }
  }
  return '';
}

/** seeded is a small deterministic random generator, so that a failing run can be replayed. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

test('a game against the AI at Fácil, started from the home page, is played to its end', async (t) => {
  const me = await player(env.browser);
  const { page } = me;
  await page.goto(env.server.url + '/');
  await page.locator('#ai-level option[value="2"]').waitFor({ state: 'attached' });
  await page.locator('#ai-level').selectOption('2');
  assert.match(await page.locator('#ai-level option:checked').innerText(), /^Fácil \(Elo \d+\)$/);
  await page.locator('#ai-color-white').check();
  await page.locator('#ai-clock').selectOption('untimed');
  await page.locator('#ai-start').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.locator('cg-board').first().waitFor();

  const game = async () => (await page.request.get(`${env.server.url}/api/game/${id}`)).json();
  const g0 = await game();
  assert.equal(g0.players.black.aiLevel, 2, 'the AI plays black at level 2');
  assert.equal(g0.timeControl, 'untimed');

  const rnd = seeded(Number(process.env.JOINPAL_AI_SEED || 9));
  // A whole game: a few dozen plies, each of the AI's a Stockfish search,
  // which a loaded machine slows down; the deadline only stops a game that
  // would never end.
  const deadline = Date.now() + 300000;
  let g = g0;
  while (g.status === 'started' || g.status === 'created') {
    assert.ok(Date.now() < deadline, `the game did not end in time (ply ${g.ply})`);
    if (g.turn !== 'white' || !g.legal?.length) {
      g = await waitState(game, g.ply); // the AI is thinking
      continue;
    }
    // The page's board has the AI's last move (the move list shows it) and
    // our turn (so the server's legal moves), then ours is clicked.
    if (g.ply > 0) await page.locator(`#moves [data-ply="${g.ply}"]`).waitFor();
    await page.locator('#turn', { hasText: 'Tu turno' }).waitFor();
    const uci = pick(g.legal, g.ply, g.fen, rnd);
    await clickMove(page, uci);
    if (uci.length === 5) await page.locator('[data-testid^="promote-"]').first().click();
    g = await waitState(game, g.ply);
  }
  const result = page.locator('#result');
  await result.waitFor();
  const text = await result.innerText();
  assert.ok(g.outcome, 'the server names the outcome');
  assert.match(text, /^(Las (blancas|negras) ganan|Tablas)/, text);
  t.diagnostic(`${text} (${g.ply} plies)`);
  assert.deepEqual(me.errors, []);
});

/** waitState polls the game's state until its ply passes ply or it ended (for up to a minute: one move of ours or of the AI's). */
async function waitState(game, ply) {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    const g = await game();
    if (g.ply > ply || (g.status !== 'started' && g.status !== 'created')) return g;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the game stayed at ply ${ply} for a minute`);
}
