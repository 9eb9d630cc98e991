// room.ts is /schedule/{id}: a scheduled game's waiting room — its start
// in the browser's zone and a countdown on the server's clock, who has
// checked in (check-in opens 15 minutes before; the room checks its player
// in by itself when open then), suspending the game alone (until an hour
// before the start: the button says why once it no longer can), the
// postponement requests or, for a suspended game, the proposals of a new
// time, and their history, the .ics file. At the start the players are
// taken to the game.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post, ApiError } from '../lib/api';
import { startNotify } from '../lib/notify';
import { Scheduled, MaxPostponeRequests, statusCreated } from './types';
import { setServerNow, zone, when, whenShort, localInput, countdown, left } from './time';
import { title, details, statusText, myID, nameOf, errorText } from './words';

interface State {
  id: string;
  a?: Scheduled;
  loadError: string;
  error: string;
  postponeWhen: string;
  busy: boolean;
  /** checkedIn: the room has checked its player in (or tried: once). */
  checkedIn: boolean;
}

const state: State = { id: '', loadError: '', error: '', postponeWhen: '', busy: false, checkedIn: false };
let redraw: () => void = () => {};
let loading = false;

async function load(): Promise<void> {
  if (loading) return;
  loading = true;
  try {
    const res = await get<{ now: string; game: Scheduled }>('/api/schedule/' + encodeURIComponent(state.id));
    setServerNow(res.now);
    const before = state.a;
    state.a = res.game;
    state.loadError = '';
    // The request form proposes an hour after the start, again whenever the start moves.
    if (!state.postponeWhen || before?.startAt !== res.game.startAt) state.postponeWhen = localInput(Date.parse(res.game.startAt) + 3600_000);
    if (before && before.status !== res.game.status) announce(statusText(res.game));
  } catch (e) {
    state.loadError = e instanceof ApiError ? e.message : String(e);
  }
  loading = false;
  redraw();
}

async function act(action: string, body: unknown = {}): Promise<boolean> {
  state.busy = true;
  redraw();
  let ok = true;
  try {
    state.a = await post<Scheduled>('/api/schedule/' + encodeURIComponent(state.id) + '/' + action, body);
    state.error = '';
  } catch (e) {
    state.error = errorText(e);
    ok = false;
  }
  state.busy = false;
  await load();
  return ok;
}

/** mySide is the signed-in player's side in a (0 white, 1 black), or -1. */
function mySide(a: Scheduled): number {
  if (a.white?.id === myID()) return 0;
  if (a.black?.id === myID()) return 1;
  return -1;
}

/** tick runs every second: the countdown, the check-in when its window opens, the game once it starts. */
function tick(): void {
  const a = state.a;
  if (!a) return;
  const g = a.game;
  if (g && g.status !== statusCreated && a.gameId && mySide(a) >= 0 && g.termination === 'none') {
    location.href = '/game/' + encodeURIComponent(a.gameId);
    return;
  }
  if (g && a.status === 'accepted') {
    const side = mySide(a);
    if (side >= 0 && !g.present[side as 0 | 1] && !state.checkedIn && left(g.checkInFrom) <= 0) {
      state.checkedIn = true;
      void act('checkin');
    }
    if (left(g.startAt) <= 0) void load(); // the start: the runtime applies it, we follow
  }
  redraw();
}

function presence(a: Scheduled): VNode | null {
  const g = a.game;
  if (!g || !a.white || !a.black) return null;
  const row = (side: 0 | 1, name: string) =>
    h('li', { attrs: { id: side === 0 ? 'room-present-white' : 'room-present-black', 'data-present': String(g.present[side]) } }, [
      h('strong', name),
      ' — ',
      t(side === 0 ? 'side.white' : 'side.black'),
      ': ',
      t(g.present[side] ? 'ui.schedule.room.checked_in' : 'ui.schedule.room.not_yet'),
    ]);
  const side = mySide(a);
  const open = left(g.checkInFrom) <= 0;
  return h('section.card.room-presence', { attrs: { 'aria-labelledby': 'room-presence-title' } }, [
    h('h2#room-presence-title', t('ui.schedule.room.presence')),
    h('ul', [row(0, a.white.name), row(1, a.black.name)]),
    g.status === statusCreated || g.status === 'started'
      ? h('p.hint', t('ui.schedule.room.default', { minutes: Math.round(g.defaultTime / 60e9), when: whenShort(g.noShowAt) }))
      : null,
    side >= 0 && !g.present[side as 0 | 1] && a.status === 'accepted'
      ? open
        ? h('button#room-checkin.primary', { attrs: { disabled: state.busy }, on: { click: () => void act('checkin') } }, t('ui.schedule.room.checkin'))
        : h('p#room-checkin-opens', t('ui.schedule.room.checkin_opens', { when: whenShort(g.checkInFrom) }))
      : null,
  ]);
}

/** lastHour reports whether the start of a is less than an hour away on the server's clock: too late to suspend or postpone. */
function lastHour(a: Scheduled): boolean {
  return left(a.suspendUntil) < 0;
}

/**
 * suspending is the player's way to call the game off alone, with the
 * rule and the suspensions left; inside the last hour (or once they are
 * used up) the button is disabled and the reason shown beside it.
 */
function suspending(a: Scheduled): VNode | null {
  if (a.status !== 'accepted' || mySide(a) < 0 || (a.game && a.game.status !== statusCreated)) return null;
  const mine = myID();
  const used = (a.suspensions ?? []).filter((s) => s.by === mine).length;
  const max = a.maxSuspensions;
  let reason = '';
  if (used >= max) reason = t('ui.schedule.room.suspend_used', { max });
  else if (lastHour(a)) reason = t('ui.schedule.room.suspend_too_late');
  return h('section.card.room-suspend', { attrs: { 'aria-labelledby': 'room-suspend-title' } }, [
    h('h2#room-suspend-title', t('ui.schedule.room.suspend')),
    h('p.hint', t('ui.schedule.room.suspend_rule', { until: whenShort(a.suspendUntil), left: Math.max(0, max - used), max })),
    h('button#room-suspend', {
      attrs: { disabled: state.busy || reason !== '', 'aria-describedby': reason ? 'room-suspend-reason' : false },
      on: { click: () => void act('suspend') },
    }, t('ui.schedule.room.suspend_submit')),
    reason ? h('p#room-suspend-reason.reason', reason) : null,
  ]);
}

function postponing(a: Scheduled): VNode | null {
  // Once the game has started only the history is left to show, if any.
  const open = a.status === 'accepted' || a.status === 'suspended';
  if (!open && a.postponements.length === 0 && !a.suspensions?.length) return null;
  const mine = myID();
  const suspended = a.status === 'suspended';
  const pending = a.postponements.find((p) => p.status === 'pending');
  const used = a.postponements.filter((p) => p.by === mine && !p.newTime).length;
  const parts: VNode[] = [h('h2#room-postpone-title', t(suspended ? 'ui.schedule.room.new_time' : 'ui.schedule.room.postpone'))];
  if (pending) {
    parts.push(
      h('p#room-pending', t(pending.newTime ? 'ui.schedule.room.new_time_pending' : 'ui.schedule.room.pending', { by: nameOf(a, pending.by), when: when(pending.to) })),
    );
    if (pending.by !== mine && open) {
      parts.push(
        h('div.sched-actions', [
          h('button#room-postpone-accept.primary', { attrs: { disabled: state.busy }, on: { click: () => void act('postpone/accept') } }, t(suspended ? 'ui.schedule.room.new_time_accept' : 'ui.schedule.room.postpone_accept')),
          h('button#room-postpone-decline', { attrs: { disabled: state.busy }, on: { click: () => void act('postpone/decline') } }, t(suspended ? 'ui.schedule.room.new_time_decline' : 'ui.schedule.room.postpone_decline')),
        ]),
      );
    }
  } else if (open) {
    let reason = '';
    if (!suspended && used >= MaxPostponeRequests) reason = t('ui.schedule.room.postpone_used', { max: MaxPostponeRequests });
    else if (!suspended && lastHour(a)) reason = t('ui.schedule.room.postpone_too_late');
    parts.push(
      h('p.hint', suspended ? t('ui.schedule.room.new_time_rule') : t('ui.schedule.room.postpone_rule', { left: Math.max(0, MaxPostponeRequests - used), max: MaxPostponeRequests })),
      h('form.field-row', { on: { submit: (e: Event) => { e.preventDefault(); void act('postpone', { local: state.postponeWhen, zone: zone() }); } } }, [
        h('div.field', [
          h('label', { attrs: { for: 'room-postpone-when' } }, t('ui.schedule.room.postpone_when', { zone: zone() })),
          h('input#room-postpone-when', {
            attrs: { type: 'datetime-local', required: true },
            props: { value: state.postponeWhen },
            on: { input: (e: Event) => { state.postponeWhen = (e.target as HTMLInputElement).value; } },
          }),
        ]),
        h('button#room-postpone', {
          attrs: { type: 'submit', disabled: state.busy || reason !== '', 'aria-describedby': reason ? 'room-postpone-reason' : false },
        }, t(suspended ? 'ui.schedule.room.new_time_submit' : 'ui.schedule.room.postpone_submit')),
      ]),
    );
    if (reason) parts.push(h('p#room-postpone-reason.reason', reason));
  }
  const history: VNode[] = [
    ...(a.suspensions ?? []).map((s) =>
      h('li', { attrs: { 'data-status': 'suspended' } }, t('ui.schedule.room.history_suspended', { by: nameOf(a, s.by), from: whenShort(s.from), at: whenShort(s.at) })),
    ),
    ...a.postponements.map((p) =>
      h('li', { attrs: { 'data-status': p.status } }, t(p.newTime ? 'ui.schedule.room.history_new_time' : 'ui.schedule.room.history_item', {
        by: nameOf(a, p.by),
        from: whenShort(p.from),
        to: whenShort(p.to),
        status: t('ui.schedule.request.' + p.status),
      })),
    ),
  ];
  if (history.length > 0) parts.push(h('h3', t('ui.schedule.room.history')), h('ol#room-history', history));
  return h('section.card.room-postpone', { attrs: { 'aria-labelledby': 'room-postpone-title' } }, parts);
}

function view(): VNode {
  document.title = t('ui.title.schedule');
  const a = state.a;
  if (!a) {
    return page(redraw, [
      h('h1', t('ui.schedule.room.title')),
      h('p#room-error.error', { attrs: { role: 'alert' } }, state.loadError),
      h('p', h('a', { attrs: { href: '/schedule' } }, t('ui.schedule.back'))),
    ]);
  }
  const started = a.game && a.game.status !== statusCreated;
  const content: (VNode | null)[] = [
      h('p', h('a', { attrs: { href: '/schedule' } }, t('ui.schedule.back'))),
      h('h1#room-title', title(a)),
      h('p#room-details', details(a)),
      h('p#room-start', [
        t(a.status === 'suspended' ? 'ui.schedule.room.start_suspended' : 'ui.schedule.room.start') + ' ',
        h('time', { attrs: { datetime: a.startAt } }, when(a.startAt)),
        ' (' + zone() + ')',
      ]),
      h('p#room-status', { attrs: { 'data-status': a.status } }, statusText(a)),
      !started && (a.status === 'accepted' || a.status === 'proposed')
        ? h('p.room-countdown', [t('ui.schedule.countdown.label') + ' ', h('span#room-countdown.countdown', { attrs: { role: 'timer' } }, countdown(a.startAt))])
        : null,
      state.error ? h('p#room-action-error.error', { attrs: { role: 'alert' } }, state.error) : null,
      a.gameId && started ? h('p', h('a#room-game.button.primary', { attrs: { href: '/game/' + encodeURIComponent(a.gameId) } }, t('ui.schedule.room.go'))) : null,
      h('div.room-layout', [presence(a), suspending(a), postponing(a)]),
      a.status === 'accepted' || a.status === 'proposed'
        ? h('p', h('a#room-ics.button', { attrs: { href: '/api/schedule/' + encodeURIComponent(a.id) + '/ics', download: '' } }, t('ui.schedule.action.ics')))
        : null,
  ];
  return page(redraw, content.filter((n): n is VNode => n !== null), 'schedule');
}

/** startRoom renders /schedule/{id} into root. */
export function startRoom(root: HTMLElement, id: string): void {
  state.id = id;
  redraw = mount(root, view);
  startNotify((e) => {
    if (e.scheduled.id === state.id) void load();
  });
  void load();
  window.setInterval(tick, 1000);
}

/** signedIn reports whether an account is signed in. */
export function signedIn(): boolean {
  const me = boot().me;
  return !!me && !me.guest;
}
