// scheduled-time.ts: the arithmetic of a scheduled game's page before its
// start (scheduled.ts): the countdown's text, the time left on the page's
// own clock, when check-in opens, the game's arrangement in a list. No
// DOM here, so that node --test runs it.

/** CheckInWindow is the server's game.CheckInWindow: check-in opens 15 minutes before the start. */
export const CheckInWindow = 15 * 60_000;

/** Countdown is time left as the page shows it: whole days and h:mm:ss (or mm:ss under an hour). */
export interface Countdown {
  days: number;
  time: string;
}

/** countdown splits ms left into days and a clock text, rounding up to the second so that 0 comes at the start. */
export function countdown(ms: number): Countdown {
  const left = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const mm = String(Math.floor((left % 3600) / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return { days, time: hours > 0 || days > 0 ? `${String(hours).padStart(2, '0')}:${mm}:${ss}` : `${mm}:${ss}` };
}

/** leftNow is the ms left to the start at now, from startsIn heard at (both on the page's clock, performance.now()). */
export function leftNow(startsIn: number, at: number, now: number): number {
  return Math.max(0, startsIn - (now - at));
}

/** checkInOpen reports whether check-in is open with left ms to the start. */
export function checkInOpen(left: number): boolean {
  return left <= CheckInWindow;
}

/** arrangementOf finds the id of the arrangement whose game is gameId in GET /api/schedule's list: its game now, or one it called off when suspended. */
export function arrangementOf(games: { id: string; gameId?: string; suspensions?: { gameId: string }[] }[], gameId: string): string | undefined {
  return games.find((a) => a.gameId === gameId || (a.suspensions ?? []).some((s) => s.gameId === gameId))?.id;
}
