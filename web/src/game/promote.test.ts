// promote.test.ts: the auto-queen setting decides which promotions ask.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { autoPromotion } from './promote';

test('autoPromotion follows the setting; a premove never asks', () => {
  const all = ['q', 'r', 'b', 'n'];
  const cases: [Parameters<typeof autoPromotion>, string | undefined][] = [
    [['always', false, all], 'q'],
    [['always', true, all], 'q'],
    [['premove', false, all], undefined],
    [['premove', true, all], 'q'],
    [['never', false, all], undefined],
    [['never', true, all], 'q'],
    [['always', false, []], undefined],
    [['always', false, ['n']], 'n'],
  ];
  for (const [args, want] of cases) assert.equal(autoPromotion(...args), want, JSON.stringify(args));
});
