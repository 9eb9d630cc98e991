// absence.ts: a player whose connection is down, as the game's frames say
// (docs/PROTOCOL.md, "Presence": `gone`, by side, with `since` and `until`
// in ms since 1970 on the server's clock). The page counts the reconnection
// window down on its own clock (performance.now()). The page has no reading
// of the server's clock, so the time left is `until` less the page's wall
// clock when the absence is first heard, never more than the whole window
// (`until - since`) nor less than 0: a wrong wall clock can shorten the
// count, never make it run past the window. When it ends the server decides
// (the game is lost by abandonment); the page only shows it. No DOM here, so
// that node --test runs it.
import type { Color, GoneData } from './state';

/** Gone is one absence as the page counts it. */
export interface Gone {
  since: number;
  /** deadline is when the window ends on the page's clock (performance.now()), or undefined when there is no window. */
  deadline?: number;
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
      if (known && known.since === d.since && (known.deadline !== undefined) === (d.until !== undefined)) {
        next[side] = known;
        continue;
      }
      if (!known) went.push(side);
      next[side] = { since: d.since, deadline: d.until === undefined ? undefined : now + windowLeft(d, wall) };
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

/** notice is what the page says of the opponent gone with left whole seconds of their window (undefined without a window). */
export function notice(left: number | undefined): Notice {
  if (left === undefined) return { code: 'ui.game.gone.left' };
  if (left <= 0) return { code: 'ui.game.gone.over' };
  return { code: 'ui.game.gone.countdown', params: { n: left } };
}

/** windowLeft is the ms of d's window left at wall (Date.now()), bounded by the whole window. */
export function windowLeft(d: GoneData, wall: number): number {
  if (d.until === undefined) return 0;
  return Math.max(0, Math.min(d.until - d.since, d.until - wall));
}
