// keyboard.test.ts: what players type becomes the legal move they meant, in
// either language's letters, or a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchMove, Match } from './keyboard';

const start = {
  fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  legal: ['b1a3', 'b1c3', 'g1f3', 'g1h3', 'a2a3', 'b2b3', 'c2c3', 'd2d3', 'e2e3', 'f2f3', 'g2g3', 'h2h3', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'e2e4', 'f2f4', 'g2g4', 'h2h4'],
};
// 1.e4 d5: exd5.
const scandinavian = {
  fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2',
  legal: ['e1e2', 'b1a3', 'b1c3', 'g1e2', 'g1f3', 'g1h3', 'd1e2', 'd1f3', 'd1g4', 'd1h5', 'f1e2', 'f1d3', 'f1c4', 'f1b5', 'f1a6', 'a2a3', 'b2b3', 'c2c3', 'd2d3', 'f2f3', 'g2g3', 'h2h3', 'e4e5', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'f2f4', 'g2g4', 'h2h4', 'e4d5'],
};
// Both sides may castle either way (white to move).
const castles = {
  fen: 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1',
  legal: ['e1d1', 'e1f1', 'e1e2', 'e1c1', 'e1g1', 'c3b1', 'c3d1', 'c3e2', 'c3a4', 'c3b5', 'c3d5', 'f3g1', 'f3d4', 'f3h4', 'f3e5', 'f3g5', 'd2c1', 'e3d4', 'e3f4', 'e3c5', 'e3g5', 'e3h6', 'c4b3', 'c4b5', 'c4d5', 'c4a6', 'c4e6', 'a1b1', 'a1c1', 'a1d1', 'h1f1', 'h1g1', 'd2d1', 'd2e2', 'a2a3', 'b2b3', 'g2g3', 'h2h3', 'd3d4', 'a2a4', 'b2b4', 'g2g4', 'h2h4'],
};
// The same position as a server writing castling as king takes rook would send it.
const castlesKxR = { fen: castles.fen, legal: castles.legal.map((u) => (u === 'e1g1' ? 'e1h1' : u === 'e1c1' ? 'e1a1' : u)) };
// Black: both knights (b8, f6) reach d7.
const knights = {
  fen: 'rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 3',
  legal: ['e8d7', 'f6e4', 'f6g4', 'f6h5', 'f6d7', 'f6g8', 'b8a6', 'b8c6', 'b8d7', 'c8h3', 'c8g4', 'c8f5', 'c8e6', 'c8d7', 'd8d6', 'd8d7', 'h8g8', 'a7a6', 'b7b6', 'c7c6', 'e7e6', 'g7g6', 'h7h6', 'a7a5', 'b7b5', 'c7c5', 'e7e5', 'g7g5', 'h7h5'],
};
// Rooks on e1 and e3 both reach e2.
const rooks = {
  fen: 'k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1',
  legal: ['g1f1', 'g1h1', 'g1f2', 'g1g2', 'g1h2', 'e1a1', 'e1b1', 'e1c1', 'e1d1', 'e1f1', 'e1e2', 'e3e2', 'e3a3', 'e3b3', 'e3c3', 'e3d3', 'e3f3', 'e3g3', 'e3h3', 'e3e4', 'e3e5', 'e3e6', 'e3e7', 'e3e8'],
};
// e7 promotes on e8 or by taking on d8.
const promo = {
  fen: '3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1',
  legal: ['e1f1', 'e1e2', 'e1f2', 'e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e7d8q', 'e7d8r', 'e7d8b', 'e7d8n'],
};
// The b2 pawn and the d2 bishop both take on c3.
const bFile = {
  fen: '4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1',
  legal: ['e1f1', 'e1f2', 'd2c1', 'd2c3', 'd2e3', 'd2f4', 'd2g5', 'd2h6', 'b2b3', 'b2b4', 'b2c3'],
};
// King e1 and rook a1: R is the king in Spanish and the rook in English.
const kingRook = {
  fen: '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1',
  legal: ['e1d1', 'e1f1', 'e1d2', 'e1e2', 'e1f2', 'e1c1', 'a1b1', 'a1c1', 'a1d1', 'a1a2', 'a1a3', 'a1a4', 'a1a5', 'a1a6', 'a1a7', 'a1a8'],
};
// 1.e4 e5: Qh5 and Bb5.
const openGame = {
  fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
  legal: ['e1e2', 'b1a3', 'b1c3', 'g1e2', 'g1f3', 'g1h3', 'd1e2', 'd1f3', 'd1g4', 'd1h5', 'f1e2', 'f1d3', 'f1c4', 'f1b5', 'f1a6', 'a2a3', 'b2b3', 'c2c3', 'd2d3', 'f2f3', 'g2g3', 'h2h3', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'f2f4', 'g2g4', 'h2h4'],
};
// e5 takes d6 en passant.
const enPassant = {
  fen: 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3',
  legal: ['e1e2', 'b1a3', 'b1c3', 'g1e2', 'g1f3', 'g1h3', 'd1e2', 'd1f3', 'd1g4', 'd1h5', 'f1e2', 'f1d3', 'f1c4', 'f1b5', 'f1a6', 'a2a3', 'b2b3', 'c2c3', 'd2d3', 'f2f3', 'g2g3', 'h2h3', 'e5e6', 'a2a4', 'b2b4', 'c2c4', 'd2d4', 'f2f4', 'g2g4', 'h2h4', 'e5d6'],
};
// Black castles.
const blackCastles = {
  fen: 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1',
  legal: ['e8d7', 'e8e7', 'e8f7', 'e8d8', 'e8f8', 'e8c8', 'e8g8', 'a8a1', 'a8a2', 'a8a3', 'a8a4', 'a8a5', 'a8a6', 'a8a7', 'a8b8', 'a8c8', 'a8d8', 'h8h1', 'h8h2', 'h8h3', 'h8h4', 'h8h5', 'h8h6', 'h8h7', 'h8f8', 'h8g8'],
};

type Pos = { fen: string; legal: string[] };
const play = (uci: string): Match => ({ uci });
const syntax = (move: string): Match => ({ error: 'ui.keyboard.syntax', params: { move } });
const illegal = (move: string): Match => ({ error: 'ui.keyboard.illegal', params: { move } });
const ambiguous = (move: string, candidates: string): Match => ({ error: 'ui.keyboard.ambiguous', params: { move, candidates } });

test('matchMove finds the legal move typed', () => {
  const cases: [string, Pos, string, string, Match][] = [
    // pawns
    ['pawn push', start, 'e4', 'es', play('e2e4')],
    ['pawn push, capital file', start, 'E4', 'en', play('e2e4')],
    ['pawn one step', start, 'e3', 'en', play('e2e3')],
    ['pawn capture with x', scandinavian, 'exd5', 'es', play('e4d5')],
    ['pawn capture without x', scandinavian, 'ed5', 'en', play('e4d5')],
    ['pawn capture with a colon', scandinavian, 'e:d5', 'es', play('e4d5')],
    ['en passant', enPassant, 'exd6', 'en', play('e5d6')],
    ['en passant marked', enPassant, 'exd6 e.p.', 'es', play('e5d6')],
    ['a push is not a capture', scandinavian, 'd5', 'es', illegal('d5')],
    // pieces, both languages' letters
    ['knight, English', start, 'Nf3', 'en', play('g1f3')],
    ['knight, Spanish', start, 'Cf3', 'es', play('g1f3')],
    ['knight, Spanish letter on an English page', start, 'Cf3', 'en', play('g1f3')],
    ['knight, English letter on a Spanish page', start, 'Nf3', 'es', play('g1f3')],
    ['knight, small n', start, 'nf3', 'es', play('g1f3')],
    ['knight, small c is no pawn capture here', start, 'cf3', 'es', play('g1f3')],
    ['knight, all capitals', start, 'NF3', 'en', play('g1f3')],
    ['knight, long algebraic', start, 'Ng1-f3', 'en', play('g1f3')],
    ['queen, English', openGame, 'Qh5', 'en', play('d1h5')],
    ['queen, Spanish', openGame, 'Dh5', 'es', play('d1h5')],
    ['queen, small d is no pawn move here', openGame, 'dh5', 'es', play('d1h5')],
    ['bishop, English', openGame, 'Bb5', 'en', play('f1b5')],
    ['bishop, Spanish', openGame, 'Ab5', 'es', play('f1b5')],
    ['bishop, small b is no pawn move here', openGame, 'bb5', 'en', play('f1b5')],
    ['rook, Spanish', kingRook, 'Td1', 'es', play('a1d1')],
    ['rook, Spanish letter on an English page', kingRook, 'Td1', 'en', play('a1d1')],
    ['R is the rook in English', kingRook, 'Rd1', 'en', play('a1d1')],
    ['R is the king in Spanish', kingRook, 'Rd1', 'es', play('e1d1')],
    ['r is the king in Spanish', kingRook, 'rd2', 'es', play('e1d2')],
    ['R in English is never the king', kingRook, 'Rd2', 'en', illegal('Rd2')],
    ['K is the king in either', kingRook, 'Kd2', 'es', play('e1d2')],
    ['the b pawn takes', bFile, 'bxc3', 'en', play('b2c3')],
    ['the b pawn takes without x', bFile, 'bc3', 'en', play('b2c3')],
    ['the bishop takes', bFile, 'Bxc3', 'en', play('d2c3')],
    ['the alfil takes', bFile, 'Axc3', 'es', play('d2c3')],
    ['B4 is the pawn: no bishop move is written so', bFile, 'B4', 'en', play('b2b4')],
    // disambiguation
    ['knight by file', knights, 'Nbd7', 'en', play('b8d7')],
    ['caballo by file', knights, 'Cfd7', 'es', play('f6d7')],
    ['knight by rank', knights, 'N8d7', 'en', play('b8d7')],
    ['knight by square', knights, 'Nf6d7', 'en', play('f6d7')],
    ['rook by rank', rooks, 'R1e2', 'en', play('e1e2')],
    ['torre by rank', rooks, 'T3e2', 'es', play('e3e2')],
    ['ambiguous knights, Spanish', knights, 'Cd7', 'es', ambiguous('Cd7', 'Cfd7, Cbd7')],
    ['ambiguous knights, English', knights, 'Nd7', 'en', ambiguous('Nd7', 'Nfd7, Nbd7')],
    ['ambiguous rooks', rooks, 'Re2', 'en', ambiguous('Re2', 'R1e2, R3e2')],
    ['ambiguous torres', rooks, 'Te2', 'es', ambiguous('Te2', 'T1e2, T3e2')],
    // castling
    ['short castle', castles, 'O-O', 'es', play('e1g1')],
    ['short castle with zeros', castles, '0-0', 'en', play('e1g1')],
    ['short castle, small o', castles, 'o-o', 'en', play('e1g1')],
    ['long castle', castles, 'O-O-O', 'es', play('e1c1')],
    ['long castle with zeros', castles, '0-0-0', 'es', play('e1c1')],
    ['long castle without dashes', castles, 'OOO', 'en', play('e1c1')],
    ['black castles short', blackCastles, 'O-O', 'es', play('e8g8')],
    ['black castles long', blackCastles, 'O-O-O', 'en', play('e8c8')],
    ['castle as the king step', castles, 'e1g1', 'en', play('e1g1')],
    ['castle as king takes rook', castles, 'e1h1', 'en', play('e1g1')],
    ['castle as Kg1', castles, 'Kg1', 'en', play('e1g1')],
    ['king takes rook server: O-O', castlesKxR, 'O-O', 'es', play('e1h1')],
    ['king takes rook server: O-O-O', castlesKxR, 'O-O-O', 'es', play('e1a1')],
    ['king takes rook server: the king step', castlesKxR, 'e1g1', 'en', play('e1h1')],
    ['king takes rook server: king takes rook', castlesKxR, 'e1h1', 'en', play('e1h1')],
    ['mixed castle marks are not castling', castles, 'O-0', 'en', syntax('O-0')],
    // promotion
    ['promotion with =', promo, 'e8=Q', 'en', play('e7e8q')],
    ['promotion without =', promo, 'e8Q', 'en', play('e7e8q')],
    ['promotion to a dama', promo, 'e8=D', 'es', play('e7e8q')],
    ['promotion to a caballo', promo, 'e8C', 'es', play('e7e8n')],
    ['promotion to a torre', promo, 'e8=T', 'es', play('e7e8r')],
    ['promotion to an alfil', promo, 'e8=A', 'es', play('e7e8b')],
    ['promotion to a rook, R in Spanish too', promo, 'e8=R', 'es', play('e7e8r')],
    ['promotion to a knight, small letter', promo, 'e8n', 'en', play('e7e8n')],
    ['promotion taking', promo, 'exd8=Q', 'en', play('e7d8q')],
    ['promotion taking without x', promo, 'ed8n', 'en', play('e7d8n')],
    ['promotion in UCI', promo, 'e7e8q', 'en', play('e7e8q')],
    ['promotion in UCI with a Spanish letter', promo, 'e7e8d', 'es', play('e7e8q')],
    ['promotion without its piece', promo, 'e8', 'es', ambiguous('e8', 'e8=D, e8=T, e8=A, e8=C')],
    ['promotion without its piece, English', promo, 'exd8', 'en', ambiguous('exd8', 'exd8=Q, exd8=R, exd8=B, exd8=N')],
    ['UCI promotion without its piece', promo, 'e7e8', 'en', ambiguous('e7e8', 'e8=Q, e8=R, e8=B, e8=N')],
    ['no promotion on a push that does not promote', start, 'e4=Q', 'en', illegal('e4=Q')],
    // marks
    ['check mark', openGame, 'Qh5+', 'en', play('d1h5')],
    ['mate mark', openGame, 'Dh5#', 'es', play('d1h5')],
    ['annotations', openGame, 'Ab5!?', 'es', play('f1b5')],
    ['check and annotation', openGame, 'Bb5+!', 'en', play('f1b5')],
    ['spaces around', start, '  e4 ', 'es', play('e2e4')],
    // UCI
    ['UCI', start, 'e2e4', 'en', play('e2e4')],
    ['UCI in capitals', start, 'E2E4', 'es', play('e2e4')],
    ['UCI with a dash', start, 'e2-e4', 'es', play('e2e4')],
    ['UCI of a knight', start, 'g1f3', 'es', play('g1f3')],
    ['UCI that is not legal', start, 'e2e5', 'en', illegal('e2e5')],
    // errors
    ['not a move', start, 'hola', 'es', syntax('hola')],
    ['empty', start, '   ', 'es', syntax('')],
    ['off the board', start, 'e9', 'en', syntax('e9')],
    ['a piece with no square', start, 'Nf', 'en', syntax('Nf')],
    ['an illegal knight move', start, 'Nf4', 'en', illegal('Nf4')],
    ['an illegal caballo move', start, 'Cf4', 'es', illegal('Cf4')],
    ['an illegal pawn move', start, 'e5', 'es', illegal('e5')],
    ['a king that cannot move', start, 'Ke2', 'en', illegal('Ke2')],
    ['castling not allowed', start, 'O-O', 'es', illegal('O-O')],
    ['no legal moves at all', { fen: start.fen, legal: [] }, 'e4', 'es', illegal('e4')],
  ];
  for (const [name, pos, input, lang, want] of cases) {
    assert.deepEqual(matchMove(input, pos.legal, pos.fen, lang), want, name);
  }
});
