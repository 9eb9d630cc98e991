// speech.ts says a move in words, for the live region a screen reader
// announces: "Caballo a f3", "Peón de e captura en d5", "Enroque corto",
// "Dama a h5, jaque" ("Knight to f3", "e pawn takes d5", "Short castle" on an
// English page). The words come from the page's catalogue (i18n/ui/speech.*.json).
import { t } from '../lib/i18n';

type Role = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';

// The letters of SAN: the English ones; the Spanish D, T, A and C too, as
// they mean nothing else. R is a rook (the server writes SAN in English).
const roles: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', D: 'queen', T: 'rook', A: 'bishop', C: 'knight' };

const castleRe = /^([O0])-\1(-\1)?$/;
const pieceRe = /^([KQRBNDTAC])([a-h])?([1-8])?(x|:)?([a-h][1-8])$/;
const pawnRe = /^([a-h])(?:(?:x|:)([a-h][1-8])|([1-8]))(?:=?([QRBNDTAC]))?$/;

/**
 * describeMove returns the move san in words in the page's language (the
 * words come from the page's catalogue). san is read as the server writes
 * it, with English letters, whatever the page's language: R is a rook even
 * on a Spanish page (the unambiguous Spanish D, T, A and C are read too).
 * lang, the page's language as lib/i18n's lang() gives it, changes nothing
 * in the reading. A SAN it cannot read comes back as it is, so something is
 * still said.
 */
export function describeMove(san: string, lang?: string): string {
  const s = san.trim().replace(/[!?]+$/, '');
  const mark = /#$/.test(s) ? 'mate' : /\+$/.test(s) ? 'check' : '';
  const bare = s.replace(/[+#]+$/, '');
  const words = describe(bare);
  if (words === undefined) return san;
  if (mark === 'mate') return t('ui.speech.mate', { move: words });
  if (mark === 'check') return t('ui.speech.check', { move: words });
  return words;
}

function describe(s: string): string | undefined {
  const castle = castleRe.exec(s);
  if (castle) return t(castle[2] ? 'ui.speech.castle.queen' : 'ui.speech.castle.king');
  const piece = pieceRe.exec(s);
  if (piece) {
    const role = roles[piece[1]];
    const name = t('ui.speech.piece.' + role);
    const from = (piece[2] ?? '') + (piece[3] ?? '');
    const to = piece[5];
    if (piece[4]) return from ? t('ui.speech.capture_from', { piece: name, from, to }) : t('ui.speech.capture', { piece: name, to });
    return from ? t('ui.speech.move_from', { piece: name, from, to }) : t('ui.speech.move', { piece: name, to });
  }
  const pawn = pawnRe.exec(s);
  if (pawn) {
    const move = pawn[2]
      ? t('ui.speech.pawn_capture', { from: pawn[1], to: pawn[2] })
      : t('ui.speech.move', { piece: t('ui.speech.piece.pawn'), to: pawn[1] + pawn[3] });
    if (!pawn[4]) return move;
    return t('ui.speech.promotion', { move, piece: t('ui.speech.promotes_to.' + roles[pawn[4]]) });
  }
  return undefined;
}
