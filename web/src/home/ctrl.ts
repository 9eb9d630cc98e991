// ctrl.ts holds the home page's state and its actions: seeks placed,
// answered and cancelled, the custom form's game, challenge and link, a
// game against the AI, the challenges made to us accepted or declined, and
// the frames of the lobby socket. view.ts draws what it holds.
import { announce } from '../lib/layout';
import { t } from '../lib/i18n';
import { get, post, api, ApiError } from '../lib/api';
import { clockText, clockError, sayClock, limits } from '../lib/timecontrol';
import { Lobby, type YourTurn } from './lobby';
import { refreshTurns, onTurns } from '../lib/turns';
import { me, isAccount, refreshMe } from './me';
import type { Seek, Challenge, Preset, AILevel, GameSummary } from './types';
import { copyText } from './copy';
import { oppositeColor } from './words';
import { declineChallenge } from './incoming';
import { initialState, formClock, type State, type Color } from './state';
import { ChatCtrl } from '../lib/chat';

interface SeekAnswer {
  seek: Seek;
  gameId?: string;
}

/** HomeCtrl is the home page's state and actions; redraw draws it again. */
export class HomeCtrl {
  readonly state: State = initialState();
  readonly lobby: Lobby;
  /** chat is the lobby's chat, on the lobby socket. */
  readonly chat: ChatCtrl;
  /** going is the game whose page is being opened. */
  private going = '';

  constructor(readonly redraw: () => void) {
    this.chat = new ChatCtrl((t, d) => this.lobby.send(t, d), redraw, () => me()?.id);
    this.lobby = new Lobby({
      other: (f) => this.chat.onFrame(f),
      change: () => this.redraw(),
      paired: (id) => this.goGame(id),
      challenge: (c) => this.onChallenge(c),
      yourTurn: (y) => this.onYourTurn(y),
      listed: () => void this.recover(),
    });
    onTurns(() => this.redraw());
    if (me()) void refreshTurns();
    void get<Preset[]>('/api/lobby/presets').then((p) => ((this.state.presets = p), this.redraw()), (e) => this.fail('quick', e));
    void get<AILevel[]>('/api/ai/levels').then((l) => ((this.state.levels = l), this.redraw()), (e) => this.fail('ai', e));
    void this.loadIncoming();
    void this.loadNow();
    window.setInterval(() => void this.loadNow(), 10000);
  }

  /** goGame opens the game's page. */
  goGame(id: string): void {
    // The answer to an accept and the lobby socket's frame both say where the
    // game is: go once, as a second navigation would cancel the first.
    if (this.going === id) return;
    this.going = id;
    location.href = '/game/' + encodeURIComponent(id);
  }

  /** fail shows err in section. */
  fail(section: string, err: unknown): void {
    this.state.errors[section] = err instanceof ApiError ? err.message : String(err);
    this.redraw();
  }

  /**
   * playing runs a request that may make the browser a guest: afterwards, if
   * it did, the guest's name is shown and the lobby socket opened again as
   * the guest (so that our pairings and challenges reach us).
   */
  private async playing<T>(section: string, req: () => Promise<T>): Promise<T | undefined> {
    const s = this.state;
    s.errors[section] = '';
    s.busy = true;
    this.redraw();
    const wasNobody = !me();
    try {
      return await req();
    } catch (e) {
      this.fail(section, e);
      return undefined;
    } finally {
      s.busy = false;
      if (wasNobody && (await refreshMe())) this.lobby.reconnect();
      this.redraw();
    }
  }

  /** seek places a seek; a compatible one pairs at once and the game opens. */
  async seek(section: string, timeControl: string, color: Color, rated: boolean): Promise<void> {
    const res = await this.playing(section, () => post<SeekAnswer>('/api/seek', { timeControl, color, rated }));
    if (!res) return;
    if (res.gameId) return this.goGame(res.gameId);
    this.state.mine.add(res.seek.id);
    this.lobby.add(res.seek);
    announce(t('ui.home.waiting', { clock: sayClock(timeControl) }));
  }

  /** join answers someone's seek with a matching one, which pairs at once. */
  join(s: Seek): Promise<void> {
    return this.seek('seeks', s.timeControl, oppositeColor(s.color), s.rated);
  }

  /** cancelSeek takes one of our seeks back. */
  async cancelSeek(id: string): Promise<void> {
    this.state.errors.seeks = '';
    try {
      await api('DELETE', '/api/seek/' + encodeURIComponent(id));
      this.state.mine.delete(id);
      this.lobby.remove(id);
      announce(t('ui.home.seek.cancelled'));
    } catch (e) {
      this.fail('seeks', e);
    }
  }

  /** checkForm returns the form's clock text, or '' after showing what is wrong in section. */
  private checkForm(section: string): string {
    const c = formClock(this.state.form);
    const bad = clockError(c);
    if (bad) {
      this.state.errors[section] = t(bad, { min: limits.minMinutes, max: limits.maxMinutes, inc: limits.maxIncrement, smin: limits.minSeconds, smax: limits.maxSeconds });
      this.redraw();
      return '';
    }
    return clockText(c);
  }

  /** formSeek places the custom form's seek. */
  formSeek(): void {
    const tc = this.checkForm('form');
    if (tc) void this.seek('form', tc, this.state.form.color, isAccount() && this.state.form.rated);
  }

  /** makeLink makes a challenge link with the custom form's game. */
  async makeLink(): Promise<void> {
    const tc = this.checkForm('link');
    if (!tc) return;
    const f = this.state.form;
    this.state.copied = false;
    const c = await this.playing('link', () => post<Challenge>('/api/challenge/open', { timeControl: tc, color: f.color, rated: isAccount() && f.rated }));
    if (c) this.state.link = c;
  }

  /** challengeUser challenges the form's user to the form's game. */
  async challengeUser(): Promise<void> {
    const tc = this.checkForm('user');
    if (!tc) return;
    const f = this.state.form;
    const name = f.username.trim();
    if (!name) {
      this.state.errors.user = t('ui.home.challenge.need_username');
      this.redraw();
      return;
    }
    const c = await this.playing('user', () =>
      post<Challenge>('/api/challenge/' + encodeURIComponent(name), { timeControl: tc, color: f.color, rated: isAccount() && f.rated }),
    );
    if (c) location.href = '/challenge/' + encodeURIComponent(c.id);
  }

  /** copyLink copies the challenge link to the clipboard. */
  async copyLink(): Promise<void> {
    const s = this.state;
    if (!s.link?.url) return;
    s.copied = await copyText(s.link.url, document.getElementById('link-url') as HTMLInputElement | null);
    s.errors.link = s.copied ? '' : t('ui.home.link.copy_failed');
    if (s.copied) announce(t('ui.home.link.copied'));
    this.redraw();
  }

  /** cancelLink cancels the challenge link. */
  async cancelLink(): Promise<void> {
    const c = this.state.link;
    if (!c) return;
    try {
      await post('/api/challenge/' + encodeURIComponent(c.id) + '/cancel');
      this.state.link = undefined;
      this.redraw();
    } catch (e) {
      this.fail('link', e);
    }
  }

  /** playAI starts a game against the AI as its box says. */
  async playAI(): Promise<void> {
    const ai = this.state.ai;
    const g = await this.playing('ai', () => post<{ id: string }>('/api/challenge/ai', { level: ai.level, color: ai.color, timeControl: ai.clock }));
    if (g) this.goGame(g.id);
  }

  /** accept accepts a challenge made to us. */
  async accept(c: Challenge): Promise<void> {
    const res = await this.playing('incoming', () => post<Challenge>('/api/challenge/' + encodeURIComponent(c.id) + '/accept'));
    if (res?.gameId) this.goGame(res.gameId);
  }

  /** decline declines a challenge made to us, with reason, and drops it from the list. */
  decline(c: Challenge, reason: string): Promise<void> {
    this.state.errors.incoming = '';
    return declineChallenge(
      c,
      reason,
      () => {
        this.state.incoming = this.state.incoming.filter((x) => x.id !== c.id);
        this.redraw();
      },
      (e) => this.fail('incoming', e),
    );
  }

  /** onChallenge takes a challenge frame of the lobby socket. */
  private onChallenge(c: Challenge): void {
    const m = me();
    if (!m) return;
    const s = this.state;
    if (c.challenger.id === m.id) {
      if (c.status === 'accepted' && c.gameId) return this.goGame(c.gameId);
      if (s.link?.id === c.id) s.link = c;
    } else if (c.destUser?.id === m.id && c.kind !== 'rematch') {
      s.incoming = s.incoming.filter((x) => x.id !== c.id);
      if (c.status === 'created') {
        s.incoming.push(c);
        announce(t('ui.home.incoming.new', { name: c.challenger.name }));
      }
    }
    this.redraw();
  }

  /** onYourTurn tells of a correspondence game waiting for our move and reads the list of them again. */
  private onYourTurn(y: YourTurn): void {
    this.state.turnNote = t('ui.home.turns.note', { opponent: y.opponent.name });
    announce(this.state.turnNote);
    void refreshTurns();
    this.redraw();
  }

  /**
   * recover finds the game a seek of ours started while the socket was
   * being opened again (its paired frame went to the old socket): a seek we
   * wait on that is no longer listed was paired, cancelled or swept.
   */
  private async recover(): Promise<void> {
    const m = me();
    const mine = this.state.mine;
    if (!m || mine.size === 0) return;
    const gone = [...mine].filter((id) => !this.lobby.seeks.some((s) => s.id === id));
    if (gone.length === 0) return;
    gone.forEach((id) => mine.delete(id));
    try {
      const games = await get<GameSummary[]>('/api/games/now?max=50');
      const g = games.find((x) => x.players.white?.id === m.id || x.players.black?.id === m.id);
      if (g) this.goGame(g.id);
    } catch {}
  }

  private async loadNow(): Promise<void> {
    try {
      this.state.now = await get<GameSummary[]>('/api/games/now?max=20');
      this.redraw();
    } catch {}
  }

  private async loadIncoming(): Promise<void> {
    if (!me()) return;
    try {
      const res = await get<{ in: Challenge[]; out: Challenge[] }>('/api/challenge');
      this.state.incoming = res.in.filter((c) => c.status === 'created' && c.kind !== 'rematch');
      this.state.link = res.out.filter((c) => c.kind === 'open' && c.status === 'created').pop();
      this.redraw();
    } catch {}
  }
}
