// notation.ts: moves as a reader types and reads them. The server speaks
// UCI and English SAN (N, B, R, Q, K); a Spanish reader may type and read
// the Spanish letters (C caballo, A alfil, T torre, D dama, R rey). This is
// only the letters: which moves are legal is always the server's answer.

const toEnglish: Record<string, string> = { C: 'N', A: 'B', T: 'R', D: 'Q', R: 'K' };
const toSpanish: Record<string, string> = { N: 'C', B: 'A', R: 'T', Q: 'D', K: 'R' };

/** typedMove turns what a reader typed into what the server reads: UCI as it is, Spanish SAN letters into English ones when lang is "es". */
export function typedMove(text: string, lang: string): string {
  const s = text.trim();
  if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(s) || lang !== 'es') return s;
  let out = s.replace(/^[CATDR]/, (c) => toEnglish[c]);
  out = out.replace(/=?([CATD])([+#!?]*)$/, (_, c: string, tail: string) => '=' + toEnglish[c] + tail);
  return out;
}

/**
 * echoTyped gives back the server's refusal with the move as the reader
 * typed it: a Spanish "Ae2a6" is sent as "Be2a6", and the reader should not
 * read letters they did not type.
 */
export function echoTyped(message: string, sent: string, typed: string): string {
  return sent === typed || !typed ? message : message.replace(sent, typed);
}

/** shownSAN writes the server's SAN in the page's language's letters. */
export function shownSAN(san: string, lang: string): string {
  if (lang !== 'es') return san;
  return san.replace(/^[NBRQK]/, (c) => toSpanish[c]).replace(/=([NBRQ])/, (_, c: string) => '=' + toSpanish[c]);
}

/** dests turns a list of legal UCI moves into chessground's destinations. */
export function dests(legal: { uci: string }[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const { uci } of legal) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const list = m.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    m.set(from, list);
  }
  return m;
}

/** needsPromotion reports whether from-to is a legal pawn move that must choose a piece (the server lists it with a letter). */
export function needsPromotion(legal: { uci: string }[], from: string, to: string): boolean {
  return legal.some((m) => m.uci.length === 5 && m.uci.startsWith(from + to));
}
