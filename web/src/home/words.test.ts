// words.test.ts: the lobby's things said from the catalogue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from '../lib/boot';
import { playerName, colorWord, oppositeColor } from './words';
import { sayClock, sayClockShort } from '../lib/timecontrol';

setBoot({
  page: 'home',
  params: {},
  lang: 'es',
  langs: ['es', 'en'],
  me: null,
  t: {
    'side.white': 'Blancas',
    'side.black': 'Negras',
    'ui.home.color.random': 'Al azar',
    'ui.home.player_rating': '{name} ({rating})',
    'ui.home.clock.game': '{minutes}+{increment}',
    'ui.home.clock.move_seconds': '{seconds} s por jugada',
    'ui.home.clock.move_minutes': '{minutes} min por jugada',
    'ui.home.clock.short_seconds': '{seconds} s',
    'ui.home.clock.short_minutes': '{minutes} min',
    'ui.home.clock.untimed': 'Sin reloj',
  },
});

test('colours are named, and a seek is met by the opposite colour', () => {
  assert.deepEqual(
    (['white', 'black', 'random'] as const).map((c) => [colorWord(c), oppositeColor(c)]),
    [
      ['Blancas', 'black'],
      ['Negras', 'white'],
      ['Al azar', 'random'],
    ],
  );
});

test('a person is named with their rating, rounded, when they have one', () => {
  assert.equal(playerName({ id: 'a', name: 'alba', rating: 1512.6 }), 'alba (1513)');
  assert.equal(playerName({ id: 'b', name: 'Oso Tenaz 3315' }), 'Oso Tenaz 3315');
  // A guest's rating is the starting one of every newcomer, and never used: it is not said.
  assert.equal(playerName({ id: 'c', name: 'Lince Veloz 4821', guest: true, rating: 1500 }), 'Lince Veloz 4821');
});

test('clocks are said in words, long and short', () => {
  const cases: [string, string, string][] = [
    ['5+3', '5+3', '5+3'],
    ['move:30s', '30 s por jugada', '30 s'],
    ['move:1m', '1 min por jugada', '1 min'],
    ['untimed', 'Sin reloj', 'Sin reloj'],
    ['nonsense', 'nonsense', 'nonsense'],
  ];
  for (const [text, long, short] of cases) {
    assert.equal(sayClock(text), long);
    assert.equal(sayClockShort(text), short);
  }
});
