// clock.ts counts the clocks down between the server's events, as lila's
// clock controller does: each event sets both clocks from the server's
// figures (wtime, btime) and the moment it arrived; between events the
// running clock is that figure less the time since. The server decides
// when time is up; the page only shows it.
import type { Color, StateData, ClockData } from './state';
import { t } from '../lib/i18n';

/** Clock is the two clocks as last set from the server. */
export class Clock {
  private white = 0;
  private black = 0;
  private running?: Color;
  private at = 0;
  /** timed reports whether the game has clocks. */
  timed = false;

  /** set sets both clocks from st, received at now (ms, performance.now()). */
  set(st: StateData, now: number): void {
    this.timed = st.wtime !== undefined && st.btime !== undefined;
    this.white = st.wtime ?? 0;
    this.black = st.btime ?? 0;
    this.running = st.clockRunning && st.status === 'started' ? st.turn : undefined;
    this.at = now;
  }

  /** millis returns side's time left at now (never below 0). */
  millis(side: Color, now: number): number {
    const base = side === 'white' ? this.white : this.black;
    if (this.running !== side) return base;
    return Math.max(0, base - (now - this.at));
  }

  /**
   * hold stops the running clock where it stands at now, until the next
   * event sets the clocks again: the server holds a game's clocks while it
   * cannot store its moves (docs/GAMES.md, "Outages of the store"), so the
   * page stops counting too.
   */
  hold(now: number): void {
    if (this.running === undefined) return;
    const left = this.millis(this.running, now);
    if (this.running === 'white') this.white = left;
    else this.black = left;
    this.running = undefined;
    this.at = now;
  }

  /** isRunning reports whether side's clock runs. */
  isRunning(side: Color): boolean {
    return this.running === side;
  }
}

const hour = 3600 * 1000;
const day = 24 * hour;

/**
 * format shows ms as m:ss, h:mm:ss from an hour, with tenths under 10 s
 * ("0:09.3"), and as days and hours from a day ("2 d 5 h": a correspondence
 * game's days per move; no other clock holds a day).
 */
export function format(ms: number): string {
  ms = Math.max(0, ms);
  if (ms >= day) return formatDays(ms);
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(ms / 1000);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const ss = String(s).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** formatDays shows ms of a day or more as whole days and hours, the hours rounded down ("2 d 5 h"). */
export function formatDays(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / hour);
  return t('ui.clock.days_hours', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/**
 * lowTime is the time under which a clock warns: 10% of the time the clock
 * starts from (the whole game's base, or the time per move), at most 20 s
 * and at least 3 s.
 */
export function lowTime(c: ClockData | undefined): number {
  if (!c) return 0;
  const start = c.perMove || c.initial || 0;
  return Math.min(20000, Math.max(3000, start / 10));
}

/** outageCodes are the refusals by which the server says it cannot store a game's moves now; it holds the clocks meanwhile. */
const outageCodes = new Set(['live.not_stored', 'live.unavailable']);

/** isOutage reports whether an error code says the server cannot store moves now. */
export function isOutage(code: unknown): boolean {
  return typeof code === 'string' && outageCodes.has(code);
}
