// speech.test.ts: moves in words, in each language's catalogue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from '../lib/boot';
import { describeMove } from './speech';
import es from '../../../i18n/ui/speech.es.json';
import en from '../../../i18n/ui/speech.en.json';

const catalogues: Record<string, Record<string, string>> = { es, en };

function inLang(lang: string): void {
  setBoot({ page: 'game', params: {}, lang, langs: ['es', 'en'], me: null, t: catalogues[lang] });
}

test('describeMove says a move in the page language', () => {
  const cases: [string, string, string, string][] = [
    // page language, SAN, lang given, words
    ['es', 'Nf3', 'en', 'Caballo a f3'],
    ['es', 'e4', 'en', 'Peón a e4'],
    ['es', 'exd5', 'en', 'Peón de e captura en d5'],
    ['es', 'O-O', 'en', 'Enroque corto'],
    ['es', 'O-O-O', 'en', 'Enroque largo'],
    ['es', 'Qh5+', 'en', 'Dama a h5, jaque'],
    ['es', 'Qxf7#', 'en', 'Dama captura en f7, jaque mate'],
    ['es', 'Bxc6', 'en', 'Alfil captura en c6'],
    ['es', 'Rd1', 'en', 'Torre a d1'],
    ['es', 'Kf1', 'en', 'Rey a f1'],
    ['es', 'Nbd7', 'en', 'Caballo de b a d7'],
    ['es', 'R1xe2', 'en', 'Torre de 1 captura en e2'],
    ['es', 'e8=Q', 'en', 'Peón a e8, promoción a dama'],
    ['es', 'exd8=N+', 'en', 'Peón de e captura en d8, promoción a caballo, jaque'],
    ['es', 'Nf3!?', 'en', 'Caballo a f3'],
    // The server's SAN on a Spanish page: R is still a rook.
    ['es', 'Rf1', 'es', 'Torre a f1'],
    ['es', 'Kf1', 'es', 'Rey a f1'],
    // The unambiguous Spanish letters are read too.
    ['es', 'Cf3', 'es', 'Caballo a f3'],
    ['es', 'Txe2', 'es', 'Torre captura en e2'],
    ['es', 'e8=D#', 'es', 'Peón a e8, promoción a dama, jaque mate'],
    ['en', 'Nf3', 'en', 'Knight to f3'],
    ['en', 'e4', 'en', 'Pawn to e4'],
    ['en', 'exd5', 'en', 'e pawn takes d5'],
    ['en', 'O-O', 'en', 'Short castle'],
    ['en', 'O-O-O+', 'en', 'Long castle, check'],
    ['en', 'Qh5+', 'en', 'Queen to h5, check'],
    ['en', 'Qxf7#', 'en', 'Queen takes f7, checkmate'],
    ['en', 'Ngf3', 'en', 'Knight on g to f3'],
    ['en', 'a8=R', 'en', 'Pawn to a8, promotes to rook'],
    ['en', 'bxa1=B', 'en', 'b pawn takes a1, promotes to bishop'],
    // What it cannot read comes back unchanged.
    ['en', '--', 'en', '--'],
    ['es', 'Zz9', 'en', 'Zz9'],
  ];
  for (const [lang, san, given, want] of cases) {
    inLang(lang);
    assert.equal(describeMove(san, given), want, `${lang} ${san}`);
  }
});

test('describeMove needs no language', () => {
  inLang('es');
  assert.equal(describeMove('Rxa8+'), 'Torre captura en a8, jaque');
  inLang('en');
  assert.equal(describeMove('Kxe2'), 'King takes e2');
});
