import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openingName } from './opening';

test('openingName picks the page language and falls back to English', () => {
  const o = { eco: 'B20', name: 'Sicilian Defense', names: { es: 'Defensa Siciliana', en: 'Sicilian Defense' } };
  assert.equal(openingName(o, 'es'), 'Defensa Siciliana');
  assert.equal(openingName(o, 'en'), 'Sicilian Defense');
  assert.equal(openingName(o, 'fr'), 'Sicilian Defense');
  assert.equal(openingName({ eco: 'C60', name: 'Ruy Lopez' }, 'es'), 'Ruy Lopez');
});
