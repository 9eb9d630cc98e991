// state.ts is what the game page knows of its game, kept from the game
// socket's frames (docs/PROTOCOL.md): a `full` frame replaces everything, a
// `move` or `state` frame whose version is above the last one applied moves
// it on, and one at or below it is ignored. It also keeps every position of
// the game (a FEN per ply, computed with chessops from the moves) so that
// earlier positions can be shown.
import { Chess, normalizeMove } from 'chessops/chess';
import { makeFen, parseFen, INITIAL_FEN } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import type { OpeningData } from '../lib/opening';

export type Color = 'white' | 'black';

/** PlayerData is one side of a game as the server shows it. */
export interface PlayerData {
  id?: string;
  name: string;
  aiLevel?: number;
}

/** RatingData is one player's rating on the player bars: the rating in the game's speed, "?" when provisional, the change the end of a rated game made, and the title before the name (BOT for a bot account). */
export interface RatingData {
  rating: number;
  provisional?: boolean;
  diff?: number;
  title?: string;
}

/** ClockData is the time control in ms. */
export interface ClockData {
  initial?: number;
  increment: number;
  perMove?: number;
  /** days is a correspondence game's days per move (perMove is the same in ms). */
  days?: number;
}

/** StateData is where the game stands after an event (the frames' stateJSON). */
export interface StateData {
  ply: number;
  fen: string;
  turn: Color;
  wtime?: number;
  btime?: number;
  clockRunning: boolean;
  status: string;
  termination?: string;
  winner?: Color;
  result: string;
  outcome?: string;
  drawOffer?: Color;
  /** takebackOffer is the side whose takeback offer is open. */
  takebackOffer?: Color;
  legal?: string[];
  /** scheduledAt is when a scheduled game starts (ms since 1970), as of the frame's event. */
  scheduledAt?: number;
  /** startsIn is the ms from the frame's event to a scheduled game's start, until it starts. */
  startsIn?: number;
  /** checkedIn says whether each player of a scheduled game has checked in. */
  checkedIn?: { white: boolean; black: boolean };
  /** ratings are the players' ratings for the bars (full frames, and the frame that ends the game). */
  ratings?: Partial<Record<Color, RatingData>>;
  /** gone names the sides whose connection is down (absent when both are connected). */
  gone?: Partial<Record<Color, GoneData>>;
}

/**
 * GoneData is one side's absence: when its last socket closed, when its reconnection window ends and when the
 * opponent may claim (ms since 1970, server's clock), and claimIn, the ms from the frame's event to the claim
 * (until, claim and claimIn absent before both sides have moved).
 */
export interface GoneData {
  since: number;
  until?: number;
  claim?: number;
  claimIn?: number;
}

/** FullData is the data of a `full` frame. */
export interface FullData extends StateData {
  id: string;
  speed: string;
  /** rated says whether the game counts for the ratings. */
  rated?: boolean;
  timeControl: string;
  clock?: ClockData;
  createdAt: number;
  /** defaultTime is how long after a scheduled game's start an absent player loses, in ms. */
  defaultTime?: number;
  /** noStartLoses says the game cannot be aborted and a first move not made in time loses (an arena's games). */
  noStartLoses?: boolean;
  players: { white: PlayerData; black: PlayerData };
  initialFen?: string;
  moves: string;
  san: string[];
  clocks?: number[];
  /** opening is the last named opening position the game reached. */
  opening?: OpeningData;
}

/** MoveData is the data of a `move` frame. */
export interface MoveData extends StateData {
  move: { uci: string; san: string; clock?: number };
  /** opening names the position after the move when it is a named one. */
  opening?: OpeningData;
}

/** Change says what applying a frame did, for sounds and announcements. */
export type Change =
  | { kind: 'ignored' }
  | { kind: 'full'; started: boolean; ended: boolean }
  | { kind: 'move'; san: string; uci: string; ended: boolean }
  | { kind: 'state'; ended: boolean };

/** finished reports whether a status names a game that is over. */
export function finished(status: string): boolean {
  return status !== 'created' && status !== 'started';
}

/** Game is the game as the page knows it. */
export class Game {
  /** version is the highest event version applied (0 before the first). */
  version = 0;
  data?: FullData;
  /** uci and san are the moves so far. */
  uci: string[] = [];
  san: string[] = [];
  /** fens[i] is the position after i moves (fens[0] the start). */
  fens: string[] = [];

  /** loaded reports whether a `full` frame has come. */
  get loaded(): boolean {
    return this.data !== undefined;
  }

  /** state is the current state (only once loaded). */
  get state(): FullData {
    if (!this.data) throw new Error('game: not loaded');
    return this.data;
  }

  /** apply applies one frame of the game socket, and says what it changed. */
  apply(t: string, v: number | undefined, d: any): Change {
    if (v === undefined || (t !== 'full' && t !== 'move' && t !== 'state')) return { kind: 'ignored' };
    if (t === 'full') {
      const wasEnded = this.data ? finished(this.data.status) : false;
      this.version = v;
      this.load(d as FullData);
      return { kind: 'full', started: this.data!.status === 'started', ended: finished(this.data!.status) && !wasEnded };
    }
    if (v <= this.version || !this.data) return { kind: 'ignored' };
    this.version = v;
    const wasEnded = finished(this.data.status);
    const st = d as StateData;
    if (t === 'move') {
      const m = (d as MoveData).move;
      this.uci.push(m.uci);
      this.san.push(m.san);
      this.fens.push(st.fen);
      if (m.clock !== undefined) (this.data.clocks ??= []).push(m.clock);
      // A game keeps the last opening named, as the server's walk backwards would.
      const o = (d as MoveData).opening;
      if (o) this.data.opening = o;
    }
    this.setState(st);
    const ended = finished(this.data.status) && !wasEnded;
    if (t === 'move') {
      const m = (d as MoveData).move;
      return { kind: 'move', san: m.san, uci: m.uci, ended };
    }
    return { kind: 'state', ended };
  }

  private load(d: FullData): void {
    this.data = { ...d, legal: d.legal ?? [] };
    this.uci = d.moves ? d.moves.split(' ').filter(Boolean) : [];
    this.san = d.san ?? [];
    this.fens = positions(d.initialFen || INITIAL_FEN, this.uci);
    // The server's FEN is the truth for the position now.
    if (this.fens.length === this.uci.length + 1) this.fens[this.uci.length] = d.fen;
  }

  private setState(st: StateData): void {
    const d = this.data!;
    d.ply = st.ply;
    d.fen = st.fen;
    d.turn = st.turn;
    d.wtime = st.wtime;
    d.btime = st.btime;
    d.clockRunning = st.clockRunning;
    d.status = st.status;
    d.termination = st.termination;
    d.winner = st.winner;
    d.result = st.result;
    d.outcome = st.outcome;
    d.drawOffer = st.drawOffer;
    d.takebackOffer = st.takebackOffer;
    d.legal = st.legal ?? [];
    d.scheduledAt = st.scheduledAt;
    d.startsIn = st.startsIn;
    d.checkedIn = st.checkedIn;
    // Only full frames and the end carry ratings: the others keep the ones known.
    if (st.ratings) d.ratings = st.ratings;
    d.gone = st.gone;
  }
}

/** positions returns the FEN after each prefix of moves (UCI) from start: one more than moves, or fewer if a move does not parse. */
export function positions(start: string, moves: string[]): string[] {
  const out = [start];
  const setup = parseFen(start);
  if (setup.isErr) return out;
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return out;
  const p = pos.value;
  for (const uci of moves) {
    const m = parseUci(uci);
    if (!m) break;
    const move = normalizeMove(p, m);
    if (!p.isLegal(move)) break;
    p.play(move);
    out.push(makeFen(p.toSetup()));
  }
  return out;
}

/** dests turns the server's legal moves (UCI) into chessground's destinations: from → [to]. */
export function dests(legal: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const uci of legal) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const list = out.get(from);
    if (!list) out.set(from, [to]);
    else if (!list.includes(to)) list.push(to);
  }
  return out;
}

/** promotions returns the promotion pieces (q, r, b, n) legal for the move from→to, or [] when it is no promotion. */
export function promotions(legal: string[], from: string, to: string): string[] {
  return legal.filter((u) => u.length === 5 && u.startsWith(from + to)).map((u) => u[4]);
}

/** inCheck reports whether the move's SAN gives check or mate. */
export function inCheck(san: string | undefined): boolean {
  return !!san && /[+#]$/.test(san);
}

/** canAbort reports whether a player may still abort: the game runs, not both sides have moved, and it is neither a scheduled game nor a tournament's (which can never be aborted: game.Abort). */
export function canAbort(d: StateData & { noStartLoses?: boolean }): boolean {
  return !finished(d.status) && d.ply < 2 && !d.scheduledAt && !d.noStartLoses;
}

/** canTakeBack reports whether side has a move of its own to take back: the last ply when the opponent is to move, the two last when side is. */
export function canTakeBack(d: StateData, side: Color): boolean {
  return !finished(d.status) && d.ply >= (d.turn === side ? 2 : 1);
}

/** beforeStart reports whether d is a scheduled game waiting for its start time: nobody moves yet, so no side is "to move". */
export function beforeStart(d: StateData): boolean {
  return d.status === 'created' && !!d.scheduledAt;
}
