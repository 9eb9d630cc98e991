// annotate.ts writes a game's analysis into the PGN the review page's
// viewer reads: each marked move's NAG (?!, ?, ??), and on the position
// before it two arrows, the engine's better move in green and the move
// played in red ([%cal], which the viewer draws with chessground's
// shapes).
import { parsePgn, makePgn, emptyHeaders } from 'chessops/pgn';
import { type Report, type Ply, nags } from './report';

/** arrows is the [%cal] command of the arrows for the move m, played from the position before it; '' when m is not marked. */
export function arrows(m: Ply | undefined): string {
  if (!m?.judgement || !m.best) return '';
  return `[%cal G${m.best.slice(0, 4)},R${m.uci.slice(0, 4)}]`;
}

/** annotate returns pgn with r's marks and arrows on its main line (pgn itself when it does not parse). */
export function annotate(pgn: string, r: Report): string {
  const game = parsePgn(pgn, emptyHeaders)[0];
  if (!game) return pgn;
  const first = arrows(r.plies[0]);
  if (first) game.comments = [...(game.comments ?? []), first];
  let node = game.moves;
  let ply = 0;
  while (node.children[0]) {
    node = node.children[0];
    ply++;
    const data = (node as typeof node & { data: { nags?: number[]; comments?: string[] } }).data;
    const m = r.plies[ply - 1];
    if (m?.judgement) data.nags = [nags[m.judgement]];
    const next = arrows(r.plies[ply]);
    if (next) data.comments = [...(data.comments ?? []), next];
  }
  return makePgn(game);
}
