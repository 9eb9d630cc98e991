// i18n.test.ts: the browser renders templates as package i18n does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from './i18n';

const catalogue = {
  'move.illegal': 'Jugada ilegal {move}: {piece:piece} de {from} no puede llegar a {to}',
  'piece.knight': 'el caballo',
  plain: 'Tablas',
};

test('render fills parameters and words of a family', () => {
  const cases: [string, Record<string, string> | undefined, string][] = [
    ['plain', undefined, 'Tablas'],
    ['move.illegal', { move: 'Cg1g3', piece: 'knight', from: 'g1', to: 'g3' }, 'Jugada ilegal Cg1g3: el caballo de g1 no puede llegar a g3'],
    ['move.illegal', { move: 'x', piece: 'dragon', from: 'a1', to: 'a2' }, 'Jugada ilegal x: dragon de a1 no puede llegar a a2'],
    ['move.illegal', {}, 'Jugada ilegal {move}: {piece:piece} de {from} no puede llegar a {to}'],
    ['missing.code', undefined, 'missing.code'],
  ];
  for (const [code, params, want] of cases) assert.equal(render(catalogue, code, params), want);
});
