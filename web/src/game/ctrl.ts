// ctrl.ts is the game page's controller: it holds the game as the socket
// tells it (state.ts), the clocks (clock.ts), the moves waiting for their
// answer (outbox.ts) and the board (chessground, configured by ground.ts),
// and turns the player's moves and buttons into the socket's frames
// (docs/PROTOCOL.md). The view (view.ts) draws from it.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key, MoveMetadata } from '@lichess-org/chessground/types';
import { Socket, type Frame } from '../lib/socket';
import { gameSocketPath } from './socket-path';
import { boot } from '../lib/boot';
import { get, post, ApiError } from '../lib/api';
import { t, lang } from '../lib/i18n';
import { play } from '../lib/sound';
import { announce } from '../lib/layout';
import { refreshTurns } from '../lib/turns';
import { Game, finished, promotions, canAbort, type Color, type Change, type StateData } from './state';
import { Absences, notice, watchNotice } from './absence';
import { Clock, isOutage, lowTime } from './clock';
import { Outbox } from './outbox';
import { boardConfig } from './ground';
import { describeMove } from './speech';
import { ChatCtrl } from '../lib/chat';
import { settings } from '../lib/settings';
import { autoPromotion } from './promote';
import { loadGameTournament, type GameTournament } from '../tournament/gamelink';
import { forgetGame } from '../lib/notify';

/** Rematch is a `rematch` frame's offer (lobby's challenge shape). */
export interface Rematch {
  id: string;
  status: string;
  challenger?: { id: string; name: string };
  destUser?: { id: string; name: string };
  gameId?: string;
}

/** Promotion is a promotion waiting for the player to choose the piece. */
export interface Promotion {
  from: string;
  to: string;
  /** choices are the legal pieces, as UCI letters (q, r, b, n). */
  choices: string[];
}

/** ArenaGame is a game's arena pairing (GET /api/game/{id}/arena). */
export interface ArenaGame {
  arenaId: string;
  arenaName: string;
  mayBerserk: boolean;
  whiteBerserk?: boolean;
  blackBerserk?: boolean;
}

/** Confirm is an open confirmation dialog. */
export type Confirm = { kind: 'resign' } | { kind: 'leave'; href: string };

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** GameCtrl is the game page's state and actions. */
export class GameCtrl {
  readonly id: string;
  readonly game = new Game();
  readonly clock = new Clock();
  readonly outbox = new Outbox();
  /** absences are the sides whose connection is down, with their windows counted down. */
  readonly absences = new Absences();
  readonly socket: Socket;
  /** chat is the game's chat: the players' room for a player, the spectators' for anyone else. */
  readonly chat: ChatCtrl;
  ground?: Api;
  /** side is the viewer's side, or undefined for a spectator. */
  side?: Color;
  orientation: Color = 'white';
  /** viewPly is the earlier position shown, or undefined for the live one. */
  viewPly?: number;
  /** online reports whether the socket is open; connected whether it ever was. */
  online = false;
  connected = false;
  promotion?: Promotion;
  /** pending is the player's move shown on the board and waiting for confirmation (the move confirmation setting), as UCI. */
  pending?: string;
  /** zenOff is set when the player left zen mode for this page. */
  zenOff = false;
  confirm?: Confirm;
  /** claimAnnounced is the since of the opponent's absence whose open claim was announced. */
  private claimAnnounced?: number;
  /** leaving is set once the player confirmed leaving a running game (the beacon goes on pagehide). */
  leaving = false;
  rematch?: Rematch;
  /** focusLost is set when a render removed the button that had the focus (resign, accept the draw: the game ended). */
  focusLost = false;
  /** drawDeclined is set when the opponent declined the player's draw offer, until the next move or offer. */
  drawDeclined = false;
  /** takebackDeclined is set when the opponent declined the player's takeback offer, until the next move or offer. */
  takebackDeclined = false;
  /** message is the last refusal from the server, in the page's language. */
  message?: string;
  /** outage says the server could not store a command: it holds the clocks until its next event, and so does the page. */
  outage = false;
  copied = false;
  /** watchers is how many people watch the game without playing (the `crowd` frame), undefined before the first. */
  watchers?: number;
  /** missing is the server's refusal when the game does not exist. */
  missing?: string;
  private checked = false;
  private lowWarned = false;
  private navigating = false;
  private drawOfferSeen?: Color;
  private takebackOfferSeen?: Color;
  private pliesSeen = 0;
  /** arena is the game's arena pairing, for an arena game (GET /api/game/{id}/arena). */
  arena?: ArenaGame;
  /** tournament is the game's tournament board, for a tournament's game (GET /api/game/{id}/tournament). */
  tournament?: GameTournament;
  private timer?: number;

  /** The game is the page's (/game/{id}) unless id names another (the TV's). */
  constructor(
    readonly redraw: () => void,
    id?: string,
  ) {
    this.id = id ?? boot().params.id ?? '';
    // The node that runs the page's own game, among several: the proxy in front sends its socket there.
    const node = id === undefined ? boot().params.node : undefined;
    this.socket = new Socket({
      url: () => Socket.url(gameSocketPath(this.id, this.game.version, node)),
      onFrame: (f) => this.onFrame(f),
      onOpen: () => this.onOpen(),
      onStatus: (online) => {
        this.online = online;
        if (online) this.connected = true;
        this.redraw();
      },
    });
    this.chat = new ChatCtrl((t, d) => this.socket.send(t, d), redraw, () => this.me);
    this.timer = window.setInterval(() => this.tick(), 100);
    void this.loadArena();
    void loadGameTournament(this.id).then((g) => {
      if (g) {
        this.tournament = g;
        this.redraw();
      }
    });
    // A socket that never opens says nothing of why: ask the HTTP API.
    window.setTimeout(() => {
      if (!this.game.loaded) void this.checkExists();
    }, 1500);
  }

  /** me is the signed-in user's (or guest's) id. */
  get me(): string | undefined {
    return boot().me?.id;
  }

  /** playing reports whether the viewer plays the game and it is not over. */
  get playing(): boolean {
    return !!this.side && this.game.loaded && !finished(this.game.state.status);
  }

  /** shownPly is the ply of the position on the board. */
  get shownPly(): number {
    return this.viewPly ?? this.game.uci.length;
  }

  /** shownFen is the FEN of the position on the board. */
  get shownFen(): string {
    if (!this.game.loaded) return '';
    return this.viewPly === undefined ? this.game.state.fen : this.game.fens[this.viewPly] ?? this.game.state.fen;
  }

  /** attach starts chessground on el (the board's element, once in the page). */
  attach(el: HTMLElement): void {
    this.ground = Chessground(el, {
      orientation: this.orientation,
      coordinates: true,
      // Created movable, so chessground binds its events; boardConfig then
      // makes it viewOnly where nothing may move (set later, it only
      // disables them).
      viewOnly: false,
      movable: { free: false, color: undefined, events: { after: (o, d, m) => this.onUserMove(o, d, m) } },
      animation: { enabled: true, duration: 200 },
      highlight: { lastMove: true, check: true },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
      disableContextMenu: true,
      premovable: { enabled: true, events: {} },
    });
    if (this.game.loaded) this.ground.set(boardConfig(this.game, { ply: this.shownPly, side: this.side }));
  }

  /** detach stops chessground and the clock timer. */
  detach(): void {
    this.ground?.destroy();
    this.ground = undefined;
  }

  /**
   * checkExists asks the HTTP API about the game once, when the socket
   * has not brought it in time: a game that does not exist (or a bad address)
   * is said in words instead of reconnecting for ever.
   */
  private async checkExists(): Promise<void> {
    if (this.checked) return;
    this.checked = true;
    try {
      await get(`/api/game/${encodeURIComponent(this.id)}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        this.missing = e.message;
        this.socket.close();
        this.redraw();
      }
    }
  }

  private onOpen(): void {
    for (const f of this.outbox.waiting()) this.socket.send('move', f);
  }

  private onFrame(f: Frame): void {
    if (this.chat.onFrame(f)) return;
    switch (f.t) {
      case 'full':
      case 'move':
      case 'state':
        this.onEvent(f);
        return;
      case 'ack':
        this.outbox.answered(f.d?.id);
        if (f.d?.gameId) this.goTo('/game/' + f.d.gameId);
        return;
      case 'error':
        if (this.outbox.answered(f.d?.id)) this.syncBoard();
        // A claim refused as too early says how long is left: the countdown takes the server's count.
        if (f.d?.code === 'game.claim_too_early' && this.side) {
          this.absences.retime(other(this.side), Number(f.d?.params?.left), performance.now());
          this.claimAnnounced = undefined;
        }
        this.message = f.d?.message ?? f.d?.code;
        if (isOutage(f.d?.code) && !this.outage) {
          this.outage = true;
          this.clock.hold(performance.now());
          announce(t('ui.game.outage'));
        }
        this.redraw();
        return;
      case 'crowd':
        this.watchers = typeof f.d?.watchers === 'number' ? f.d.watchers : undefined;
        this.redraw();
        return;
      case 'rematch':
        this.rematch = f.d as Rematch;
        if (this.rematch.status === 'created' && this.rematch.destUser?.id === this.me) announce(t('ui.game.rematch.offered'));
        if (this.rematch.status === 'accepted' && this.rematch.gameId) this.goTo('/game/' + this.rematch.gameId);
        this.redraw();
        return;
    }
  }

  private onEvent(f: Frame): void {
    const first = !this.game.loaded;
    const change = this.game.apply(f.t, f.v, f.d);
    if (change.kind === 'ignored') return;
    const st = this.game.state;
    this.clock.set(st, performance.now());
    this.outage = false;
    if (change.kind === 'full') {
      const me = this.me;
      const side: Color | undefined = me && st.players.white.id === me ? 'white' : me && st.players.black.id === me ? 'black' : undefined;
      if (first || side !== this.side) {
        this.side = side;
        this.orientation = side ?? 'white';
        this.ground?.set({ orientation: this.orientation });
      }
      if (this.viewPly !== undefined && this.viewPly > this.game.uci.length) this.viewPly = undefined;
    }
    if (finished(st.status)) {
      // An absence ends with the game, which says why it ended: nobody "came back".
      this.absences.clear();
      forgetGame(this.id); // no notice says it started once it has ended
      this.outbox.clear();
      this.promotion = undefined;
      this.pending = undefined;
      if (this.confirm?.kind === 'resign') this.confirm = undefined;
    } else this.presence(st.gone);
    this.message = change.kind === 'move' ? undefined : this.message;
    if (change.kind !== 'state') this.pending = undefined;
    this.syncBoard();
    this.feedback(change, first);
    // A move in a correspondence game changes whose move it waits for: the header's count follows.
    if (change.kind === 'move' && this.side && this.game.state.clock?.days) void refreshTurns();
    this.redraw();
  }

  /** syncBoard puts the game's state on the board, and plays a premove when the player's turn has come. */
  syncBoard(): void {
    if (!this.ground || !this.game.loaded) return;
    this.ground.set(boardConfig(this.game, { ply: this.shownPly, side: this.side }));
    // A move waiting for confirmation stays shown on the board.
    if (this.pending && this.viewPly === undefined) this.ground.move(this.pending.slice(0, 2) as Key, this.pending.slice(2, 4) as Key);
    const st = this.game.state;
    if (this.viewPly === undefined && this.playing && st.turn === this.side) {
      // playPremove plays it through movable.events.after only if the
      // premove is among the legal destinations now.
      this.ground.playPremove();
    } else if (!this.playing) this.ground.cancelPremove();
  }

  private feedback(change: Change, first: boolean): void {
    const st = this.game.state;
    // A button lost to a move (abort, once both sides moved) is no reason for the result to take the focus later.
    if (change.kind === 'move') this.focusLost = false;
    if (change.kind === 'move') {
      play(/x/.test(change.san) ? 'capture' : /[+#]$/.test(change.san) ? 'check' : 'move');
      if (/[+#]$/.test(change.san) && /x/.test(change.san)) play('check');
      const mover: Color = st.turn === 'white' ? 'black' : 'white';
      announce(t('ui.game.announce.move', { side: mover, move: describeMove(change.san, lang()) }));
    } else if (change.kind === 'full' && first && change.started && st.ply === 0 && this.side) {
      play('start');
    }
    if (!first && change.kind !== 'ignored' && change.ended) this.announceEnd();
    else if (change.kind === 'state' && st.drawOffer && st.drawOffer !== this.drawOfferSeen) {
      announce(this.side && st.drawOffer !== this.side ? t('ui.game.draw.offered') : t('ui.game.draw.by.' + st.drawOffer));
    }
    // The player's own offer gone in a state frame, the game going on: the opponent declined it
    // (a move lets it lapse silently, an acceptance ends the game).
    if (change.kind === 'state' && !change.ended && this.side && this.drawOfferSeen === this.side && !st.drawOffer) {
      this.drawDeclined = true;
      announce(t('ui.game.draw.declined'));
    } else if (change.kind !== 'state' || st.drawOffer) this.drawDeclined = false;
    this.drawOfferSeen = st.drawOffer;
    this.takebackFeedback(change, first);
  }

  /** takebackFeedback tells the player of a takeback offer made, declined, or a move taken back (a full frame with fewer moves). */
  private takebackFeedback(change: Change, first: boolean): void {
    const st = this.game.state;
    if (change.kind === 'full' && !first && st.ply < this.pliesSeen) announce(t('ui.game.takeback.done'));
    else if (change.kind === 'state' && st.takebackOffer && st.takebackOffer !== this.takebackOfferSeen) {
      announce(this.side && st.takebackOffer !== this.side ? t('ui.game.takeback.offered') : t('ui.game.takeback.by.' + st.takebackOffer));
    }
    // The player's own offer gone in a state frame, the game going on: the opponent declined it
    // (a move withdraws it, an acceptance comes as a full frame).
    if (change.kind === 'state' && !change.ended && this.side && this.takebackOfferSeen === this.side && !st.takebackOffer) {
      this.takebackDeclined = true;
      announce(t('ui.game.takeback.declined'));
    } else if (change.kind !== 'state' || st.takebackOffer) this.takebackDeclined = false;
    this.takebackOfferSeen = st.takebackOffer;
    this.pliesSeen = st.ply;
  }

  /**
   * presence follows the sides gone and tells the player at once when the opponent goes (with the seconds until
   * the claim) or comes back; a spectator is told which player has left.
   */
  private presence(gone: StateData['gone']): void {
    const now = performance.now();
    const { went, back } = this.absences.update(gone, now, Date.now());
    const opponent = this.side && other(this.side);
    if (!opponent) {
      for (const side of went) announce(t(watchNotice(side).code));
      return;
    }
    if (went.includes(opponent)) {
      this.claimAnnounced = undefined;
      const left = this.absences.claimLeft(opponent, now);
      const n = notice(left);
      announce(t(n.code, n.params));
      if (left === 0) this.claimAnnounced = this.absences.of(opponent)?.since;
    } else if (back.includes(opponent)) announce(t('ui.game.gone.back'));
  }

  /** announceClaim says once, through the live region, that the claim on the opponent's absence is open (the buttons have come). */
  private announceClaim(now: number): void {
    const opponent = this.side && other(this.side);
    const gone = opponent && this.absences.of(opponent);
    if (!opponent || !gone || this.claimAnnounced === gone.since || this.absences.claimLeft(opponent, now) !== 0) return;
    this.claimAnnounced = gone.since;
    announce(t('ui.game.gone.claim'));
  }

  private announceEnd(): void {
    play('end');
    const st = this.game.state;
    if (st.outcome) window.setTimeout(() => announce(t(st.outcome!)), 600);
  }

  /** tick runs every 100 ms: redraws running clocks and warns once of low time. */
  private tick(): void {
    if (!this.game.loaded) return;
    const st = this.game.state;
    if (finished(st.status)) return;
    // The countdown to the claim on the opponent's absence runs whether or not a clock runs.
    const opponent = this.side && other(this.side);
    const counting = !!opponent && this.absences.of(opponent)?.claimAt !== undefined;
    if (counting) this.announceClaim(performance.now());
    if (!this.clock.timed) {
      if (counting) this.redraw();
      return;
    }
    if (this.side && this.clock.isRunning(this.side)) {
      const left = this.clock.millis(this.side, performance.now());
      const low = lowTime(st.clock);
      if (left < low && !this.lowWarned) {
        this.lowWarned = true;
        play('lowtime');
      } else if (left >= low) this.lowWarned = false;
    }
    if (counting || this.clock.isRunning('white') || this.clock.isRunning('black')) this.redraw();
  }

  private onUserMove(orig: Key, dest: Key, meta: MoveMetadata): void {
    if (!this.playing || this.viewPly !== undefined) return this.syncBoard();
    const legal = this.game.state.legal ?? [];
    const promos = promotions(legal, orig, dest);
    if (promos.length) {
      const auto = autoPromotion(settings().autoQueen, !!meta.premove, promos);
      // A premove is played at once, unasked and unconfirmed: there is nobody to ask.
      if (auto && meta.premove) return this.sendMove(orig + dest + auto);
      if (auto) return this.submit(orig + dest + auto);
      this.promotion = { from: orig, to: dest, choices: ['q', 'r', 'b', 'n'].filter((p) => promos.includes(p)) };
      this.redraw();
      return;
    }
    const uci = orig + dest;
    if (!legal.includes(uci)) return this.syncBoard();
    if (meta.premove) return this.sendMove(uci);
    this.submit(uci);
  }

  /** submit sends the player's move, or holds it for confirmation when the move confirmation setting is on. */
  private submit(uci: string): void {
    if (!settings().confirmMove) return this.sendMove(uci);
    this.pending = uci;
    this.redraw();
  }

  /** confirmMove sends the move waiting for confirmation (yes), or takes it back off the board. */
  confirmMove(yes: boolean): void {
    const uci = this.pending;
    this.pending = undefined;
    if (yes && uci && this.playing && (this.game.state.legal ?? []).includes(uci)) this.sendMove(uci);
    else this.syncBoard();
    this.redraw();
  }

  /** zen reports whether the page shows only the board and the clocks: the setting, while the player plays, unless left. */
  get zen(): boolean {
    return settings().zen && this.playing && !this.zenOff;
  }

  /** resign asks first (the confirm resign setting) or resigns at once. */
  resign(): void {
    if (settings().confirmResign) {
      this.confirm = { kind: 'resign' };
      this.redraw();
    } else this.action('resign');
  }

  /** promote finishes the waiting promotion with piece (q, r, b, n), or cancels it (undefined). */
  promote(piece?: string): void {
    const p = this.promotion;
    this.promotion = undefined;
    if (p && piece && p.choices.includes(piece)) return this.submit(p.from + p.to + piece);
    this.syncBoard();
    this.redraw();
  }

  /** playUci plays a move given as UCI (the keyboard entry). */
  playUci(uci: string): void {
    if (!this.playing || this.game.state.turn !== this.side || !(this.game.state.legal ?? []).includes(uci)) return;
    this.ground?.move(uci.slice(0, 2) as Key, uci.slice(2, 4) as Key);
    this.submit(uci);
  }

  private sendMove(uci: string): void {
    const f = this.outbox.add(uci, this.game.uci.length, this.socket.lag || undefined);
    this.socket.send('move', f);
    this.redraw();
  }

  /** action sends one of the game's actions (resign, abort, draw-offer ...). */
  action(type: string): void {
    this.message = undefined;
    this.socket.send(type, { id: this.outbox.id() });
    this.redraw();
  }

  /** flip turns the board round. */
  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.ground?.set({ orientation: this.orientation });
    this.redraw();
  }

  /** show shows position ply (an earlier one, or the live one when ply is the last). */
  show(ply: number): void {
    if (!this.game.loaded) return;
    const last = this.game.uci.length;
    ply = Math.max(0, Math.min(last, ply));
    this.viewPly = ply === last ? undefined : ply;
    this.promotion = undefined;
    this.pending = undefined;
    this.syncBoard();
    this.redraw();
  }

  /** loadArena reads the game's arena, if it is an arena game. */
  private async loadArena(): Promise<void> {
    try {
      // Nothing (204) for a game of no arena.
      this.arena = (await get<ArenaGame | undefined>(`/api/game/${encodeURIComponent(this.id)}/arena`)) || undefined;
      if (this.arena) this.redraw();
    } catch {
      // The page works without: no berserk button.
    }
  }

  /** canBerserk reports whether the berserk button shows: an arena game that allows it, before the player's first move, not berserked yet. */
  get canBerserk(): boolean {
    const a = this.arena;
    if (!a || !a.mayBerserk || !this.playing || !this.side) return false;
    const done = this.side === 'white' ? a.whiteBerserk : a.blackBerserk;
    return !done && this.game.state.ply < (this.side === 'white' ? 1 : 2);
  }

  /** berserk halves the player's clock for a point more if they win (POST /api/arena/{id}/berserk). */
  async berserk(): Promise<void> {
    const a = this.arena;
    if (!a || !this.side) return;
    try {
      await post(`/api/arena/${encodeURIComponent(a.arenaId)}/berserk`);
      if (this.side === 'white') a.whiteBerserk = true;
      else a.blackBerserk = true;
      announce(t('ui.arena.berserked'));
    } catch (e) {
      this.message = e instanceof ApiError ? e.message : String(e);
    }
    this.redraw();
  }

  /** canAbort reports whether the abort button shows. */
  get canAbort(): boolean {
    return this.playing && canAbort(this.game.state);
  }

  /** askLeave opens the confirmation of leaving for href. */
  askLeave(href: string): void {
    this.confirm = { kind: 'leave', href };
    this.redraw();
  }

  /** goTo leaves the page for href (no question: the game is over, or the player confirmed). */
  goTo(href: string): void {
    // A rematch names its game twice (the ack and the rematch frame): go once.
    if (this.navigating) return;
    this.navigating = true;
    this.leaving = this.playing;
    location.href = href;
  }

  /** copyFen copies the shown position's FEN and shows a note. */
  async copyFen(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.shownFen);
      this.copied = true;
    } catch {
      this.copied = false;
      this.message = t('ui.game.copy_failed');
    }
    this.redraw();
    window.setTimeout(() => {
      this.copied = false;
      this.redraw();
    }, 2500);
  }

  /** lowTime reports whether side's clock is under the warning time. */
  isLow(side: Color, now: number): boolean {
    return this.clock.timed && this.clock.millis(side, now) < lowTime(this.game.state.clock);
  }

  /** close stops everything (tests, a page left). */
  close(): void {
    window.clearInterval(this.timer);
    this.socket.close();
    this.detach();
  }
}
