// types.ts holds the tournaments' shapes as the API sends them
// (docs/openapi.yaml: Tournament, TournamentPage) and the words the two
// tournament pages share.
import { t } from '../lib/i18n';
import type { Crosstable } from './crosstable';

/** Format is how a tournament pairs. */
export type Format = 'swiss' | 'round-robin';
/** Mode is how its rounds are played. */
export type Mode = 'live' | 'arranged';
/** Status is where a tournament stands. */
export type Status = 'registration' | 'running' | 'paused' | 'finished';

/** Tournament is a tournament (the settings flattened in). */
export interface Tournament {
  id: string;
  name: string;
  clubId?: string;
  /** clubName is the club's name (absent for an open tournament). */
  clubName?: string;
  ownerId: string;
  ownerName: string;
  format: Format;
  cycles?: number;
  rounds?: number;
  timeControl: string;
  rated: boolean;
  minRating?: number;
  maxRating?: number;
  maxPlayers?: number;
  tieBreaks: string[];
  mode: Mode;
  startsAt?: string;
  lateEntries?: boolean;
  status: Status;
  /** ended is why the tournament finished before its last round. */
  ended?: 'no-pairing' | 'organiser';
  round: number;
  totalRounds: number;
  players: number;
  url: string;
}

/** Entry is a player's place. */
export interface Entry {
  userId: string;
  name: string;
  number: number;
  rating: number;
  withdrawn?: boolean;
  byes?: number[];
}

/** Board is one game or bye of a round. */
export interface Board {
  round: number;
  board: number;
  white: string;
  black?: string;
  whiteName: string;
  blackName?: string;
  score: string;
  gameUrl?: string;
  startAt?: string;
  deadline?: string;
  reason?: string;
}

/** Row is one line of the standings. */
export interface Row {
  rank: number;
  userId: string;
  name: string;
  number: number;
  rating: number;
  points: number;
  tieBreaks: number[];
  performance: number;
  withdrawn?: boolean;
}

/** TournamentPage is GET /api/tournament/{id}. */
export interface TournamentPage {
  tournament: Tournament;
  players: Entry[];
  rounds: Board[][];
  standings: Row[];
  tieBreaks: string[];
  crosstable: Crosstable;
  me?: { joined: boolean; withdrawn: boolean; byes: number[]; organiser: boolean };
}

/** Lists is GET /api/tournaments. */
export interface Lists {
  upcoming: Tournament[];
  running: Tournament[];
  finished: Tournament[];
}

/** tieBreaks are the FIDE tie-breaks an organiser may choose, in the order offered. */
export const tieBreaks = ['DE', 'WIN', 'SB', 'BH', 'BH-C1', 'ARO'];

/** tournamentPath is a tournament's page. */
export function tournamentPath(id: string): string {
  return '/tournament/' + encodeURIComponent(id);
}

/** sayFormat is a tournament's format in words ("Suizo, 7 rondas"). */
export function sayFormat(tr: Pick<Tournament, 'format' | 'cycles' | 'rounds' | 'totalRounds'>): string {
  if (tr.format === 'swiss') return t('ui.tournament.format.swiss_rounds', { n: tr.rounds ?? tr.totalRounds });
  return (tr.cycles ?? 1) === 2 ? t('ui.tournament.format.double') : t('ui.tournament.format.single');
}

/** sayStatus is a status in words. */
export function sayStatus(s: Status): string {
  return t('ui.tournament.status.' + s);
}

/** sayTieBreak is a tie-break's short name ("Buchholz"). */
export function sayTieBreak(tb: string): string {
  return t('ui.tournament.tb.' + tb.toLowerCase().replace('-', '_'));
}

/**
 * sayReason is an adjudication's reason: the organiser's own words, or
 * the server's "withdrawn" and "deadline" in the reader's language.
 */
export function sayReason(reason: string): string {
  return reason === 'withdrawn' || reason === 'deadline' ? t('ui.tournament.reason.' + reason) : reason;
}

/** results are the results an organiser may set, in the order offered. */
export const results = ['1-0', '1/2-1/2', '0-1', '+-', '-+', '--'];

/** sayResult is a result in symbols and words ("1-0 (ganan las blancas)"). */
export function sayResult(r: string): string {
  const key = { '1-0': 'white', '1/2-1/2': 'draw', '0-1': 'black', '+-': 'white_forfeit', '-+': 'black_forfeit', '--': 'double_forfeit' }[r];
  return key ? t('ui.tournament.result.say.' + key) : r;
}

/**
 * roundDecided reports whether every board of a round has its result, so
 * that the next round may be paired; an arranged game past its deadline
 * counts (the pairing scores it).
 */
export function roundDecided(boards: Board[], now: number): boolean {
  return boards.every((b) => b.score !== '' || (b.deadline !== undefined && Date.parse(b.deadline) <= now));
}

/** points writes points as the standings do: "2½". */
export function points(p: number): string {
  const whole = Math.floor(p);
  const half = p - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? '½' : whole + '½';
}

/**
 * tieBreakValue writes a tie-break's value as the points are written when
 * it counts in half points (Buchholz, wins: "2½"), else to two decimals
 * (a Sonneborn-Berger in quarters, a direct encounter's mean).
 */
export function tieBreakValue(v: number): string {
  if (Number.isInteger(v * 2) && v >= 0) return points(v);
  return String(Math.round(v * 100) / 100);
}
