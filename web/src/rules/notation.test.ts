// notation.test.ts: Spanish letters in and out, destinations from UCI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typedMove, shownSAN, dests, needsPromotion, echoTyped } from './notation';

test('typedMove reads Spanish letters on a Spanish page only', () => {
  const cases: [string, string, string][] = [
    ['Cf3', 'es', 'Nf3'],
    ['Rf1', 'es', 'Kf1'],
    ['Txa7', 'es', 'Rxa7'],
    ['Dxf7#', 'es', 'Qxf7#'],
    ['Axb5', 'es', 'Bxb5'],
    ['f8=C#', 'es', 'f8=N#'],
    ['f8C', 'es', 'f8=N'],
    [' e1g1 ', 'es', 'e1g1'],
    ['e7e8q', 'es', 'e7e8q'],
    ['O-O', 'es', 'O-O'],
    ['exd6', 'es', 'exd6'],
    ['Rf1', 'en', 'Rf1'],
    ['Nf3', 'en', 'Nf3'],
  ];
  for (const [typed, lang, want] of cases) assert.equal(typedMove(typed, lang), want, typed + ' ' + lang);
});

test('shownSAN writes Spanish letters on a Spanish page', () => {
  assert.equal(shownSAN('Nf3', 'es'), 'Cf3');
  assert.equal(shownSAN('Kxd2', 'es'), 'Rxd2');
  assert.equal(shownSAN('f8=N#', 'es'), 'f8=C#');
  assert.equal(shownSAN('O-O-O', 'es'), 'O-O-O');
  assert.equal(shownSAN('exd6', 'es'), 'exd6');
  assert.equal(shownSAN('Nf3', 'en'), 'Nf3');
});

test('dests groups legal moves by origin; promotions count once', () => {
  const m = dests([{ uci: 'e2e4' }, { uci: 'e2e3' }, { uci: 'a7a8q' }, { uci: 'a7a8n' }]);
  assert.deepEqual(m.get('e2'), ['e4', 'e3']);
  assert.deepEqual(m.get('a7'), ['a8']);
  assert.equal(needsPromotion([{ uci: 'a7a8q' }], 'a7', 'a8'), true);
  assert.equal(needsPromotion([{ uci: 'e2e4' }], 'e2', 'e4'), false);
});

test('echoTyped gives the refusal back with the move as typed', () => {
  assert.equal(echoTyped('Jugada ilegal Be2a6: el alfil de e2 no puede llegar a a6', 'Be2a6', 'Ae2a6'), 'Jugada ilegal Ae2a6: el alfil de e2 no puede llegar a a6');
  assert.equal(echoTyped('Jugada ilegal Kg1: no tienes una torre en h1', 'Kg1', 'Rg1'), 'Jugada ilegal Rg1: no tienes una torre en h1');
  assert.equal(echoTyped('Illegal move e2e5: the pawn on e2 cannot go to e5', 'e2e5', 'e2e5'), 'Illegal move e2e5: the pawn on e2 cannot go to e5');
  assert.equal(echoTyped('Jugada ilegal e1g1: …', 'e1g1', ''), 'Jugada ilegal e1g1: …');
});
