// crosstable.ts: a tournament's crosstable as the page JSON carries it
// (docs/TOURNAMENTS.md), and its Swiss cells said in symbols and words.
// A Swiss is a row per player in rank order and a cell per round: the
// opponent's number, the colour and the result as FIDE crosstables write
// it. A round-robin is the grid by pairing number.
import { t } from '../lib/i18n';

/** Cell is one round of a Swiss row. */
export interface Cell {
  opponent?: number;
  colour?: 'w' | 'b';
  result: string;
  bye?: 'pairing' | 'half' | 'zero';
}

/** CrosstableRow is one player's line. */
export interface CrosstableRow {
  number: number;
  name: string;
  rating: number;
  rounds?: Cell[];
  results?: string[];
  points: string;
  rank: number;
  tieBreaks: number[];
}

/** Crosstable is the page JSON's crosstable. */
export interface Crosstable {
  roundRobin: boolean;
  rounds: number;
  tieBreaks: string[];
  rows: CrosstableRow[];
}

/**
 * cellText is what a Swiss cell shows: "12b1" (opponent 12 with black, a
 * win), a bye's word and points, "−" for an absence, the opponent and
 * colour alone while the game is not decided.
 */
export function cellText(c: Cell): string {
  if (c.bye) {
    return t('ui.tournament.crosstable.bye') + (c.result ? ' ' + c.result : '');
  }
  if (!c.opponent) {
    return c.result;
  }
  return String(c.opponent) + t('ui.tournament.crosstable.colour.' + (c.colour ?? 'w')) + c.result;
}

/** cellLabel says a Swiss cell in words, for screen readers. */
export function cellLabel(c: Cell, round: number): string {
  if (c.bye) {
    return t('ui.tournament.crosstable.say_bye.' + c.bye, { round });
  }
  if (!c.opponent) {
    return t('ui.tournament.crosstable.say_absent', { round });
  }
  return t('ui.tournament.crosstable.say_game.' + (c.colour ?? 'w'), {
    round,
    opponent: c.opponent,
    result: c.result || t('ui.tournament.crosstable.pending'),
  });
}
