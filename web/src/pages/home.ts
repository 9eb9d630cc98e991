// home.ts is the home page and lobby: a game made from a preset clock or a
// form (a seek in the lobby, a challenge to a user, a challenge link), the
// open seeks kept live by the lobby socket, the challenges received, a game
// against the AI, and the games being played now.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { playerName as gamePlayerName } from '../account/format';
import { get, post, api, ApiError } from '../lib/api';
import { Lobby } from '../home/lobby';
import { me, isAccount, refreshMe } from '../home/me';
import { Clock, clockText, clockError, sayClock, sayClockShort, limits } from '../lib/timecontrol';
import { Seek, Challenge, Preset, AILevel, GameSummary } from '../home/types';
import { copyText } from '../home/copy';
import { playerName, colorWord, oppositeColor } from '../home/words';
import { aiSection, AIState } from '../home/ai';
import { challengesIn, declineChallenge } from '../home/incoming';

type Color = 'white' | 'black' | 'random';

/** Form is the custom game form. */
interface Form {
  mode: 'game' | 'move';
  minutes: number;
  increment: number;
  seconds: number;
  color: Color;
  rated: boolean;
  username: string;
}

/** State is everything the page shows. */
interface State {
  presets: Preset[];
  levels: AILevel[];
  form: Form;
  ai: AIState;
  /** mine are the ids of the seeks this browser placed and still waits on. */
  mine: Set<string>;
  /** incoming are the challenges made to us, still open. */
  incoming: Challenge[];
  /** link is the last challenge link made here. */
  link?: Challenge;
  copied: boolean;
  /** now are the games being played. */
  now: GameSummary[];
  /** errors by section: quick, form, seeks, link, user, ai, incoming. */
  errors: Record<string, string>;
  busy: boolean;
}

const state: State = {
  presets: [],
  levels: [],
  form: { mode: 'game', minutes: 5, increment: 3, seconds: 30, color: 'random', rated: false, username: '' },
  ai: { level: 2, color: 'random', clock: 'untimed' },
  mine: new Set(),
  incoming: [],
  copied: false,
  now: [],
  errors: {},
  busy: false,
};

let redraw: () => void = () => {};
let lobby: Lobby;

/** goGame opens the game's page. */
let going = '';

function goGame(id: string): void {
  // The answer to an accept and the lobby socket's frame both say where the
  // game is: go once, as a second navigation would cancel the first.
  if (going === id) return;
  going = id;
  location.href = '/game/' + encodeURIComponent(id);
}

/** fail shows err in section. */
function fail(section: string, err: unknown): void {
  state.errors[section] = err instanceof ApiError ? err.message : String(err);
  redraw();
}

/**
 * playing runs a request that may make the browser a guest: afterwards, if
 * it did, the guest's name is shown and the lobby socket opened again as
 * the guest (so that our pairings and challenges reach us).
 */
async function playing<T>(section: string, req: () => Promise<T>): Promise<T | undefined> {
  state.errors[section] = '';
  state.busy = true;
  redraw();
  const wasNobody = !me();
  try {
    return await req();
  } catch (e) {
    fail(section, e);
    return undefined;
  } finally {
    state.busy = false;
    if (wasNobody && (await refreshMe())) lobby.reconnect();
    redraw();
  }
}

interface SeekAnswer {
  seek: Seek;
  gameId?: string;
}

/** seek places a seek; a compatible one pairs at once and the game opens. */
async function seek(section: string, timeControl: string, color: Color, rated: boolean): Promise<void> {
  const res = await playing(section, () => post<SeekAnswer>('/api/seek', { timeControl, color, rated }));
  if (!res) return;
  if (res.gameId) return goGame(res.gameId);
  state.mine.add(res.seek.id);
  lobby.add(res.seek);
  announce(t('ui.home.waiting', { clock: sayClock(timeControl) }));
}

/** join answers someone's seek with a matching one, which pairs at once. */
function join(s: Seek): Promise<void> {
  return seek('seeks', s.timeControl, oppositeColor(s.color), s.rated);
}

/** cancelSeek takes one of our seeks back. */
async function cancelSeek(id: string): Promise<void> {
  state.errors.seeks = '';
  try {
    await api('DELETE', '/api/seek/' + encodeURIComponent(id));
    state.mine.delete(id);
    lobby.remove(id);
    announce(t('ui.home.seek.cancelled'));
  } catch (e) {
    fail('seeks', e);
  }
}

/** formClock is the custom form's clock. */
function formClock(): Clock {
  const f = state.form;
  return f.mode === 'game' ? { mode: 'game', minutes: f.minutes, increment: f.increment } : { mode: 'move', seconds: f.seconds };
}

/** checkForm returns the form's clock text, or '' after showing what is wrong in section. */
function checkForm(section: string): string {
  const c = formClock();
  const bad = clockError(c);
  if (bad) {
    state.errors[section] = t(bad, { min: limits.minMinutes, max: limits.maxMinutes, inc: limits.maxIncrement, smin: limits.minSeconds, smax: limits.maxSeconds });
    redraw();
    return '';
  }
  return clockText(c);
}

function formSeek(): void {
  const tc = checkForm('form');
  if (tc) void seek('form', tc, state.form.color, isAccount() && state.form.rated);
}

async function makeLink(): Promise<void> {
  const tc = checkForm('link');
  if (!tc) return;
  state.copied = false;
  const c = await playing('link', () => post<Challenge>('/api/challenge/open', { timeControl: tc, color: state.form.color, rated: isAccount() && state.form.rated }));
  if (c) state.link = c;
}

async function challengeUser(): Promise<void> {
  const tc = checkForm('user');
  if (!tc) return;
  const name = state.form.username.trim();
  if (!name) {
    state.errors.user = t('ui.home.challenge.need_username');
    redraw();
    return;
  }
  const c = await playing('user', () =>
    post<Challenge>('/api/challenge/' + encodeURIComponent(name), { timeControl: tc, color: state.form.color, rated: isAccount() && state.form.rated }),
  );
  if (c) location.href = '/challenge/' + encodeURIComponent(c.id);
}

async function copyLink(): Promise<void> {
  if (!state.link?.url) return;
  state.copied = await copyText(state.link.url, document.getElementById('link-url') as HTMLInputElement | null);
  state.errors.link = state.copied ? '' : t('ui.home.link.copy_failed');
  if (state.copied) announce(t('ui.home.link.copied'));
  redraw();
}

async function cancelLink(): Promise<void> {
  const c = state.link;
  if (!c) return;
  try {
    await post('/api/challenge/' + encodeURIComponent(c.id) + '/cancel');
    state.link = undefined;
    redraw();
  } catch (e) {
    fail('link', e);
  }
}

async function playAI(): Promise<void> {
  const g = await playing('ai', () => post<{ id: string }>('/api/challenge/ai', { level: state.ai.level, color: state.ai.color, timeControl: state.ai.clock }));
  if (g) goGame(g.id);
}

async function accept(c: Challenge): Promise<void> {
  const res = await playing('incoming', () => post<Challenge>('/api/challenge/' + encodeURIComponent(c.id) + '/accept'));
  if (res?.gameId) goGame(res.gameId);
}

/** decline declines a challenge made to us, with reason, and drops it from the list. */
function decline(c: Challenge, reason: string): Promise<void> {
  state.errors.incoming = '';
  return declineChallenge(
    c,
    reason,
    () => {
      state.incoming = state.incoming.filter((x) => x.id !== c.id);
      redraw();
    },
    (e) => fail('incoming', e),
  );
}

/** onChallenge takes a challenge frame of the lobby socket. */
function onChallenge(c: Challenge): void {
  const m = me();
  if (!m) return;
  if (c.challenger.id === m.id) {
    if (c.status === 'accepted' && c.gameId) return goGame(c.gameId);
    if (state.link?.id === c.id) state.link = c;
  } else if (c.destUser?.id === m.id && c.kind !== 'rematch') {
    state.incoming = state.incoming.filter((x) => x.id !== c.id);
    if (c.status === 'created') {
      state.incoming.push(c);
      announce(t('ui.home.incoming.new', { name: c.challenger.name }));
    }
  }
  redraw();
}

/**
 * recover finds the game a seek of ours started while the socket was
 * being opened again (its paired frame went to the old socket): a seek we
 * wait on that is no longer listed was paired, cancelled or swept.
 */
async function recover(): Promise<void> {
  const m = me();
  if (!m || state.mine.size === 0) return;
  const gone = [...state.mine].filter((id) => !lobby.seeks.some((s) => s.id === id));
  if (gone.length === 0) return;
  gone.forEach((id) => state.mine.delete(id));
  try {
    const games = await get<GameSummary[]>('/api/games/now?max=50');
    const g = games.find((x) => x.players.white?.id === m.id || x.players.black?.id === m.id);
    if (g) goGame(g.id);
  } catch {}
}

async function loadNow(): Promise<void> {
  try {
    state.now = await get<GameSummary[]>('/api/games/now?max=20');
    redraw();
  } catch {}
}

async function loadIncoming(): Promise<void> {
  if (!me()) return;
  try {
    const res = await get<{ in: Challenge[]; out: Challenge[] }>('/api/challenge');
    state.incoming = res.in.filter((c) => c.status === 'created' && c.kind !== 'rematch');
    state.link = res.out.filter((c) => c.kind === 'open' && c.status === 'created').pop();
    redraw();
  } catch {}
}

// ---- the view ----

function errorLine(section: string): VNode | null {
  const e = state.errors[section];
  return e ? h('p.error', { attrs: { role: 'alert', id: 'error-' + section } }, e) : null;
}

function whoAmI(): VNode {
  const m = me();
  return h(
    'p#whoami.whoami',
    m ? t(m.guest ? 'ui.home.me.guest' : 'ui.home.me.account', { name: m.displayName }) : t('ui.home.me.nobody'),
  );
}

function quickSection(): VNode {
  const games = state.presets.filter((p) => p.mode === 'game');
  const moves = state.presets.filter((p) => p.mode === 'move');
  const button = (p: Preset) =>
    h(
      'button.preset',
      {
        attrs: { type: 'button', 'data-tc': p.timeControl, title: t('ui.home.quick.seek', { clock: sayClock(p.timeControl) }), disabled: state.busy },
        on: { click: () => void seek('quick', p.timeControl, 'random', false) },
      },
      [h('span.preset-clock', sayClockShort(p.timeControl)), h('span.preset-speed', t('ui.home.speed.' + p.speed))],
    );
  return h('section#quick.card', { attrs: { 'aria-labelledby': 'quick-title' } }, [
    h('h2#quick-title', t('ui.home.quick.title')),
    h('h3', t('ui.home.mode.game')),
    h('div.presets', games.map(button)),
    h('h3', t('ui.home.mode.move')),
    h('div.presets', moves.map(button)),
    errorLine('quick'),
  ]);
}

function numberInput(id: string, value: number, min: number, max: number, set: (n: number) => void): VNode {
  return h('input#' + id, {
    attrs: { type: 'number', min, max, step: 1, inputmode: 'numeric', required: true },
    props: { value: String(value) },
    on: { input: (e: Event) => set(Number((e.target as HTMLInputElement).value)) },
  });
}

function formSection(): VNode {
  const f = state.form;
  const radio = (name: string, value: string, checked: boolean, label: string, set: () => void) =>
    h('label.choice', [
      h('input', { attrs: { type: 'radio', name, value, id: name + '-' + value }, props: { checked }, on: { change: set } }),
      ' ',
      label,
    ]);
  return h('section#create.card', { attrs: { 'aria-labelledby': 'create-title' } }, [
    h('h2#create-title', t('ui.home.form.title')),
    h('form#game-form', { attrs: { novalidate: true }, on: { submit: (e: Event) => (e.preventDefault(), formSeek()) } }, [
      h('fieldset.modes', [
        h('legend', t('ui.home.form.mode')),
        radio('mode', 'game', f.mode === 'game', t('ui.home.mode.game'), () => ((f.mode = 'game'), redraw())),
        radio('mode', 'move', f.mode === 'move', t('ui.home.mode.move'), () => ((f.mode = 'move'), redraw())),
      ]),
      f.mode === 'game'
        ? h('div.row', [
            h('div', [h('label', { attrs: { for: 'form-minutes' } }, t('ui.home.form.minutes')), numberInput('form-minutes', f.minutes, limits.minMinutes, limits.maxMinutes, (n) => (f.minutes = n))]),
            h('div', [
              h('label', { attrs: { for: 'form-increment' } }, t('ui.home.form.increment')),
              h(
                'select#form-increment',
                { on: { change: (e: Event) => (f.increment = Number((e.target as HTMLSelectElement).value)) } },
                Array.from({ length: limits.maxIncrement + 1 }, (_, i) =>
                  h('option', { attrs: { value: String(i) }, props: { selected: i === f.increment } }, t('ui.home.form.increment_option', { seconds: i })),
                ),
              ),
            ]),
          ])
        : h('div.row', [
            h('div', [h('label', { attrs: { for: 'form-seconds' } }, t('ui.home.form.seconds')), numberInput('form-seconds', f.seconds, limits.minSeconds, limits.maxSeconds, (n) => (f.seconds = n))]),
          ]),
      h('div.row', [
        h('div', [
          h('label', { attrs: { for: 'form-color' } }, t('ui.home.form.color')),
          h(
            'select#form-color',
            { on: { change: (e: Event) => (f.color = (e.target as HTMLSelectElement).value as Color) } },
            (['random', 'white', 'black'] as Color[]).map((c) => h('option', { attrs: { value: c }, props: { selected: c === f.color } }, colorWord(c))),
          ),
        ]),
        isAccount()
          ? h('div.check', [
              h('input#form-rated', { attrs: { type: 'checkbox' }, props: { checked: f.rated }, on: { change: (e: Event) => (f.rated = (e.target as HTMLInputElement).checked) } }),
              h('label', { attrs: { for: 'form-rated' } }, t('ui.home.form.rated')),
            ])
          : h('p.hint', t('ui.home.form.rated_accounts')),
      ]),
      h('div.actions', [h('button#form-seek.primary', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.home.form.seek'))]),
      errorLine('form'),
    ]),
    h('div.challenge-tools', [
      h('h3', t('ui.home.challenge.title')),
      h('p.hint', t('ui.home.challenge.hint')),
      h('form#challenge-user-form.inline', { on: { submit: (e: Event) => (e.preventDefault(), void challengeUser()) } }, [
        h('label', { attrs: { for: 'challenge-username' } }, t('ui.home.challenge.username')),
        h('div.inline-row', [
          h('input#challenge-username', {
            attrs: { type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', maxlength: 40 },
            props: { value: f.username },
            on: { input: (e: Event) => (f.username = (e.target as HTMLInputElement).value) },
          }),
          h('button#challenge-user', { attrs: { type: 'submit', disabled: state.busy } }, t('ui.home.challenge.send')),
        ]),
        errorLine('user'),
      ]),
      linkBlock(),
    ]),
  ]);
}

function linkBlock(): VNode {
  const c = state.link;
  const parts: (VNode | null)[] = [h('button#make-link', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void makeLink() } }, t('ui.home.link.make'))];
  if (c?.url && c.status === 'created') {
    parts.push(
      h('div.link-box', [
        h('label', { attrs: { for: 'link-url' } }, t('ui.home.link.label', { clock: sayClock(c.timeControl) })),
        h('div.inline-row', [
          h('input#link-url', { attrs: { type: 'text', readonly: true }, props: { value: c.url } }),
          h('button#copy-link.primary', { attrs: { type: 'button' }, on: { click: () => void copyLink() } }, t('ui.home.link.copy')),
        ]),
        state.copied ? h('p#link-copied.ok', { attrs: { role: 'status' } }, t('ui.home.link.copied')) : null,
        h('p.hint', t('ui.home.link.waiting')),
        h('div.actions', [
          h('a', { attrs: { href: '/challenge/' + encodeURIComponent(c.id) } }, t('ui.home.link.open')),
          h('button#cancel-link.danger', { attrs: { type: 'button' }, on: { click: () => void cancelLink() } }, t('ui.home.link.cancel')),
        ]),
      ]),
    );
  } else if (c && c.status !== 'created') {
    parts.push(h('p.hint', t('ui.challenge.status.' + c.status)));
  }
  parts.push(errorLine('link'));
  return h('div#link', parts);
}

function seekRow(s: Seek): VNode {
  const m = me();
  const own = !!m && s.owner.id === m.id;
  return h('li.seek' + (own ? '.own' : ''), { key: s.id, attrs: { 'data-seek-id': s.id, 'data-tc': s.timeControl } }, [
    h('span.seek-who', playerName(s.owner)),
    h('span.seek-info', [
      h('span.seek-clock', sayClock(s.timeControl)),
      h('span.seek-color', colorWord(s.color)),
      h('span.seek-rated', t(s.rated ? 'ui.home.rated' : 'ui.home.casual')),
    ]),
    own
      ? h('button.seek-cancel.danger', { attrs: { type: 'button', 'aria-label': t('ui.home.seek.cancel_label', { clock: sayClock(s.timeControl) }) }, on: { click: () => void cancelSeek(s.id) } }, t('ui.home.seek.cancel'))
      : h(
          'button.seek-join.primary',
          {
            attrs: { type: 'button', disabled: state.busy, 'aria-label': t('ui.home.seek.join_label', { name: s.owner.name, clock: sayClock(s.timeControl) }) },
            on: { click: () => void join(s) },
          },
          t('ui.home.seek.join'),
        ),
  ]);
}

function seeksSection(): VNode {
  const m = me();
  const waiting = m ? lobby.seeks.filter((s) => s.owner.id === m.id) : [];
  return h('section#seeks.card', { attrs: { 'aria-labelledby': 'seeks-title' } }, [
    h('h2#seeks-title', [t('ui.home.seeks.title'), ' ', h('span.status' + (lobby.online ? '.online' : '.offline'), lobby.online ? t('ui.home.online') : t('ui.home.offline'))]),
    waiting.length
      ? h('p#waiting.waiting', { attrs: { role: 'status' } }, t('ui.home.waiting', { clock: waiting.map((s) => sayClock(s.timeControl)).join(', ') }))
      : null,
    lobby.seeks.length ? h('ul#seek-list.seek-list', lobby.seeks.map(seekRow)) : h('p#no-seeks.hint', t('ui.home.seeks.none')),
    errorLine('seeks'),
  ]);
}

function nowSection(): VNode {
  // The AI is named as the profile and the replay name it ("la IA (Fácil)"; "La IA" opening the line), not by its level's word alone.
  const name = (p: GameSummary['players']['white'], opening = false) => gamePlayerName(p, opening);
  return h('section#playing-now.card', { attrs: { 'aria-labelledby': 'now-title' } }, [
    h('h2#now-title', t('ui.home.now.title')),
    state.now.length
      ? h(
          'ul.now-list',
          state.now.map((g) =>
            h('li', { key: g.id }, [
              h('a', { attrs: { href: '/game/' + encodeURIComponent(g.id) } }, t('ui.home.now.game', { white: name(g.players.white, true), black: name(g.players.black) })),
              ' ',
              h('span.hint', sayClock(g.timeControl)),
            ]),
          ),
        )
      : h('p.hint', t('ui.home.now.none')),
  ]);
}

function view(): VNode {
  return page(
    redraw,
    [
      h('h1.home-title', t('ui.home.title')),
      whoAmI(),
      h('div.home-grid', [
        h('div.home-col', [quickSection(), formSection()]),
        h('div.home-col', [
          challengesIn(state.incoming, { accept: (c) => void accept(c), decline: (c, reason) => void decline(c, reason) }, errorLine('incoming')),
          seeksSection(),
          aiSection(state.ai, state.levels, state.presets, state.busy, redraw, () => void playAI(), errorLine('ai')),
          nowSection(),
        ]),
      ]),
    ],
    'home',
  );
}

/** start renders the page into root and connects it to the lobby. */
export function start(root: HTMLElement): void {
  document.title = t('ui.title.home');
  lobby = new Lobby({
    change: () => redraw(),
    paired: (id) => goGame(id),
    challenge: onChallenge,
    listed: () => void recover(),
  });
  redraw = mount(root, view);
  void get<Preset[]>('/api/lobby/presets').then((p) => ((state.presets = p), redraw()), (e) => fail('quick', e));
  void get<AILevel[]>('/api/ai/levels').then((l) => ((state.levels = l), redraw()), (e) => fail('ai', e));
  void loadIncoming();
  void loadNow();
  window.setInterval(() => void loadNow(), 10000);
}
