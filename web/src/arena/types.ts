// types.ts holds the arenas' shapes as the API sends them (docs/openapi.yaml,
// /api/arenas and /api/arena/{id}) and what the two arenas' pages share.
import { t, locale } from '../lib/i18n';
import { ApiError } from '../lib/api';

/** Phase is where an arena stands in time. */
export type Phase = 'upcoming' | 'running' | 'finished';

/** Arena is one arena's settings. */
export interface Arena {
  id: string;
  name: string;
  creatorName: string;
  rated: boolean;
  berserk: boolean;
  streaks: boolean;
  startsAt: string;
  endsAt: string;
  closedAt?: string;
  clock: string;
  minutes: number;
  phase: Phase;
  url: string;
}

/** Row is one line of the standings. */
export interface Row {
  rank: number;
  id: string;
  name: string;
  rating: number;
  score: number;
  performance: number;
  fire: boolean;
  games: number;
  wins: number;
  paused: boolean;
  playing: boolean;
  points: number[];
}

/** ArenaGame is one game of an arena. */
export interface ArenaGame {
  gameId: string;
  white: string;
  black: string;
  whiteName: string;
  blackName: string;
  whiteBerserk?: boolean;
  blackBerserk?: boolean;
  ended: boolean;
  result: string;
}

/** ArenaPage is GET /api/arena/{id}, and the socket's arena frame. */
export interface ArenaPage {
  arena: Arena;
  now: string;
  standings: Row[];
  games: ArenaGame[];
  me?: { paused: boolean; gameId?: string };
}

/** arenaPath is an arena's page. */
export function arenaPath(id: string): string {
  return '/arena/' + encodeURIComponent(id);
}

/** errorText is a refusal's message, in the page's language (the server's own). */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

/** when writes an instant as a date and time in the page's language. */
export function when(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** sayArena is an arena's settings in a line: clock, duration, rated or casual. */
export function sayArena(a: Arena): string {
  return t('ui.arena.meta', { clock: a.clock, minutes: a.minutes, kind: t(a.rated ? 'ui.arena.rated' : 'ui.arena.casual') });
}
