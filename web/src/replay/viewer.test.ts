// viewer.test.ts: pgn-viewer gets its own rules only (no chessground, no
// data: font), a PGN without the server's English comments, and every text
// it can show from the catalogues.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import raw from '../../node_modules/@lichess-org/pgn-viewer/dist/lichess-pgn-viewer.css' with { type: 'text' };
import es from '../../../i18n/ui/replay.es.json';
import en from '../../../i18n/ui/replay.en.json';
import { setBoot } from '../lib/boot';
import { viewerCss, pgnForViewer, translateViewer, viewerTexts, squareLabel } from './viewer';

test('viewerCss keeps the .lpv rules and drops chessground and the font', () => {
  const css = viewerCss(raw);
  assert.ok(css.startsWith('.lpv'), css.slice(0, 40));
  assert.ok(css.includes('.lpv--moves-auto'));
  assert.ok(!/(^|\})\s*cg-board\s*\{/.test(css), 'no chessground board rule');
  assert.ok(!css.includes('piece.pawn.white'), 'no pieces');
  assert.ok(!css.includes('@font-face'), 'no font');
  assert.throws(() => viewerCss('cg-board{}'));
});

test('pgnForViewer keeps the clocks and drops the words', () => {
  const pgn = '[Event "JoinPal"]\n[Result "0-1"]\n\n1. f3 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:04:59.99]}\n2... Qh4# {[%clk 0:04:59.989] Black wins by checkmate} 0-1\n';
  assert.equal(
    pgnForViewer(pgn),
    '[Event "JoinPal"]\n[Result "0-1"]\n\n1. f3 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:04:59.99]}\n2... Qh4# {[%clk 0:04:59.989]} 0-1\n',
  );
  assert.equal(pgnForViewer('[Result "*"]\n\n1. e4 {a note} *\n'), '[Result "*"]\n\n1. e4  *\n');
});

test('pgnForViewer names the players as the page does, quoting what needs it', () => {
  const pgn = '[Event "JoinPal"]\n[White "Lince \\"Veloz\\" 4821"]\n[Black "Fácil"]\n[WhiteElo "1500"]\n[Result "1-0"]\n\n1. e4 1-0\n';
  assert.equal(
    pgnForViewer(pgn, { white: 'Lince "Veloz" 4821', black: 'the AI (Easy)' }),
    '[Event "JoinPal"]\n[White "Lince \\"Veloz\\" 4821"]\n[Black "the AI (Easy)"]\n[WhiteElo "1500"]\n[Result "1-0"]\n\n1. e4 1-0\n',
  );
  assert.equal(pgnForViewer('[White "a"]\n\n*', { white: 'x\\y', black: 'b' }), '[White "x\\\\y"]\n\n*');
});

test('translateViewer writes the viewer\'s placeholders and names what it lacks', () => {
  setBoot({
    page: 'replay', params: {}, lang: 'es', langs: ['es', 'en'], me: null,
    t: { 'ui.replay.lpv.aria.move': 'Jugada {1}, {2}: {3}', 'ui.replay.lpv.menu': 'Menú' },
  });
  assert.equal(translateViewer('aria.move'), 'Jugada %1$s, %2$s: %3$s');
  assert.equal(translateViewer('menu'), 'Menú');
  assert.equal(translateViewer('viewOnLichess'), undefined);
});

test('every viewer text has a text in both catalogues', () => {
  for (const [lang, cat] of Object.entries({ es, en }) as [string, Record<string, string>][]) {
    for (const key of viewerTexts) assert.ok(cat['ui.replay.lpv.' + key], `${lang}: ui.replay.lpv.${key}`);
  }
});

test("squareLabel says the accessible board's squares in the page's language", () => {
  const catalogues = { es, en } as Record<string, Record<string, string>>;
  const cases: [string, string, string | undefined][] = [
    ['es', 'A8 negras torre', 'a8: torre negra'],
    ['es', 'E1 blancas rey', 'e1: rey blanco'],
    ['es', 'D8 negras dama', 'd8: dama negra'],
    ['es', 'C6 vacía', 'c6: vacía'],
    ['en', 'A8 black rook', 'a8: black rook'],
    ['en', 'H2 white pawn', 'h2: white pawn'],
    ['en', 'B3 empty', 'b3: empty'],
    // Already rewritten, or not a square's name: left as it is.
    ['es', 'a8: torre negra', undefined],
    ['es', 'A8 negras', undefined],
    ['en', 'I9 black rook', undefined],
  ];
  for (const [lang, label, want] of cases) {
    setBoot({ page: 'replay', params: {}, lang, langs: ['es', 'en'], me: null, t: catalogues[lang] });
    assert.equal(squareLabel(label), want, `${lang}: ${label}`);
  }
});
