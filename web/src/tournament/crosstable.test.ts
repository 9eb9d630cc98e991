// crosstable.test.ts: a crosstable's cells said in symbols and in words,
// from the page JSON's shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from '../lib/boot';
import { cellText, cellLabel, Cell } from './crosstable';

const catalogue: Record<string, string> = {
  'ui.tournament.crosstable.bye': 'descanso',
  'ui.tournament.crosstable.colour.w': 'b',
  'ui.tournament.crosstable.colour.b': 'n',
  'ui.tournament.crosstable.pending': 'por decidir',
  'ui.tournament.crosstable.say_absent': 'Ronda {round}: no jugó',
  'ui.tournament.crosstable.say_bye.half': 'Ronda {round}: descanso de medio punto',
  'ui.tournament.crosstable.say_game.w': 'Ronda {round}: con blancas contra el número {opponent}, {result}',
  'ui.tournament.crosstable.say_game.b': 'Ronda {round}: con negras contra el número {opponent}, {result}',
};
setBoot({ page: 'tournament', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: catalogue });

test('cellText writes opponent, colour and result, byes and absences', () => {
  const cases: [Cell, string][] = [
    [{ opponent: 12, colour: 'b', result: '1' }, '12n1'],
    [{ opponent: 3, colour: 'w', result: '½' }, '3b½'],
    [{ opponent: 4, colour: 'w', result: '+' }, '4b+'],
    [{ opponent: 4, colour: 'b', result: '−' }, '4n−'],
    [{ opponent: 7, colour: 'w', result: '' }, '7b'],
    [{ bye: 'pairing', result: '1' }, 'descanso 1'],
    [{ bye: 'half', result: '½' }, 'descanso ½'],
    [{ result: '−' }, '−'],
  ];
  for (const [c, want] of cases) {
    assert.equal(cellText(c), want, JSON.stringify(c));
  }
});

test('cellLabel says the cell in words', () => {
  assert.equal(cellLabel({ opponent: 12, colour: 'b', result: '1' }, 2), 'Ronda 2: con negras contra el número 12, 1');
  assert.equal(cellLabel({ opponent: 7, colour: 'w', result: '' }, 3), 'Ronda 3: con blancas contra el número 7, por decidir');
  assert.equal(cellLabel({ bye: 'half', result: '½' }, 1), 'Ronda 1: descanso de medio punto');
  assert.equal(cellLabel({ result: '−' }, 4), 'Ronda 4: no jugó');
});
