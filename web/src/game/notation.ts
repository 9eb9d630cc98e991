// notation.ts writes the server's SAN (English piece letters, as PGN
// has them) with the piece letters of the page's language: on a Spanish
// page Nf3 is Cf3, Qh4# is Dh4#, hxg8=N is hxg8=C, as Spanish score
// sheets write them (R rey, D dama, T torre, A alfil, C caballo).
import { sanLetters } from './keyboard';

const english: Record<string, 'k' | 'q' | 'r' | 'b' | 'n'> = { K: 'k', Q: 'q', R: 'r', B: 'b', N: 'n' };

/** localSan returns san with the piece letters of lang (san itself for English or an unknown language). */
export function localSan(san: string, lang: string): string {
  const letters = sanLetters[lang];
  if (!letters || lang === 'en') return san;
  const swap = (c: string) => (english[c] ? letters[english[c]] : c);
  let out = san.length && english[san[0]] ? swap(san[0]) + san.slice(1) : san;
  out = out.replace(/=([KQRBN])/, (_, p: string) => '=' + swap(p));
  return out;
}
