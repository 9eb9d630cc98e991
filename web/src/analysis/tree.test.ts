import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Tree, fromPgn, fromMoves, position, INITIAL_FEN } from './tree';

test('play adds moves, a second move from a position is a variation, the same move is not added twice', () => {
  const t = new Tree();
  const e4 = t.play([], 'e2e4')!;
  const e5 = t.play(e4, 'e7e5')!;
  const c5 = t.play(e4, 'c7c5')!;
  assert.deepEqual(t.play(e4, 'e7e5'), e5);
  assert.equal(t.play(e4, 'e7e4'), undefined, 'illegal');
  assert.deepEqual(
    t.at(e4).children.map((c) => c.san),
    ['e5', 'c5'],
  );
  assert.equal(t.at(c5).ply, 2);
  assert.deepEqual(t.sibling(e5, 1), c5);
  assert.deepEqual(t.sibling(c5, -1), e5);
  assert.deepEqual(t.sibling(e5, -1), e5);
  assert.deepEqual(t.mainline(), e5);
});

test('promote makes a variation the main line; remove deletes a move and what follows', () => {
  const t = new Tree();
  const e4 = t.play([], 'e2e4')!;
  t.play(t.play(e4, 'e7e5')!, 'g1f3');
  const c5 = t.play(e4, 'c7c5')!;
  t.promote(c5);
  assert.deepEqual(t.mainline(), c5);
  assert.deepEqual(t.remove(c5), e4);
  assert.deepEqual(
    t.at(e4).children.map((c) => c.san),
    ['e5'],
  );
  assert.deepEqual(t.remove([]), []);
});

test('PGN export and import keep the variations and the comments', () => {
  const t = new Tree();
  const e4 = t.play([], 'e2e4')!;
  const e5 = t.play(e4, 'e7e5')!;
  t.at(e5).comment = 'la respuesta clásica';
  const nf3 = t.play(e5, 'g1f3')!;
  const c5 = t.play(e4, 'c7c5')!;
  t.play(c5, 'g1f3');
  t.play(nf3, 'b8c6');
  const pgn = t.pgn([['Event', 'Análisis']]);
  assert.match(pgn, /1\. e4 e5 \{ la respuesta clásica \} \( 1\.\.\. c5 2\. Nf3 \) 2\. Nf3 Nc6 \*/);
  const back = fromPgn(pgn)!;
  assert.equal(back.pgn([['Event', 'Análisis']]), pgn);
  assert.equal(back.at(back.mainline().slice(0, 2)).comment, 'la respuesta clásica');
});

test('a tree from a FEN writes its FEN and SetUp tags and reads them back', () => {
  const fen = 'rnbqkbnr/pppp1ppp/8/4p3/5P2/8/PPPPP1PP/RNBQKBNR w KQkq - 0 2';
  const { tree, path } = fromMoves(fen, ['g2g4', 'd8h4', 'a2a3'])!;
  assert.equal(path.length, 2, 'no move after the mate');
  assert.equal(tree.at(path).san, 'Qh4#');
  const pgn = tree.pgn();
  assert.match(pgn, /\[SetUp "1"\]\n\[FEN "rnbqkbnr\/pppp1ppp\/8\/4p3\/5P2\/8\/PPPPP1PP\/RNBQKBNR w KQkq - 0 2"\]/);
  assert.match(pgn, /2\. g4 Qh4# \*/);
  assert.equal(fromPgn(pgn)!.root.fen, fen);
  assert.equal(fromMoves('not a fen', []), undefined);
  assert.equal(position('8/8/8/8/8/8/8/8 w - - 0 1'), undefined, 'no kings');
  assert.equal(new Tree().root.fen, INITIAL_FEN);
});

test('an illegal move in a PGN ends its line, keeping what came before', () => {
  const t = fromPgn('1. e4 e5 2. Ke3 Nc6 *')!;
  assert.deepEqual(
    t.mainline().map((id, i, all) => t.at(all.slice(0, i + 1)).san),
    ['e4', 'e5'],
  );
  assert.equal(fromPgn(''), undefined);
});
