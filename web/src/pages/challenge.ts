// challenge.ts is the page of one challenge (/challenge/{id}): a direct
// challenge or a challenge link. It shows who challenges whom, the clock,
// the colour and whether it is rated; the challenged (anyone, for a link)
// accepts and goes to the game, or declines with a reason; the challenger
// waits, can cancel, and is taken to the game once it is accepted. Closed
// challenges say how they ended.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post, ApiError } from '../lib/api';
import { Lobby } from '../home/lobby';
import { me, refreshMe } from '../home/me';
import { sayClock } from '../lib/timecontrol';
import { playerName, colorWord, oppositeColor } from '../home/words';
import { copyText } from '../home/copy';
import { reasonSelect } from '../home/incoming';
import { Challenge } from '../home/types';

interface State {
  id: string;
  c?: Challenge;
  /** loadError is the refusal of GET show (no such challenge …). */
  loadError: string;
  error: string;
  reason: string;
  copied: boolean;
  busy: boolean;
}

const state: State = { id: '', loadError: '', error: '', reason: 'generic', copied: false, busy: false };
let redraw: () => void = () => {};
let lobby: Lobby | undefined;

let going = '';

function goGame(id: string): void {
  // The answer to an accept and the lobby socket's frame both say where the
  // game is: go once, as a second navigation would cancel the first.
  if (going === id) return;
  going = id;
  location.href = '/game/' + encodeURIComponent(id);
}

/** update takes a newer view of the challenge, and opens the game for its players once accepted. */
function update(c: Challenge): void {
  if (c.id !== state.id) return;
  const before = state.c?.status;
  state.c = { ...state.c, ...c, url: c.url ?? state.c?.url };
  const m = me();
  if (c.status === 'accepted' && c.gameId && m && (c.challenger.id === m.id || c.destUser?.id === m.id)) return goGame(c.gameId);
  if (before && before !== c.status) announce(statusText(state.c));
  redraw();
}

async function load(): Promise<void> {
  try {
    update(await get<Challenge>('/api/challenge/' + encodeURIComponent(state.id) + '/show'));
    state.loadError = '';
  } catch (e) {
    state.loadError = e instanceof ApiError ? e.message : String(e);
  }
  redraw();
}

async function act(path: string, body: unknown = {}): Promise<Challenge | undefined> {
  state.error = '';
  state.busy = true;
  redraw();
  const wasNobody = !me();
  try {
    return await post<Challenge>('/api/challenge/' + encodeURIComponent(state.id) + '/' + path, body);
  } catch (e) {
    state.error = e instanceof ApiError ? e.message : String(e);
    return undefined;
  } finally {
    state.busy = false;
    if (wasNobody) await refreshMe();
    redraw();
  }
}

async function accept(): Promise<void> {
  const c = await act('accept');
  if (c?.gameId) return goGame(c.gameId);
  if (c) update(c);
}

async function decline(): Promise<void> {
  const c = await act('decline', { reason: state.reason });
  if (c) update(c);
}

async function cancel(): Promise<void> {
  const c = await act('cancel');
  if (c) update(c);
}

async function copy(): Promise<void> {
  const url = state.c?.url ?? location.href;
  state.copied = await copyText(url, document.getElementById('challenge-url') as HTMLInputElement | null);
  state.error = state.copied ? '' : t('ui.home.link.copy_failed');
  if (state.copied) announce(t('ui.home.link.copied'));
  redraw();
}

/** statusText says where the challenge stands. */
function statusText(c: Challenge): string {
  if (c.status === 'declined') return t('ui.challenge.declined_because', { reason: t('decline.' + (c.declineReason || 'generic')) });
  return t('ui.challenge.status.' + c.status);
}

function details(c: Challenge): VNode {
  const row = (label: string, value: string, id: string) => [h('dt', label), h('dd#' + id, value)];
  return h('dl.challenge-details', [
    ...row(t('ui.challenge.from'), playerName(c.challenger), 'challenge-from'),
    ...row(t('ui.challenge.to'), c.kind === 'open' && !c.destUser?.id ? t('ui.challenge.to_anyone') : playerName(c.destUser), 'challenge-to'),
    ...row(t('ui.challenge.clock'), sayClock(c.timeControl), 'challenge-clock'),
    ...row(t('ui.challenge.color', { name: c.challenger.name }), colorWord(c.color), 'challenge-color'),
    ...row(t('ui.challenge.dest_color'), colorWord(oppositeColor(c.color)), 'challenge-dest-color'),
    ...row(t('ui.challenge.mode'), t(c.rated ? 'ui.home.rated' : 'ui.home.casual'), 'challenge-rated'),
  ]);
}

function controls(c: Challenge): VNode[] {
  const m = me();
  const mine = !!m && c.challenger.id === m.id;
  const forMe = c.kind === 'open' ? !mine : !!m && c.destUser?.id === m.id;
  if (c.status === 'accepted') {
    return [h('p#challenge-status', { attrs: { role: 'status' } }, statusText(c)), c.gameId ? h('a#challenge-game.button.primary', { attrs: { href: '/game/' + encodeURIComponent(c.gameId) } }, t('ui.challenge.watch')) : null].filter(
      (x): x is VNode => !!x,
    );
  }
  if (c.status !== 'created') return [h('p#challenge-status', { attrs: { role: 'status' } }, statusText(c))];
  if (mine) {
    const out: VNode[] = [h('p#challenge-status.waiting', { attrs: { role: 'status' } }, t('ui.challenge.waiting'))];
    if (c.kind === 'open') {
      out.push(
        h('label', { attrs: { for: 'challenge-url' } }, t('ui.challenge.link')),
        h('div.inline-row', [
          h('input#challenge-url', { attrs: { type: 'text', readonly: true }, props: { value: c.url ?? location.href } }),
          h('button#challenge-copy.primary', { attrs: { type: 'button' }, on: { click: () => void copy() } }, t('ui.home.link.copy')),
        ]),
      );
      if (state.copied) out.push(h('p#challenge-copied.ok', { attrs: { role: 'status' } }, t('ui.home.link.copied')));
    }
    out.push(h('div.actions', [h('button#challenge-cancel.danger', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void cancel() } }, t('ui.challenge.cancel'))]));
    return out;
  }
  if (!forMe) return [h('p#challenge-status', t('ui.challenge.not_for_you', { name: c.destUser?.name ?? '' }))];
  const out: VNode[] = [
    h('p#challenge-status', t(c.kind === 'open' ? 'ui.challenge.invite_open' : 'ui.challenge.invite', { name: c.challenger.name })),
    h('div.actions', [h('button#challenge-accept.primary', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void accept() } }, t('ui.challenge.accept'))]),
  ];
  if (c.kind === 'direct') {
    out.push(
      h('div.decline', [
        ...reasonSelect(c.id, state.reason, (r) => (state.reason = r)),
        h('button#challenge-decline.danger', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void decline() } }, t('ui.challenge.decline')),
      ]),
    );
  }
  return out;
}

function view(): VNode {
  const c = state.c;
  const m = me();
  const content: (VNode | null)[] = [h('h1', t('ui.challenge.title'))];
  if (m) content.push(h('p#whoami.whoami', t(m.guest ? 'ui.home.me.guest' : 'ui.home.me.account', { name: m.displayName })));
  if (state.loadError) content.push(h('p#challenge-missing.error', { attrs: { role: 'alert' } }, state.loadError), h('p', h('a', { attrs: { href: '/' } }, t('ui.challenge.home'))));
  else if (!c) content.push(h('p.hint', t('ui.challenge.loading')));
  else content.push(h('section#challenge.card', [details(c), ...controls(c)]));
  if (state.error) content.push(h('p#challenge-error.error', { attrs: { role: 'alert' } }, state.error));
  return page(redraw, content.filter((x): x is VNode => !!x), 'challenge-page');
}

/** start renders the page into root, loads the challenge and follows it. */
export function start(root: HTMLElement): void {
  document.title = t('ui.title.challenge');
  state.id = boot().params.id ?? '';
  redraw = mount(root, view);
  void load().then(() => {
    // The lobby socket tells challenger and challenged of every change; a
    // slow poll covers a socket opened before the browser was anyone.
    lobby = new Lobby({ change: () => {}, paired: goGame, challenge: update, listed: () => void load() });
    window.setInterval(() => {
      if (state.c?.status === 'created') void load();
    }, 5000);
  });
}
