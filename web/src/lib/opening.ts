// opening.ts names a game's opening as the server sends it (docs/PROTOCOL.md,
// `opening`): its ECO code, its English name, and its name in each interface
// language, so the page shows the one of its own language.

/** OpeningData is a game's opening as the server sends it. */
export interface OpeningData {
  eco: string;
  /** name is the English name, as in the PGN's Opening tag. */
  name: string;
  /** names is the name in each interface language (es, en). */
  names?: Record<string, string>;
}

/** openingName is the opening's name in lang, the English one when the server sent none for it. */
export function openingName(o: OpeningData, lang: string): string {
  return o.names?.[lang] || o.name;
}
