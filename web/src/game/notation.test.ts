// notation.test.ts: the move list's letters in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localSan } from './notation';

test('localSan writes Spanish piece letters on a Spanish page and leaves English alone', () => {
  const cases: [string, string, string][] = [
    ['Nf3', 'es', 'Cf3'],
    ['Qh4#', 'es', 'Dh4#'],
    ['Rxe8+', 'es', 'Txe8+'],
    ['Bb5', 'es', 'Ab5'],
    ['Kh8', 'es', 'Rh8'],
    ['Nbd2', 'es', 'Cbd2'],
    ['hxg8=N', 'es', 'hxg8=C'],
    ['e8=Q+', 'es', 'e8=D+'],
    ['bxc3', 'es', 'bxc3'],
    ['O-O-O', 'es', 'O-O-O'],
    ['e4', 'es', 'e4'],
    ['Nf3', 'en', 'Nf3'],
    ['hxg8=N', 'en', 'hxg8=N'],
    ['Nf3', 'fr', 'Nf3'],
  ];
  for (const [san, lang, want] of cases) assert.equal(localSan(san, lang), want, `${san} in ${lang}`);
});
