// notify.ts tells a signed-in user about their scheduled games, and the
// games a tournament's live round or an arena pairs for them, on any page,
// without reloading: it keeps the notification socket open
// (/api/schedule/socket, docs/PROTOCOL.md) and shows each event as a small
// notice above the page's header (proposed, accepted, arranged by a
// tournament, postponed, about to
// start, started, forfeited ...; a new game with a link to it), announced
// to screen readers. A page calls startNotify() once; a page that shows
// scheduled games also passes a listener to hear every event (to load its
// list again).
import { boot } from './boot';
import { t } from './i18n';
import { Socket, Frame } from './socket';
import { h, VNode } from './view';

/** scheduleNavLink is the header's link to the scheduled games, for layout.ts to show to accounts. */
export function scheduleNavLink(): VNode {
  return h('a#nav-schedule', { attrs: { href: '/schedule' } }, t('ui.nav.schedule'));
}

/** ScheduleEvent is the data of a "schedule" frame. */
export interface ScheduleEvent {
  type: string;
  minutes?: number;
  by?: string;
  scheduled: {
    id: string;
    proposer: { id: string; name: string };
    opponent: { id: string; name: string };
    startAt: string;
    status: string;
    gameId?: string;
    result?: string;
    postponements?: { status: string; to: string; newTime?: boolean }[];
  };
}

/** NewGame is the data of a "newGame" frame: a game a tournament's live round or an arena paired for the user. */
export interface NewGame {
  kind: 'round' | 'arena';
  gameId: string;
  /** id and name are the tournament's or the arena's. */
  id: string;
  name: string;
  round?: number;
  opponent: string;
  startAt?: string;
}

type Listener = (e: ScheduleEvent) => void;

let socket: Socket | undefined;
const listeners = new Set<Listener>();

/** The events told as a notice, and their catalogue codes (ui.schedule.note.<type>). */
const noted = new Set([
  'proposed',
  'accepted',
  'arranged',
  'declined',
  'canceled',
  'expired',
  'postponeAsked',
  'postponed',
  'postponeDeclined',
  'postponeLapsed',
  'suspended',
  'soon',
  'started',
  'forfeited',
]);

/**
 * startNotify opens the notification socket (once per page, for an
 * account: guests have no scheduled games) and adds listener, if given,
 * to hear every event. It returns a function that removes the listener.
 */
export function startNotify(listener?: Listener): () => void {
  if (listener) listeners.add(listener);
  const me = boot().me;
  if (!socket && me && !me.guest) {
    socket = new Socket({ url: () => Socket.url('/api/schedule/socket'), onFrame });
  }
  return () => {
    if (listener) listeners.delete(listener);
  };
}

function onFrame(f: Frame): void {
  if (f.t === 'newGame' && f.d) return showNewGame(f.d as NewGame);
  if (f.t !== 'schedule' || !f.d) return;
  const e = f.d as ScheduleEvent;
  for (const l of listeners) l(e);
  // What one did oneself needs no notice; what the other or the server did does,
  // except that the page of the game itself already shows it starting.
  if (e.by === boot().me?.id) forget(e.scheduled.id); // what one answered oneself is no longer news
  else if (noted.has(e.type) && !onItsGamePage(e)) show(e);
}

/** onItsGamePage reports whether this page is the game of e, whose own board and countdown tell of its start, so a notice would only cover them. */
function onItsGamePage(e: ScheduleEvent): boolean {
  const b = boot();
  return b.page === 'game' && !!e.scheduled.gameId && b.params.id === e.scheduled.gameId && (e.type === 'soon' || e.type === 'started');
}

/** noteText is the sentence of event e for the signed-in user. */
export function noteText(e: ScheduleEvent): string {
  const me = boot().me;
  const a = e.scheduled;
  const other = a.proposer.id === me?.id ? a.opponent.name : a.proposer.name;
  const asked = a.postponements?.find((p) => p.status === 'pending');
  const params = {
    opponent: other,
    when: a.startAt,
    to: asked ? asked.to : a.startAt,
    minutes: e.minutes ?? 0,
    result: t(a.result === '1-0' ? 'outcome.no_show.white' : a.result === '0-1' ? 'outcome.no_show.black' : 'outcome.no_show.both'),
  };
  if (e.type === 'postponeAsked' && asked?.newTime) return t('ui.schedule.note.new_time_asked', params);
  // Catalogue codes are snake_case: postponeAsked → postpone_asked.
  return t('ui.schedule.note.' + e.type.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()), params);
}

/** newGameText is the sentence of new game g. */
export function newGameText(g: NewGame): string {
  if (g.kind === 'arena') return t('ui.arena.note.paired', { name: g.name, opponent: g.opponent });
  return t('ui.tournament.note.paired', { name: g.name, round: g.round ?? 0, opponent: g.opponent, when: g.startAt ?? '' });
}

/**
 * showNewGame adds a notice linking to new game g, unless this page is
 * the game itself, or the arena's page, which takes the player to the game
 * at once (as lichess's arena page does).
 */
function showNewGame(g: NewGame): void {
  const b = boot();
  if (b.page === 'game' && b.params.id === g.gameId) return;
  if (g.kind === 'arena' && b.page === 'arena' && b.params.id === g.id) return;
  notice('newGame', 'game:' + g.gameId, '/game/' + encodeURIComponent(g.gameId), newGameText(g), g.gameId);
}

/** box returns the notices' container, made once. */
function box(): HTMLElement {
  let el = document.getElementById('jp-notices');
  if (el) return el;
  el = document.createElement('div');
  el.id = 'jp-notices';
  // On a game's page the notices lie over the top of the page instead:
  // a board pushed down under a player's pointer would misplace a move.
  el.className = boot().page === 'game' ? 'notices over' : 'notices';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  // Outside the page's own tree (the view layer owns #app), and in the
  // flow at the top of the page rather than over it: a notice pushes the
  // page down instead of covering its buttons, on a phone as on a desktop
  // (schedule.css); each is closed by its ×, at most three stacked.
  document.body.prepend(el);
  return el;
}

/** forget removes the notice of key (a scheduled game's id, or "game:" and a new game's). */
function forget(key: string): void {
  const el = document.getElementById('jp-notices');
  if (!el) return;
  for (const old of Array.from(el.children)) if ((old as HTMLElement).dataset.key === key) old.remove();
}

/** show adds a notice for e: a link to the game's waiting room and a button that closes it; it goes by itself after a minute. */
function show(e: ScheduleEvent): void {
  notice(e.type, e.scheduled.id, '/schedule/' + encodeURIComponent(e.scheduled.id), noteText(e), e.scheduled.gameId);
}

/**
 * forgetGame removes the notices of game id (its start, its pairing):
 * the game page calls it once the game has ended, so that no notice
 * says a game has started, or is to be played, after it ended.
 */
export function forgetGame(id: string): void {
  const el = document.getElementById('jp-notices');
  if (!el) return;
  for (const old of Array.from(el.children)) if ((old as HTMLElement).dataset.game === id) old.remove();
}

/** notice adds a notice of type, one per key (the newest says where it stands): a link to href saying text, and a button that closes it; it goes by itself after a minute. */
function notice(type: string, key: string, href: string, text: string, gameId?: string): void {
  const el = box();
  forget(key);
  const note = document.createElement('div');
  note.className = 'notice notice-' + type;
  note.dataset.type = type;
  note.dataset.key = key;
  if (gameId) note.dataset.game = gameId;
  const link = document.createElement('a');
  link.href = href;
  link.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  close.textContent = '×';
  close.setAttribute('aria-label', t('ui.schedule.note.close'));
  close.addEventListener('click', () => note.remove());
  note.append(link, close);
  el.append(note);
  while (el.children.length > 3) el.firstElementChild?.remove();
  window.setTimeout(() => note.remove(), 60_000);
}
