// outbox.test.ts: a move keeps its id until it is answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Outbox } from './outbox';

test('moves wait with their ids until ack or error, and are resent as they were', () => {
  const o = new Outbox(17);
  const a = o.add('e2e4', 0, 80);
  assert.deepEqual(a, { uci: 'e2e4', ply: 0, id: 17, lag: 80 });
  const draw = o.id();
  assert.equal(draw, 18);
  const b = o.add('g1f3', 2);
  assert.deepEqual(b, { uci: 'g1f3', ply: 2, id: 19 });
  assert.deepEqual(o.waiting(), [a, b], 'after a reconnection the same frames go again');
  assert.equal(o.answered(draw), false, 'an action is no move');
  assert.equal(o.answered(17), true);
  assert.equal(o.answered(17), false);
  assert.equal(o.answered(undefined), false);
  assert.deepEqual(o.waiting(), [b]);
  o.clear();
  assert.equal(o.size, 0);
});
