// settings.test.ts: settings read from anywhere (localStorage, the boot
// data) keep only what is valid, over the defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from './boot';
import { clean, defaults } from './settings';

setBoot({ page: 'settings', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: {} });

test('clean keeps valid fields and defaults the rest', () => {
  const cases: [unknown, Partial<typeof defaults>][] = [
    [undefined, {}],
    ['not an object', {}],
    [{ board: 'blue', pieces: 'letter', zen: true, volume: 30, lang: 'en' }, { board: 'blue', pieces: 'letter', zen: true, volume: 30, lang: 'en' }],
    [{ board: 'purple', pieces: 7, autoQueen: 'sometimes', takebacks: 'rated', lang: 'fr' }, {}],
    [{ volume: 101 }, {}],
    [{ volume: -1 }, {}],
    [{ volume: 2.5 }, {}],
    [{ volume: 0, sound: false }, { volume: 0, sound: false }],
    [{ confirmResign: 'yes', confirmMove: true, autoQueen: 'always', takebacks: 'never' }, { confirmMove: true, autoQueen: 'always', takebacks: 'never' }],
  ];
  for (const [raw, want] of cases) assert.deepEqual(clean(raw), { ...defaults, ...want }, JSON.stringify(raw));
});
