// describe.ts says in words where the pieces stand, for screen readers
// (the board itself is drawn for the eye). It reads only the placement
// field of the FEN the server sent.
import { t } from '../lib/i18n';

const names: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const order = ['k', 'q', 'r', 'b', 'n', 'p'];

/** pieces lists each side's pieces of a FEN's placement, king first: [{type, square}]. */
export function pieces(fen: string): { white: { type: string; square: string }[]; black: { type: string; square: string }[] } {
  const out = { white: [] as { type: string; square: string }[], black: [] as { type: string; square: string }[] };
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') {
        file += Number(c);
        continue;
      }
      const lower = c.toLowerCase();
      if (names[lower]) (c === lower ? out.black : out.white).push({ type: lower, square: String.fromCharCode(97 + file) + String(8 - i) });
      file++;
    }
  });
  const byOrder = (a: { type: string; square: string }, b: { type: string; square: string }) => order.indexOf(a.type) - order.indexOf(b.type) || a.square.localeCompare(b.square);
  out.white.sort(byOrder);
  out.black.sort(byOrder);
  return out;
}

/** describePosition is the sentence read instead of the board. */
export function describePosition(fen: string): string {
  const p = pieces(fen);
  const say = (list: { type: string; square: string }[]) => list.map((x) => t('ui.rules.piece_on', { piece: names[x.type], square: x.square })).join(', ');
  return t('ui.rules.position', { white: say(p.white), black: say(p.black) });
}
