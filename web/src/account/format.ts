// format.ts says the facts of a game list in the page's language: a time
// control, a speed, who played, and how a game went for one player — what
// the profile's history and the replay's header show. It reads the API's
// shapes (docs/openapi.yaml: GameSummary, the game JSON) and has no rules
// of chess of its own: the server says who won and how it ended.
import { t, locale } from '../lib/i18n';
import { sayClock } from '../lib/timecontrol';
import type { OpeningData } from '../lib/opening';

/** Side is a colour of the pieces. */
export type Side = 'white' | 'black';

/** Player is one side of a game as the API shows it. */
export interface Player {
  id?: string;
  name: string;
  aiLevel?: number;
  rating?: number;
  ratingDiff?: number;
}

/** Summary is a game in a list (GameSummary). */
export interface Summary {
  id: string;
  rated: boolean;
  speed: string;
  timeControl: string;
  status: string;
  winner?: Side;
  result: string;
  /** termination is JoinPal's code of how it ended ("threefold_repetition"); absent while it goes on. */
  termination?: string;
  /** outcome is the catalogue code of the sentence that says how it ended. */
  outcome?: string;
  players: Partial<Record<Side, Player>>;
  plies: number;
  createdAt: number;
  endedAt?: number;
  /** opening is the game's opening (a player's history names it). */
  opening?: OpeningData;
}

/** Speeds are the rating pools in the order a profile shows them. */
export const speeds = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;

/** sayTimeControl says the server's compact time control ("5+3", "move:30s", "move:1m", "untimed"), in the same words as the home page. */
export function sayTimeControl(tc: string): string {
  return sayClock(tc);
}

/** saySpeed names a speed (bullet, blitz, rapid, classical, correspondence), in the same words as the home page's presets. */
export function saySpeed(speed: string): string {
  return (speeds as readonly string[]).includes(speed) ? t('ui.home.speed.' + speed) : speed;
}

/** playerName is how a player is named: an AI by its level in the page's language (with a capital when opening, a line), a person by their name. */
export function playerName(p: Player | undefined, opening = false): string {
  if (!p) return '?';
  if (p.aiLevel !== undefined && p.aiLevel > 0) {
    // The catalogue writes the AI for the middle of a sentence ("la IA (Fácil)"); a name that opens a line
    // or stands alone starts with a capital. A person's name is never changed.
    const ai = t('ui.account.ai', { level: t('level.' + p.aiLevel) });
    return opening ? ai.charAt(0).toLocaleUpperCase(locale()) + ai.slice(1) : ai;
  }
  return p.name;
}

/**
 * profileLink is the profile page of a player who has one: an account. A
 * guest's generated name has spaces ("Lince Veloz 4821") and an AI has a
 * level, so neither is a username; a username is letters, digits, _ and -.
 */
export function profileLink(p: Player | undefined): string | undefined {
  if (!p || p.aiLevel || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(p.name)) return undefined;
  return '/@/' + encodeURIComponent(p.name);
}

/** Verdict is how a game went for one of its players. */
export type Verdict = 'win' | 'loss' | 'draw' | 'aborted' | 'playing';

/** running reports whether the API's status is of a game not over yet. */
export function running(status: string): boolean {
  return status === 'created' || status === 'started';
}

/** verdict is how game g went for the side side, from the server's status, winner and result. */
export function verdict(g: Pick<Summary, 'status' | 'winner' | 'result'>, side: Side): Verdict {
  if (running(g.status)) return 'playing';
  if (g.status === 'aborted') return 'aborted';
  if (g.winner) return g.winner === side ? 'win' : 'loss';
  if (g.result === '1/2-1/2') return 'draw';
  return 'loss'; // "0-0": both lost (both left, or neither came)
}

/** terminationCodes names the catalogue word for the way a game ended, by lichess's status name. */
const terminationCodes: Record<string, string> = {
  mate: 'termination.checkmate',
  resign: 'termination.resignation',
  stalemate: 'termination.stalemate',
  outoftime: 'termination.timeout',
  timeout: 'termination.abandonment',
  noStart: 'termination.no_show',
};

/** sayHow says how a finished game ended ("Jaque mate"), or '' when its status tells no more than its result (a draw). */
export function sayHow(status: string): string {
  const code = terminationCodes[status];
  return code ? t(code) : '';
}

/** sideOf is the side userId played in g, or undefined when they did not. */
export function sideOf(g: Pick<Summary, 'players'>, userId: string): Side | undefined {
  if (g.players.white?.id === userId) return 'white';
  if (g.players.black?.id === userId) return 'black';
  return undefined;
}

/** other is the other side. */
export function other(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

/** sayDate writes a time (ms since 1970) as a date and time in the page's locale. */
export function sayDate(ms: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** sayDay writes a time (ms since 1970) as a date in the page's locale. */
export function sayDay(ms: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'long' }).format(new Date(ms));
}

/** signed writes a rating change with its sign ("+12", "−8", "0"). */
export function signed(n: number): string {
  return n > 0 ? '+' + n : n < 0 ? '−' + -n : '0';
}

/** gameLink is where a listed game is seen: its replay when over, the live page while it goes on. */
export function gameLink(g: Pick<Summary, 'id' | 'status'>): string {
  return (running(g.status) ? '/game/' : '/replay/') + encodeURIComponent(g.id);
}
