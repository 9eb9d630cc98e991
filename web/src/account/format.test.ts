// format.test.ts: a game list's facts said in words, from the API's
// shapes, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from '../lib/boot';
import { sayTimeControl, saySpeed, playerName, profileLink, verdict, sayHow, sideOf, signed, gameLink, Summary } from './format';

const catalogue: Record<string, string> = {
  'ui.home.clock.untimed': 'Sin reloj',
  'ui.home.clock.game': '{minutes}+{increment}',
  'ui.home.clock.move_seconds': '{seconds} s por jugada',
  'ui.home.clock.move_minutes': '{minutes} min por jugada',
  'ui.home.speed.blitz': 'Relámpago',
  'ui.account.ai': 'la IA ({level})',
  'level.2': 'Fácil',
  'termination.checkmate': 'Jaque mate',
  'termination.abandonment': 'Abandono por desconexión',
};
setBoot({ page: 'profile', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: catalogue });

test('sayTimeControl says each form the server writes', () => {
  const cases: [string, string][] = [
    ['5+3', '5+3'],
    ['untimed', 'Sin reloj'],
    ['move:30s', '30 s por jugada'],
    ['move:2m', '2 min por jugada'],
    ['odd', 'odd'],
  ];
  for (const [tc, want] of cases) assert.equal(sayTimeControl(tc), want);
  assert.equal(saySpeed('blitz'), 'Relámpago');
  assert.equal(saySpeed('hyper'), 'hyper');
});

test('players: an AI by its level, a link only for an account', () => {
  assert.equal(playerName({ id: 'x', name: 'Fácil', aiLevel: 2 }), 'la IA (Fácil)');
  assert.equal(playerName({ id: 'x', name: 'ana' }), 'ana');
  // Opening a line, the AI starts with a capital; a person's name never changes.
  assert.equal(playerName({ id: 'x', name: 'Fácil', aiLevel: 2 }, true), 'La IA (Fácil)');
  assert.equal(playerName({ id: 'x', name: 'ana' }, true), 'ana');
  assert.equal(playerName(undefined, true), '?');
  assert.equal(profileLink({ name: 'ana_b-2' }), '/@/ana_b-2');
  assert.equal(profileLink({ name: 'Lince Veloz 4821' }), undefined);
  assert.equal(profileLink({ name: 'Easy', aiLevel: 2 }), undefined);
});

test('verdict and sayHow tell how a game went for one side', () => {
  const g = (status: string, result: string, winner?: 'white' | 'black') => ({ status, result, winner });
  const cases: [ReturnType<typeof g>, 'white' | 'black', string, string][] = [
    [g('mate', '0-1', 'black'), 'black', 'win', 'Jaque mate'],
    [g('mate', '0-1', 'black'), 'white', 'loss', 'Jaque mate'],
    [g('draw', '1/2-1/2'), 'white', 'draw', ''],
    [g('timeout', '0-0'), 'white', 'loss', 'Abandono por desconexión'],
    [g('aborted', '*'), 'white', 'aborted', ''],
    [g('started', '*'), 'black', 'playing', ''],
  ];
  for (const [game, side, want, how] of cases) {
    assert.equal(verdict(game, side), want, `${game.status} ${side}`);
    assert.equal(sayHow(game.status), how, game.status);
  }
});

test('sideOf, signed and gameLink', () => {
  const s = { id: 'g1', status: 'mate', players: { white: { id: 'a', name: 'ana' }, black: { id: 'b', name: 'beto' } } } as unknown as Summary;
  assert.equal(sideOf(s, 'a'), 'white');
  assert.equal(sideOf(s, 'b'), 'black');
  assert.equal(sideOf(s, 'c'), undefined);
  assert.deepEqual([signed(12), signed(-8), signed(0)], ['+12', '−8', '0']);
  assert.equal(gameLink(s), '/replay/g1');
  assert.equal(gameLink({ id: 'g2', status: 'started' }), '/game/g2');
});
