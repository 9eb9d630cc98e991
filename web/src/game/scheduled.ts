// scheduled.ts is the game page of a scheduled game before its start: the
// start in the browser's zone, a countdown on the page's own clock (the
// server says how long is left, `startsIn`, and the page counts down from
// the moment it heard it, as the game clocks do: the browser's date is
// never trusted), who has checked in, the default-time rule, and for the
// players their check-in and a link to the game's waiting room
// (/schedule/{id}). At the start the runtime starts the game and the page
// becomes the game (ctrl.ts follows the socket's state frame).
//
// The game socket's frames carry the start, the time left and the
// check-ins as of their event: each time the game's version moves (a
// player checked in, the start moved, a socket reconnected) the page takes
// them from the frame and counts down from that moment. A player's page
// finds the game's arrangement in GET /api/schedule by its gameId, and
// checks the player in by itself once check-in opens, as the waiting room
// does.
import { h, type VNode } from '../lib/view';
import { t, locale } from '../lib/i18n';
import { get, post, ApiError } from '../lib/api';
import type { Color } from './state';
import type { GameCtrl } from './ctrl';
import { CheckInWindow, countdown, leftNow, checkInOpen, arrangementOf } from './scheduled-time';

/** ScheduleData is the scheduled part of the game's JSON (docs/openapi.yaml, Game). */
export interface ScheduleData {
  status: string;
  scheduledAt?: number;
  /** startsIn is the ms left until the start when the server answered (absent once started). */
  startsIn?: number;
  checkedIn?: { white: boolean; black: boolean };
  /** defaultTime is how long after the start an absent player loses, in ms. */
  defaultTime?: number;
}

/** Waiting is what the page knows of the scheduled game before its start. */
interface Waiting {
  data?: ScheduleData;
  /** heard is when data.startsIn was heard (performance.now()). */
  heard: number;
  /** version is the game's version data was read for (-1: never). */
  version: number;
  /** room is the arrangement's id (players only), once found. */
  room?: string;
  roomLooked: boolean;
  /** tried is set once the page has checked its player in (or tried to). */
  tried: boolean;
  busy: boolean;
  error?: string;
  timer?: number;
}

const pages = new WeakMap<GameCtrl, Waiting>();

function waitingOf(ctrl: GameCtrl): Waiting {
  let w = pages.get(ctrl);
  if (!w) {
    w = { heard: performance.now(), version: -1, roomLooked: false, tried: false, busy: false };
    pages.set(ctrl, w);
    // The countdown moves every second until the start (then the clocks take over).
    const timer = window.setInterval(() => {
      if (!ctrl.game.loaded || ctrl.game.state.status !== 'created') {
        window.clearInterval(timer);
        return;
      }
      tick(ctrl, w!);
      ctrl.redraw();
    }, 1000);
    w.timer = timer;
  }
  return w;
}

/** read takes the game's scheduled part from the frame the page has just applied (its version). */
function read(ctrl: GameCtrl, w: Waiting): void {
  const st = ctrl.game.state as ScheduleData;
  w.data = { status: st.status, scheduledAt: st.scheduledAt, startsIn: st.startsIn, checkedIn: st.checkedIn, defaultTime: st.defaultTime };
  w.heard = performance.now();
  w.version = ctrl.game.version;
}

/** findRoom looks the game's arrangement up among the player's scheduled games. */
async function findRoom(ctrl: GameCtrl, w: Waiting): Promise<void> {
  w.roomLooked = true;
  try {
    const res = await get<{ games: { id: string; gameId?: string; suspensions?: { gameId: string }[] }[] }>('/api/schedule');
    w.room = arrangementOf(res.games ?? [], ctrl.id);
  } catch {
    w.room = undefined; // a guest, or no scheduled games on this server: no room to show
  }
  ctrl.redraw();
}

/** checkIn checks the player in through the waiting room's API. */
async function checkIn(ctrl: GameCtrl, w: Waiting): Promise<void> {
  if (!w.room || w.busy) return;
  w.tried = true;
  w.busy = true;
  ctrl.redraw();
  try {
    await post(`/api/schedule/${encodeURIComponent(w.room)}/checkin`);
    w.error = undefined;
  } catch (e) {
    w.error = e instanceof ApiError ? e.message : String(e);
  }
  w.busy = false;
  ctrl.redraw(); // the check-in's own state frame brings who is there
}

/** left is the ms left to the start as the page counts. */
function left(ctrl: GameCtrl, w: Waiting): number {
  const d = w.data ?? (ctrl.game.state as ScheduleData);
  if (d.startsIn !== undefined) return leftNow(d.startsIn, w.heard, performance.now());
  return Math.max(0, (d.scheduledAt ?? 0) - Date.now());
}

/** tick checks the player in once check-in opens. */
function tick(ctrl: GameCtrl, w: Waiting): void {
  const side = ctrl.side;
  const d = w.data;
  if (!side || !d || !w.room || w.tried || d.checkedIn?.[side]) return;
  if (checkInOpen(left(ctrl, w))) void checkIn(ctrl, w);
}

/** whenText says an instant (ms) in the browser's zone. */
function whenText(ms: number, dateStyle: 'full' | 'medium'): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle, timeStyle: 'short' }).format(new Date(ms));
}

/**
 * calledOff tells the players of a scheduled game called off by a
 * suspension (the only way a scheduled game is aborted) that it does not
 * count, with the way to the waiting room where the new time is agreed.
 */
export function calledOff(ctrl: GameCtrl): VNode | null {
  const st = ctrl.game.state as ScheduleData;
  if (st.status !== 'aborted' || !st.scheduledAt || !ctrl.side) return null;
  const w = waitingOf(ctrl);
  if (!w.roomLooked) void findRoom(ctrl, w);
  return h('section#scheduled-called-off.scheduled', [
    h('p', t('ui.game.scheduled.called_off')),
    w.room ? h('p', h('a#scheduled-room', { attrs: { href: '/schedule/' + encodeURIComponent(w.room) } }, t('ui.game.scheduled_room'))) : null,
  ]);
}

/**
 * waiting is the scheduled game's part of the status box before its start:
 * null for a game that is not scheduled or has started.
 */
export function waiting(ctrl: GameCtrl): VNode | null {
  const st = ctrl.game.state as ScheduleData & { players: { white: { name: string }; black: { name: string } } };
  if (st.status !== 'created' || !st.scheduledAt) return null;
  const w = waitingOf(ctrl);
  if (w.version !== ctrl.game.version) read(ctrl, w);
  if (ctrl.side && !w.roomLooked) void findRoom(ctrl, w);
  const d: ScheduleData = w.data ?? st;
  const at = d.scheduledAt ?? st.scheduledAt;
  const ms = left(ctrl, w);
  const c = countdown(ms);
  const presence = (color: Color) => {
    const present = !!d.checkedIn?.[color];
    return h('li', { attrs: { id: 'scheduled-present-' + color, 'data-present': String(present) } }, [
      h('span.player-side', { class: { [color]: true }, attrs: { 'aria-hidden': 'true' } }),
      ' ',
      t('side.' + color) + ': ',
      h('strong', st.players[color].name),
      ' — ',
      h('span', { class: { present } }, t(present ? 'ui.game.scheduled.checked_in' : 'ui.game.scheduled.not_yet')),
    ]);
  };
  const side = ctrl.side;
  const mine = side ? !!d.checkedIn?.[side] : true;
  const open = checkInOpen(ms);
  const kids: (VNode | null)[] = [
    h('p#scheduled-start.note', t('ui.game.scheduled_start', { when: whenText(at, 'full') })),
    h('p.scheduled-countdown', [
      t('ui.game.scheduled.countdown') + ' ',
      h(
        'span#scheduled-countdown.countdown',
        { attrs: { role: 'timer', 'data-ms': String(Math.round(ms)) } },
        ms <= 0 ? t('ui.game.scheduled.starting') : c.days > 0 ? t('ui.game.scheduled.days', { days: c.days, time: c.time }) : c.time,
      ),
    ]),
    d.checkedIn
      ? h('ul#scheduled-presence.scheduled-presence', { attrs: { 'aria-label': t('ui.game.scheduled.presence') } }, [presence('white'), presence('black')])
      : null,
    d.defaultTime ? h('p#scheduled-rule.hint', t('ui.game.scheduled.rule', { minutes: Math.round(d.defaultTime / 60_000) })) : null,
  ];
  if (side && !mine && w.room) {
    kids.push(
      open
        ? h('button#scheduled-checkin.primary', { attrs: { type: 'button', disabled: w.busy }, on: { click: () => void checkIn(ctrl, w) } }, t('ui.game.scheduled.checkin'))
        : h('p#scheduled-checkin-opens', t('ui.game.scheduled.checkin_opens', { when: whenText(at - CheckInWindow, 'medium') })),
    );
  }
  if (w.error) kids.push(h('p#scheduled-error.error', { attrs: { role: 'alert' } }, w.error));
  if (side && w.room) {
    kids.push(h('p', h('a#scheduled-room', { attrs: { href: '/schedule/' + encodeURIComponent(w.room) } }, t('ui.game.scheduled_room'))));
  }
  return h('section#scheduled.scheduled', { attrs: { 'aria-label': t('ui.game.scheduled.title') } }, kids);
}
