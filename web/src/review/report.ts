// report.ts is the computer analysis of a game as GET
// /api/game/{id}/analysis serves it (package analysis's Report), and what
// the review page reads from it: each position's winning chances, the
// moves the engine marks, and the way from one marked move to the next.

/** Eval is an evaluation from White's side: centipawns, or a mate in mate moves (positive: White mates). */
export interface Eval {
  cp: number;
  mate?: number;
}

/** Judgement is how the engine marks a move. */
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** Ply is one move's analysis; best is the engine's move in the position before, when it differs. */
export interface Ply {
  ply: number;
  uci: string;
  san: string;
  eval?: Eval;
  ended?: string;
  best?: string;
  bestSan?: string;
  line?: string[];
  judgement?: Judgement;
  accuracy: number;
}

/** SideSummary sums one player's moves. */
export interface SideSummary {
  accuracy: number;
  acpl: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** Report is a game's analysis. */
export interface Report {
  engine: string;
  start: Eval;
  plies: Ply[];
  white: SideSummary;
  black: SideSummary;
}

/** Status is the answer of GET and POST /api/game/{id}/analysis. */
export interface Status {
  state: 'none' | 'queued' | 'running' | 'done' | 'failed';
  place?: number;
  done?: number;
  total?: number;
  analysis?: Report;
}

/** glyphs are the marks of the judgements, as PGN's NAGs write them. */
export const glyphs: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** nags are the judgements' PGN NAG numbers ($6, $2, $4). */
export const nags: Record<Judgement, number> = { inaccuracy: 6, mistake: 2, blunder: 4 };

/**
 * winPercent is White's winning chances in percent for an evaluation, by
 * lichess's model (as package analysis computes it): centipawns capped
 * at ±1000, a mate counting as the cap. ended is how the game ended after
 * the move, when it did: checkmate by the mover (side), or stalemate.
 */
export function winPercent(e: Eval | undefined, ended?: string, mover?: 'white' | 'black'): number {
  if (!e) {
    if (ended === 'checkmate') return mover === 'white' ? 100 : 0;
    return 50;
  }
  const cp = e.mate ? (e.mate > 0 ? 1000 : -1000) : Math.max(-1000, Math.min(1000, e.cp));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

/** moverOf is the side that played ply (1 is White's first move). */
export const moverOf = (ply: number): 'white' | 'black' => (ply % 2 === 1 ? 'white' : 'black');

/** sayEval writes an evaluation as a player reads it: "+0.35", "-1.20", "#3", "#-2". */
export function sayEval(e: Eval | undefined): string {
  if (!e) return '';
  if (e.mate) return '#' + e.mate;
  return (e.cp > 0 ? '+' : e.cp < 0 ? '−' : '') + (Math.abs(e.cp) / 100).toFixed(2);
}

/**
 * nextMarked is the ply of the next move (dir 1) or the previous one (dir
 * -1) after from that the engine marked, of side only when given, with a
 * judgement at least as bad as the least given (inaccuracy: all of them);
 * undefined when there is none that way.
 */
export function nextMarked(
  plies: Ply[],
  from: number,
  dir: 1 | -1,
  side?: 'white' | 'black',
  least: Judgement = 'inaccuracy',
): number | undefined {
  const rank: Record<Judgement, number> = { inaccuracy: 1, mistake: 2, blunder: 3 };
  const marked = plies.filter((p) => p.judgement && rank[p.judgement] >= rank[least] && (!side || moverOf(p.ply) === side));
  if (dir > 0) return marked.find((p) => p.ply > from)?.ply;
  for (let i = marked.length - 1; i >= 0; i--) if (marked[i].ply < from) return marked[i].ply;
  return undefined;
}
