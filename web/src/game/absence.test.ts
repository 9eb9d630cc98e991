// absence.test.ts: the opponent's absence is counted down on the page's clock
// from the server's window, and said in both languages with plurals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Absences, notice, watchNotice, windowLeft } from './absence';
import { render } from '../lib/i18n';
import gameEs from '../../../i18n/ui/game.es.json';
import gameEn from '../../../i18n/ui/game.en.json';

test('the window left is the server’s until on the wall clock, never more than the window nor below 0', () => {
  const cases: [string, { since: number; until?: number }, number, number][] = [
    ['heard at once', { since: 1000, until: 31_000 }, 1000, 30_000],
    ['heard 10 s later', { since: 1000, until: 31_000 }, 11_000, 20_000],
    ['a wall clock behind the server’s', { since: 1000, until: 31_000 }, -50_000, 30_000],
    ['a wall clock ahead of it', { since: 1000, until: 31_000 }, 90_000, 0],
    ['no window yet', { since: 1000 }, 1000, 0],
  ];
  for (const [name, d, wall, want] of cases) assert.equal(windowLeft(d, wall), want, name);
});

test('an absence counts down on the page’s clock and ends when the side comes back', () => {
  const a = new Absences();
  assert.deepEqual(a.update(undefined, 0, 5000), { went: [], back: [] });
  // Black's socket closed; the page hears it 500 ms later on the wall clock.
  const gone = { black: { since: 5000, until: 35_000 } };
  assert.deepEqual(a.update(gone, 100, 5500), { went: ['black'], back: [] });
  assert.equal(a.secondsLeft('black', 100), 30, 'rounded up');
  assert.equal(a.secondsLeft('black', 100 + 10_000), 20);
  assert.equal(a.secondsLeft('white', 100), undefined);
  // A later frame with the same absence keeps the count (not restarted from its wall clock).
  assert.deepEqual(a.update(gone, 15_100, 0), { went: [], back: [] });
  assert.equal(a.secondsLeft('black', 15_100), 15);
  assert.equal(a.secondsLeft('black', 29_599), 1);
  assert.equal(a.secondsLeft('black', 29_600), 0, '0 at the window’s end');
  assert.equal(a.secondsLeft('black', 99_000), 0, 'never below 0');
  assert.deepEqual(a.update(undefined, 20_000, 25_000), { went: [], back: ['black'] });
  assert.equal(a.of('black'), undefined);
  // Before both have moved there is no window: gone, with nothing to count.
  assert.deepEqual(a.update({ white: { since: 1 } }, 0, 2), { went: ['white'], back: [] });
  assert.equal(a.secondsLeft('white', 0), undefined);
  // The window starting once the first moves are made counts from then.
  a.update({ white: { since: 1, until: 60_001 } }, 1000, 30_001);
  assert.equal(a.secondsLeft('white', 1000), 30);
  a.clear();
  assert.equal(a.of('white'), undefined);
});

test('the claim counts down on the page’s clock from claimIn, and takes the server’s count from a refusal', () => {
  const a = new Absences();
  // Black's socket closed; the frame says the claim opens in 15 s.
  assert.deepEqual(a.update({ black: { since: 5000, until: 35_000, claim: 20_000, claimIn: 15_000 } }, 1000, 999_999), { went: ['black'], back: [] });
  assert.equal(a.claimLeft('black', 1000), 15);
  assert.equal(a.claimLeft('black', 1001), 15, 'rounded up');
  assert.equal(a.claimLeft('black', 15_999), 1);
  assert.equal(a.claimLeft('black', 16_000), 0, 'open at its end');
  assert.equal(a.claimLeft('black', 90_000), 0, 'never below 0');
  assert.equal(a.claimLeft('white', 1000), undefined);
  // A later frame with the same absence keeps the count.
  a.update({ black: { since: 5000, until: 35_000, claim: 20_000, claimIn: 2000 } }, 10_000, 0);
  assert.equal(a.claimLeft('black', 10_000), 6);
  // The server refused a claim: 3 s left by its clock.
  a.retime('black', 3, 10_000);
  assert.equal(a.claimLeft('black', 10_000), 3);
  a.retime('black', Number('x'), 10_000);
  assert.equal(a.claimLeft('black', 10_000), 3, 'a bad count changes nothing');
  // Before both sides have moved there is nothing to claim.
  a.update({ white: { since: 1 } }, 0, 0);
  assert.equal(a.claimLeft('white', 0), undefined);
});

test('the notice says the seconds until the claim with plurals in Spanish and English', () => {
  const cases: [number | undefined, string, string][] = [
    [30, 'Tu rival ha salido: podrás reclamar la victoria dentro de 30 segundos.', 'Your opponent has left: you can claim the win in 30 seconds.'],
    [1, 'Tu rival ha salido: podrás reclamar la victoria dentro de 1 segundo.', 'Your opponent has left: you can claim the win in 1 second.'],
    [0, 'Tu rival ha salido: puedes reclamar la victoria o declarar tablas.', 'Your opponent has left: you can claim the win or declare a draw.'],
    [undefined, 'Tu rival ha salido.', 'Your opponent has left.'],
  ];
  for (const [left, es, en] of cases) {
    const n = notice(left);
    assert.equal(render(gameEs, n.code, n.params, { lang: 'es' }), es, `es ${left}`);
    assert.equal(render(gameEn, n.code, n.params, { lang: 'en' }), en, `en ${left}`);
  }
  const w = watchNotice('black');
  assert.equal(render(gameEs, w.code, undefined, { lang: 'es' }), 'Las negras han salido de la partida.');
  assert.equal(render(gameEn, w.code, undefined, { lang: 'en' }), 'Black has left the game.');
});
