// turns.ts keeps the signed-in player's correspondence games that wait for
// their move (GET /api/account/waiting, docs/PROTOCOL.md "yourTurn"): the
// header shows how many, on every page; the home page lists them with the
// time left on each and reads them again when the lobby socket says it is
// the player's move.
import { boot } from './boot';
import { get } from './api';
import { t } from './i18n';
import { h, VNode } from './view';

/** WaitingGame is a correspondence game waiting for the player's move. */
export interface WaitingGame {
  id: string;
  timeControl: string;
  players: Record<'white' | 'black', { id?: string; name: string; aiLevel?: number }>;
  /** deadline is when the time for the move runs out (ms since 1970); timeLeft the ms to it when read. */
  deadline: number;
  timeLeft: number;
  /** readAt is when this page read it (performance.now()), to count down from timeLeft. */
  readAt: number;
}

let games: WaitingGame[] | undefined;
let loading: Promise<WaitingGame[]> | undefined;
const listeners = new Set<() => void>();

/** waitingGames returns the games as last read (an empty list before), and reads them once per page for a known user. */
export function waitingGames(): WaitingGame[] {
  if (!games && !loading && boot().me) void refreshTurns();
  return games ?? [];
}

/** onTurns calls f whenever the list is read again (a page's redraw). */
export function onTurns(f: () => void): void {
  listeners.add(f);
}

/** refreshTurns reads the list again and tells the listeners. */
export function refreshTurns(): Promise<WaitingGame[]> {
  const p = get<{ games: Omit<WaitingGame, 'readAt'>[] }>('/api/account/waiting').then(
    (res) => {
      const now = performance.now();
      games = res.games.map((g) => ({ ...g, readAt: now }));
      for (const f of listeners) f();
      return games;
    },
    () => games ?? [],
  );
  loading = p;
  return p;
}

/** timeLeft is g's time left at now (performance.now()), never below 0. */
export function timeLeft(g: WaitingGame, now: number): number {
  return Math.max(0, g.timeLeft - (now - g.readAt));
}

/** turnsNavLink is the header's count of the games waiting for the player's move, linking to the home page's list; null when none. */
export function turnsNavLink(redraw: () => void): VNode | null {
  onTurns(redraw);
  const n = waitingGames().length;
  if (n === 0) return null;
  // The visible words stay the accessible name (WCAG 2.5.3); the sentence is the description.
  return h('a#nav-turns', { attrs: { href: '/#turns', title: t('ui.nav.turns_label', { count: n }) } }, [
    t('ui.nav.turns'),
    ' ',
    h('span.badge#nav-turns-count', String(n)),
  ]);
}
