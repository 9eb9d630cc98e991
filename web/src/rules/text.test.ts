// text.test.ts: **strong** words.
import './window.testenv';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rich } from './text';

test('rich marks **strong** words and leaves an unclosed ** as text', () => {
  const r = rich('a **b** c');
  assert.equal(r.length, 3);
  assert.equal(r[0], 'a ');
  assert.equal((r[1] as any).sel, 'strong');
  assert.equal((r[1] as any).text, 'b');
  assert.equal(r[2], ' c');
  assert.deepEqual(rich('plain'), ['plain']);
  assert.deepEqual(rich('a **b'), ['a ', 'b']);
});
