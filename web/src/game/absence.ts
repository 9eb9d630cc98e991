// absence.ts: a player whose connection is down, as the game's frames say
// (docs/PROTOCOL.md, "Presence": `gone`, by side, with `since`, `until` and
// `claim` in ms since 1970 on the server's clock, and `claimIn`, the ms from
// the frame's event to the claim). The page counts down to the claim on its
// own clock (performance.now()) from `claimIn`, as it does a scheduled
// start; at its end the opponent may claim the win or declare a draw. The
// reconnection window is counted too: the page has no reading of the
// server's clock, so the time left of it is `until` less the page's wall
// clock when the absence is first heard, never more than the whole window
// (`until - since`) nor less than 0. When the window ends with no claim the
// server decides (abandonment); the page only shows it. No DOM here, so that
// node --test runs it.
import type { Color, GoneData } from './state';

/** Gone is one absence as the page counts it. */
export interface Gone {
  since: number;
  /** deadline is when the window ends on the page's clock (performance.now()), or undefined when there is no window. */
  deadline?: number;
  /** claimAt is when the opponent may claim, on the page's clock, or undefined before both sides have moved. */
  claimAt?: number;
}

/** Absences are the sides whose connection is down. */
export class Absences {
  private gone: Partial<Record<Color, Gone>> = {};

  /**
   * update takes a frame's `gone` (undefined when both are connected), heard
   * at now on the page's clock and wall on its wall clock (Date.now()). It
   * returns the sides that went and the sides that came back.
   */
  update(gone: Partial<Record<Color, GoneData>> | undefined, now: number, wall: number): { went: Color[]; back: Color[] } {
    const went: Color[] = [];
    const back: Color[] = [];
    const next: Partial<Record<Color, Gone>> = {};
    for (const side of ['white', 'black'] as Color[]) {
      const d = gone?.[side];
      const known = this.gone[side];
      if (!d) {
        if (known) back.push(side);
        continue;
      }
      if (
        known &&
        known.since === d.since &&
        (known.deadline !== undefined) === (d.until !== undefined) &&
        (known.claimAt !== undefined) === (d.claimIn !== undefined)
      ) {
        next[side] = known;
        continue;
      }
      if (!known) went.push(side);
      next[side] = {
        since: d.since,
        deadline: d.until === undefined ? undefined : now + windowLeft(d, wall),
        claimAt: d.claimIn === undefined ? undefined : now + Math.max(0, d.claimIn),
      };
    }
    this.gone = next;
    return { went, back };
  }

  /** of returns side's absence, if it is gone. */
  of(side: Color): Gone | undefined {
    return this.gone[side];
  }

  /** secondsLeft is the whole seconds left of side's window at now (rounded up, so 0 comes at its end), or undefined without a window. */
  secondsLeft(side: Color, now: number): number | undefined {
    const d = this.gone[side]?.deadline;
    return d === undefined ? undefined : Math.max(0, Math.ceil((d - now) / 1000));
  }

  /** claimLeft is the whole seconds left until the claim on side's absence at now (rounded up, 0 once open), or undefined when there is nothing to claim. */
  claimLeft(side: Color, now: number): number | undefined {
    const c = this.gone[side]?.claimAt;
    return c === undefined ? undefined : Math.max(0, Math.ceil((c - now) / 1000));
  }

  /** retime sets the claim on side's absence to left seconds from now: the server's count, from a claim it refused as too early. */
  retime(side: Color, left: number, now: number): void {
    const g = this.gone[side];
    if (g && Number.isFinite(left) && left >= 0) g.claimAt = now + left * 1000;
  }

  /** clear forgets every absence (the game is over). */
  clear(): void {
    this.gone = {};
  }
}

/** Notice is the text of an absence: a catalogue code and its parameters. */
export interface Notice {
  code: string;
  params?: { n: number };
}

/** notice is what the page says to a player of the opponent gone with left whole seconds until the claim (undefined when there is nothing to claim yet). */
export function notice(left: number | undefined): Notice {
  if (left === undefined) return { code: 'ui.game.gone.left' };
  if (left <= 0) return { code: 'ui.game.gone.claim' };
  return { code: 'ui.game.gone.countdown', params: { n: left } };
}

/** watchNotice is what the page says to a spectator of side gone. */
export function watchNotice(side: Color): Notice {
  return { code: 'ui.game.gone.watch.' + side };
}

/** windowLeft is the ms of d's window left at wall (Date.now()), bounded by the whole window. */
export function windowLeft(d: GoneData, wall: number): number {
  if (d.until === undefined) return 0;
  return Math.max(0, Math.min(d.until - d.since, d.until - wall));
}
