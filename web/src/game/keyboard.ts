// keyboard.ts turns what a player types into one of the legal moves the
// server sent: SAN with English letters (K Q R B N) or Spanish ones (R rey,
// D dama, T torre, A alfil, C caballo), long algebraic and UCI (e2e4,
// e7e8q), castling as O-O / 0-0. It never decides what is legal: a move is
// legal when it is in the server's list; the board's placement (the FEN's
// first field) only says which piece stands on a move's square.
import { read } from '@lichess-org/chessground/fen';
import type { Key, Piece, Role } from '@lichess-org/chessground/types';

/** Match is the outcome of matchMove: the legal move meant (as the server wrote it), or a ui.* error code with its parameters. */
export type Match = { uci: string } | { error: string; params?: Record<string, string> };

type Letter = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';

/** Pattern is one reading of the input: what the move must look like. */
interface Pattern {
  castle?: 'king' | 'queen';
  role?: Letter;
  from?: string;
  fromFile?: string;
  fromRank?: string;
  to?: string;
  /** push: a pawn move that stays on its file. */
  push?: boolean;
  promo?: Letter;
}

const roleLetter: Record<Role, Letter> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

// What a letter means in front of a move, whatever the page's language;
// R alone depends on it (rey in Spanish, rook in English).
const pieceLetters: Record<string, Letter> = { K: 'k', Q: 'q', N: 'n', B: 'b', D: 'q', T: 'r', A: 'b', C: 'n' };

// A promotion's letter, in either language (nobody promotes to a king, so R is a rook).
const promoLetters: Record<string, Letter> = { q: 'q', d: 'q', r: 'r', t: 'r', b: 'b', a: 'b', n: 'n', c: 'n' };

/** sanLetters are the letters the candidates of an ambiguous entry are written with, per language. */
export const sanLetters: Record<string, Record<Exclude<Letter, 'p'>, string>> = {
  es: { k: 'R', q: 'D', r: 'T', b: 'A', n: 'C' },
  en: { k: 'K', q: 'Q', r: 'R', b: 'B', n: 'N' },
};

const castleRe = /^([o0])-?\1(-?\1)?$/;
const uciRe = /^([a-h][1-8])[-x]?([a-h][1-8])=?([qrbndtac])?$/;
const pieceRe = /^([a-h])?([1-8])?[-x:]?([a-h][1-8])$/;
const pushRe = /^([a-h][1-8])=?([qrbndtac])?$/;
const captureRe = /^([a-h])[x:]?([a-h][1-8])=?([qrbndtac])?$/;

/**
 * matchMove finds the legal move (UCI, from legal) that input names in the
 * position fen, for a page in lang ("es" or "en"), or says why none: the
 * error codes are ui.keyboard.syntax (not a move), ui.keyboard.illegal (no
 * legal move is like it) and ui.keyboard.ambiguous (several are; params
 * candidates lists them in SAN with the page's letters).
 */
export function matchMove(input: string, legal: string[], fen: string, lang: string): Match {
  const shown = input.trim();
  const patterns = readInput(shown, lang);
  if (!patterns.length) return { error: 'ui.keyboard.syntax', params: { move: shown } };
  const pieces = read(fen.trim().split(/\s+/)[0] ?? '');
  for (const pattern of patterns) {
    const found = [...new Set(legal.filter((uci) => fits(pattern, uci, pieces)))];
    if (found.length === 1) return { uci: found[0] };
    if (found.length > 1) {
      return { error: 'ui.keyboard.ambiguous', params: { move: shown, candidates: found.map((u) => sanish(u, found, pieces, lang)).join(', ') } };
    }
  }
  return { error: 'ui.keyboard.illegal', params: { move: shown } };
}

/** readInput returns the readings of the input, the likeliest first; none when it is not a move at all. */
function readInput(input: string, lang: string): Pattern[] {
  // Check and mate marks, annotations, spaces and "e.p." say nothing about which move it is.
  const s = input
    .replace(/\s+/g, '')
    .replace(/[+#!?]+$/g, '')
    .replace(/([1-8])e\.?p\.?$/i, '$1');
  if (!s) return [];
  const low = s.toLowerCase();
  const castle = castleRe.exec(low);
  if (castle) return [{ castle: castle[2] ? 'queen' : 'king' }];
  const uci = uciRe.exec(low);
  if (uci) return [{ from: uci[1], to: uci[2], promo: uci[3] ? promoLetters[uci[3]] : undefined }];

  const first = s[0];
  const rest = low.slice(1);
  const out: Pattern[] = [];
  const piece = (role: Letter) => {
    const m = pieceRe.exec(rest);
    if (m) out.push({ role, fromFile: m[1], fromRank: m[2], to: m[3] });
  };
  const pawn = () => {
    const push = pushRe.exec(low);
    if (push) out.push({ role: 'p', to: push[1], push: true, promo: push[2] ? promoLetters[push[2]] : undefined });
    const cap = captureRe.exec(low);
    if (cap) out.push({ role: 'p', fromFile: cap[1], to: cap[2], promo: cap[3] ? promoLetters[cap[3]] : undefined });
  };
  const upper = first.toUpperCase();
  const letter = upper === 'R' ? (lang === 'es' ? 'k' : 'r') : pieceLetters[upper];
  if (first === upper && letter) {
    // A capital letter is a piece; B4, C5 or D6 read as pawn moves only when they cannot be a piece's.
    piece(letter);
    if (!out.length && 'ABCD'.includes(first)) pawn();
  } else if ('abcd'.includes(first)) {
    // A small a, b, c or d is a file first (bxc3 is a pawn), then a piece (cf3, a knight).
    pawn();
    piece(pieceLetters[upper]);
  } else if (letter) {
    piece(letter);
  } else {
    pawn();
  }
  return out;
}

/** fits reports whether the legal move uci is what pattern reads. */
function fits(p: Pattern, uci: string, pieces: Map<Key, Piece>): boolean {
  const from = uci.slice(0, 2);
  const piece = pieces.get(from as Key);
  if (!piece || uci.length < 4) return false;
  const to = kingTo(from, uci.slice(2, 4), pieces);
  const promo = uci[4] as Letter | undefined;
  if (p.castle) return isCastle(from, uci.slice(2, 4), pieces) && to[0] === (p.castle === 'king' ? 'g' : 'c');
  if (p.from && p.from !== from) return false;
  if (p.to && kingTo(p.from ?? from, p.to, pieces) !== to) return false;
  if (p.role && roleLetter[piece.role] !== p.role) return false;
  if (p.fromFile && p.fromFile !== from[0]) return false;
  if (p.fromRank && p.fromRank !== from[1]) return false;
  if (p.push && from[0] !== to[0]) return false;
  if (p.promo && p.promo !== promo) return false;
  return true;
}

/** isCastle reports whether from→to is castling: the king's two-square step, or the king taking its own rook. */
function isCastle(from: string, to: string, pieces: Map<Key, Piece>): boolean {
  const king = pieces.get(from as Key);
  if (king?.role !== 'king') return false;
  const target = pieces.get(to as Key);
  if (target?.role === 'rook' && target.color === king.color) return true;
  return from[1] === to[1] && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2;
}

/** kingTo is where a move's king lands: castling written as king takes rook becomes the king's square (e1h1 → g1). */
function kingTo(from: string, to: string, pieces: Map<Key, Piece>): string {
  if (!isCastle(from, to, pieces)) return to;
  return (to[0] > from[0] ? 'g' : 'c') + from[1];
}

/** sanish writes uci as SAN with lang's letters, disambiguated among the others (no check marks). */
export function sanish(uci: string, others: string[], pieces: Map<Key, Piece>, lang: string): string {
  const from = uci.slice(0, 2);
  const piece = pieces.get(from as Key);
  const raw = uci.slice(2, 4);
  const letters = sanLetters[lang] ?? sanLetters.en;
  if (!piece) return uci;
  if (isCastle(from, raw, pieces)) return raw[0] > from[0] ? 'O-O' : 'O-O-O';
  const target = pieces.get(raw as Key);
  const takes = (target && target.color !== piece.color) || (piece.role === 'pawn' && from[0] !== raw[0]);
  const promo = uci[4] && uci[4] !== 'k' ? '=' + letters[uci[4] as Exclude<Letter, 'p' | 'k'>] : '';
  if (piece.role === 'pawn') return (takes ? from[0] + 'x' : '') + raw + promo;
  const rivals = others.filter((o) => o !== uci && o.slice(2, 4) === raw && pieces.get(o.slice(0, 2) as Key)?.role === piece.role);
  let which = '';
  if (rivals.length) {
    if (!rivals.some((o) => o[0] === from[0])) which = from[0];
    else if (!rivals.some((o) => o[1] === from[1])) which = from[1];
    else which = from;
  }
  return letters[roleLetter[piece.role] as Exclude<Letter, 'p'>] + which + (takes ? 'x' : '') + raw;
}
