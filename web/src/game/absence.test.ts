// absence.test.ts: the opponent's absence is counted down on the page's clock
// from the server's window, and said in both languages with plurals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Absences, notice, windowLeft } from './absence';
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

test('the notice says the seconds left with plurals in Spanish and English', () => {
  const cases: [number | undefined, string, string][] = [
    [30, 'Tu rival se ha desconectado: puede volver hasta dentro de 30 segundos.', 'Your opponent has disconnected: they can come back within 30 seconds.'],
    [1, 'Tu rival se ha desconectado: puede volver hasta dentro de 1 segundo.', 'Your opponent has disconnected: they can come back within 1 second.'],
    [0, 'Se ha acabado el plazo de tu rival para volver.', "Your opponent's time to come back is over."],
    [undefined, 'Tu rival se ha desconectado.', 'Your opponent has disconnected.'],
  ];
  for (const [left, es, en] of cases) {
    const n = notice(left);
    assert.equal(render(gameEs, n.code, n.params, { lang: 'es' }), es, `es ${left}`);
    assert.equal(render(gameEn, n.code, n.params, { lang: 'en' }), en, `en ${left}`);
  }
});
