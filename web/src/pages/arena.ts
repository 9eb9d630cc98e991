// arena.ts is /arena/{id}: an arena's countdown, joining and withdrawing,
// its live standings (fire marks for players on a streak) and its games,
// kept up to date by the arena's socket. A player whose new game starts is
// taken to it. See docs/TOURNAMENTS.md.
import { page, announce } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { get, post } from '../lib/api';
import { Socket } from '../lib/socket';
import { ArenaPage, Row, ArenaGame, errorText, when, sayArena } from '../arena/types';

const state = {
  page: undefined as ArenaPage | undefined,
  /** skew is the server's clock minus the browser's, in ms. */
  skew: 0,
  error: '',
  busy: false,
  /** seen is the player's game when the page opened or last showed it: a different one is a new pairing. */
  seen: undefined as string | undefined,
};
let redraw: () => void = () => {};
const id = (): string => boot().params.id ?? '';
const base = (): string => '/api/arena/' + encodeURIComponent(id());

function show(p: ArenaPage, first: boolean): void {
  state.page = p;
  state.skew = Date.parse(p.now) - Date.now();
  const g = p.me?.gameId;
  if (first) state.seen = g;
  else if (g && g !== state.seen) {
    state.seen = g;
    location.href = '/game/' + encodeURIComponent(g);
    return;
  }
  redraw();
}

async function load(): Promise<void> {
  try {
    show(await get<ArenaPage>(base()), true);
  } catch (e) {
    state.error = errorText(e);
    redraw();
  }
}

async function act(action: 'join' | 'withdraw'): Promise<void> {
  state.busy = true;
  state.error = '';
  redraw();
  try {
    const p = await post<ArenaPage>(base() + '/' + action);
    announce(t(action === 'join' ? 'ui.arena.joined' : 'ui.arena.withdrawn'));
    state.busy = false;
    show(p, false);
    return;
  } catch (e) {
    state.error = errorText(e);
  }
  state.busy = false;
  redraw();
}

function countdown(p: ArenaPage): VNode {
  const now = Date.now() + state.skew;
  const a = p.arena;
  const left = (iso: string) => Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  let text: string;
  let phase = a.phase;
  if (phase === 'upcoming' && left(a.startsAt) === 0) phase = 'running';
  if (phase === 'running' && left(a.endsAt) === 0) phase = 'finished';
  if (phase === 'upcoming') text = t('ui.arena.countdown.starts', { left: mmss(left(a.startsAt)) });
  else if (phase === 'running') text = t('ui.arena.countdown.ends', { left: mmss(left(a.endsAt)) });
  else text = t(a.closedAt ? 'ui.arena.countdown.over' : 'ui.arena.countdown.finishing');
  return h('p#arena-countdown.arena-countdown', { attrs: { 'data-phase': phase } }, text);
}

function actions(p: ArenaPage): VNode | null {
  const me = boot().me;
  if (p.arena.phase === 'finished') return null;
  if (!me || me.guest) return h('p#arena-signin', [t('ui.arena.need_account') + ' ', h('a', { attrs: { href: '/login' } }, t('ui.nav.login'))]);
  const kids: VNode[] = [];
  if (!p.me || p.me.paused)
    kids.push(h('button#arena-join.primary', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void act('join') } }, t(p.me ? 'ui.arena.rejoin' : 'ui.arena.join')));
  else kids.push(h('button#arena-withdraw', { attrs: { type: 'button', disabled: state.busy }, on: { click: () => void act('withdraw') } }, t('ui.arena.withdraw')));
  if (p.me?.gameId) kids.push(h('a#arena-my-game.button', { attrs: { href: '/game/' + encodeURIComponent(p.me.gameId) } }, t('ui.arena.my_game')));
  else if (p.me && !p.me.paused) kids.push(h('p#arena-waiting.muted', t('ui.arena.waiting')));
  return h('div#arena-actions.arena-actions', kids);
}

function standingRow(r: Row): VNode {
  return h('tr', { key: r.id, attrs: { 'data-name': r.name, 'data-fire': r.fire ? 'true' : 'false' } }, [
    h('td.arena-rank', String(r.rank)),
    h('th.arena-player', { attrs: { scope: 'row' } }, [
      r.name,
      r.fire ? h('span.arena-fire', { attrs: { role: 'img', 'aria-label': t('ui.arena.fire'), title: t('ui.arena.fire') } }, '🔥') : null,
      r.paused ? h('span.arena-paused.muted', ' ' + t('ui.arena.paused')) : null,
    ]),
    h('td.arena-rating', String(r.rating)),
    h('td.arena-points', r.points.join(' ')),
    h('td.arena-performance', r.games ? String(r.performance) : '–'),
    h('td.arena-score', String(r.score)),
  ]);
}

function standings(p: ArenaPage): VNode {
  return h('section.card.arena-standings', { attrs: { 'aria-labelledby': 'arena-standings-title' } }, [
    h('h2#arena-standings-title', t('ui.arena.standings')),
    p.standings.length
      ? h('div.arena-table', [h('table#arena-standings', [
          h('thead', [
            h('tr', [
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.rank')),
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.player')),
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.rating')),
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.games')),
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.performance')),
              h('th', { attrs: { scope: 'col' } }, t('ui.arena.col.score')),
            ]),
          ]),
          h('tbody', p.standings.map(standingRow)),
        ])])
      : h('p#arena-standings-empty.muted', t('ui.arena.nobody')),
  ]);
}

function gameItem(g: ArenaGame): VNode {
  const b = (x?: boolean) => (x ? ' ' + t('ui.arena.berserk_mark') : '');
  return h('li', { key: g.gameId, attrs: { 'data-game': g.gameId, 'data-result': g.result } }, [
    h('a', { attrs: { href: '/game/' + encodeURIComponent(g.gameId) } }, `${g.whiteName}${b(g.whiteBerserk)} – ${g.blackName}${b(g.blackBerserk)}`),
    ' ',
    h('span.arena-result', g.ended ? g.result : t('ui.arena.playing')),
  ]);
}

function view(): VNode {
  const p = state.page;
  document.title = p ? t('ui.arena.title', { name: p.arena.name }) : t('ui.title.arena');
  if (!p)
    return page(redraw, [
      h('p', [h('a', { attrs: { href: '/arenas' } }, t('ui.arena.back_list'))]),
      state.error ? h('p#arena-error.error', { attrs: { role: 'alert' } }, state.error) : h('p.muted', t('ui.arena.loading')),
    ]);
  const a = p.arena;
  return page(
    redraw,
    [
      h('p', [h('a', { attrs: { href: '/arenas' } }, t('ui.arena.back_list'))]),
      h('h1#arena-name', a.name),
      h('p.arena-meta.muted', [
        sayArena(a),
        a.berserk ? ' · ' + t('ui.arena.berserk_allowed') : '',
        a.streaks ? ' · ' + t('ui.arena.streaks_on') : '',
        ' · ',
        t('ui.arena.starts', { at: when(a.startsAt) }),
      ]),
      countdown(p),
      ...(actions(p) ? [actions(p) as VNode] : []),
      ...(state.error ? [h('p#arena-error.error', { attrs: { role: 'alert' } }, state.error)] : []),
      h('div.arena-layout', [
        standings(p),
        h('section.card.arena-games', { attrs: { 'aria-labelledby': 'arena-games-title' } }, [
          h('h2#arena-games-title', t('ui.arena.games')),
          p.games.length ? h('ul#arena-games', p.games.map(gameItem)) : h('p#arena-games-empty.muted', t('ui.arena.no_games')),
        ]),
      ]),
    ],
    'arena',
  );
}

/** start renders /arena/{id} and follows the arena's socket. */
export function start(root: HTMLElement): void {
  redraw = mount(root, view);
  void load().then(() => {
    new Socket({
      url: () => Socket.url(base() + '/socket'),
      onFrame: (f) => {
        if (f.t === 'arena' && f.d) show(f.d as ArenaPage, false);
      },
    });
  });
  window.setInterval(() => redraw(), 1000); // the countdown
}
