import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInfo } from './engine';

test('parseInfo reads depth, rank, score and line', () => {
  assert.deepEqual(parseInfo('info depth 12 seldepth 19 multipv 2 score cp -68 nodes 160077 nps 114668 hashfull 92 tbhits 0 time 1396 pv e7e5 g1f3 b8c6'), {
    multipv: 2,
    depth: 12,
    cp: -68,
    pv: ['e7e5', 'g1f3', 'b8c6'],
  });
  assert.deepEqual(parseInfo('info depth 3 score mate -1 pv d8h4'), { multipv: 1, depth: 3, mate: -1, pv: ['d8h4'] });
  assert.equal(parseInfo('info depth 9 score cp 20 lowerbound pv e2e4'), undefined);
  assert.equal(parseInfo('info string NNUE evaluation disabled'), undefined);
  assert.equal(parseInfo('bestmove e2e4 ponder e7e5'), undefined);
  assert.equal(parseInfo('info depth 1 currmove e2e4 currmovenumber 1'), undefined);
});
