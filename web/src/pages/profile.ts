// profile.ts is a user's page (/@/{username}): their rating in each speed
// (GET /api/user/{username}; a provisional rating, whose deviation is still
// high, carries a "?"), the games they are playing now (GET
// /api/games/user/{username}/now) and their finished games, page by page
// (GET /api/games/user/{username}), each with its opponent, colour, result
// in words, time control and date, and a link to its replay; and a chart
// of the rating after each rated game per speed (src/profile/chart.ts, GET
// /api/user/{username}/rating-history).
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { openingName } from '../lib/opening';
import { boot } from '../lib/boot';
import { get, ApiError } from '../lib/api';
import {
  Summary,
  speeds,
  sayTimeControl,
  saySpeed,
  playerName,
  profileLink,
  verdict,
  sayHow,
  sideOf,
  other,
  sayDate,
  sayDay,
  signed,
  gameLink,
} from '../account/format';
import { historyCharts, type History } from '../profile/chart';

/** Perf is one speed's rating (lichess's perfs). */
interface Perf {
  rating: number;
  rd: number;
  games: number;
  prov?: boolean;
}

/** Profile is GET /api/user/{username}. */
interface Profile {
  id: string;
  username: string;
  createdAt: number;
  perfs: Record<string, Perf>;
  /** title is BOT for a bot account. */
  title?: string;
}

/** GamesPage is one page of GET /api/games/user/{username}. */
interface GamesPage {
  games: Summary[];
  page: number;
  nextPage: number | null;
}

interface State {
  username: string;
  profile?: Profile;
  error?: string;
  games: Summary[];
  playing: Summary[];
  nextPage: number | null;
  gamesError?: string;
  loadingGames: boolean;
  /** history is the rating after each rated game, by speed (GET /api/user/{username}/rating-history). */
  history?: History;
}

/** pageSize is how many games a page of the history holds. */
const pageSize = 20;

/** maxPlaying is how many of the games being played the page lists (the API's most). */
const maxPlaying = 100;

function message(err: unknown): string {
  if (err instanceof ApiError && err.code !== 'ui.error.network') return err.message;
  return t('ui.error.network');
}

/** start renders the page into root. */
export async function start(root: HTMLElement): Promise<void> {
  const username = boot().params.username ?? '';
  const st: State = { username, games: [], playing: [], nextPage: null, loadingGames: true };
  const redraw = mount(root, (redraw) => page(redraw, view(st, more), 'account-page'));
  const enc = encodeURIComponent(username);

  async function loadGames(n: number): Promise<void> {
    st.loadingGames = true;
    st.gamesError = undefined;
    redraw();
    try {
      const p = await get<GamesPage>(`/api/games/user/${enc}?page=${n}&max=${pageSize}`);
      const first = st.games.length;
      st.games = st.games.concat(p.games);
      st.nextPage = p.nextPage;
      st.loadingGames = false;
      redraw();
      if (n > 1) requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById('history-game-' + first)?.focus()));
    } catch (err) {
      st.gamesError = message(err);
      st.loadingGames = false;
      redraw();
    }
  }

  function more(): void {
    if (st.nextPage && !st.loadingGames) void loadGames(st.nextPage);
  }

  try {
    st.profile = await get<Profile>(`/api/user/${enc}`);
  } catch (err) {
    st.error = message(err);
    st.loadingGames = false;
    redraw();
    return;
  }
  document.title = st.profile.username + ' · ' + t('ui.title.profile');
  redraw();
  await Promise.all([
    loadGames(1),
    get<Summary[]>(`/api/games/user/${enc}/now?max=${maxPlaying}`)
      .then((list) => {
        st.playing = list;
        redraw();
      })
      .catch(() => {}), // the games now are extra: the history stands without them
    get<History>(`/api/user/${enc}/rating-history`)
      .then((hist) => {
        st.history = hist;
        redraw();
      })
      .catch(() => {}), // the charts are extra too: the ratings' table says where they stand
  ]);
}

function view(st: State, more: () => void): VNode[] {
  if (st.error) {
    return [h('h1', t('ui.profile.title')), h('p#profile-error.error', { attrs: { role: 'alert' } }, st.error)];
  }
  const p = st.profile;
  if (!p) return [h('h1', st.username), h('p.muted', { attrs: { role: 'status' } }, t('ui.profile.loading'))];
  return [
    h('div.profile-head', [
      h('h1#profile-name', [
        p.title === 'BOT' ? h('span.user-title', { attrs: { title: t('ui.profile.bot') } }, t('ui.profile.bot_title')) : null,
        p.title === 'BOT' ? ' ' : null,
        p.username,
      ]),
      h('p.muted', t('ui.profile.member_since', { date: sayDay(p.createdAt) })),
    ]),
    ratings(p),
    historyCharts(st.history, speeds) ?? h('span'),
    st.playing.length
      ? h('section.profile-section', { attrs: { 'aria-labelledby': 'playing-title' } }, [
          h('h2#playing-title', t('ui.profile.playing')),
          h('ul#playing.history', st.playing.map((g, i) => gameItem(g, p.id, 'playing-game-' + i))),
        ])
      : h('span'),
    history(st, p, more),
  ];
}

function ratings(p: Profile): VNode {
  return h('section.profile-section', { attrs: { 'aria-labelledby': 'ratings-title' } }, [
    h('h2#ratings-title', t('ui.profile.ratings')),
    h('table#ratings.ratings', [
      h('thead', [
        h('tr', [
          h('th', { attrs: { scope: 'col' } }, t('ui.profile.speed')),
          h('th', { attrs: { scope: 'col' } }, t('ui.profile.rating')),
          h('th', { attrs: { scope: 'col' } }, t('ui.profile.games')),
        ]),
      ]),
      h(
        'tbody',
        speeds.map((sp) => {
          const perf = p.perfs[sp];
          return h('tr', { attrs: { 'data-speed': sp } }, [
            h('th', { attrs: { scope: 'row' } }, saySpeed(sp)),
            h('td', perf ? ratingCell(perf) : '—'),
            h('td.games', perf ? String(perf.games) : '0'),
          ]);
        }),
      ),
    ]),
    h('p.muted.ratings-note', t('ui.profile.provisional_note')),
  ]);
}

/**
 * ratingCell is a rating with its deviation: a "?" (said to screen
 * readers) while it is provisional, the deviation still high.
 */
function ratingCell(perf: Perf): (VNode | string)[] {
  return [
    h('strong.rating', [
      String(perf.rating),
      perf.prov
        ? h('abbr.prov', { attrs: { title: t('ui.profile.provisional') } }, [
            h('span', { attrs: { 'aria-hidden': 'true' } }, '?'),
            h('span.sr-only', ' ' + t('ui.profile.provisional')),
          ])
        : '',
    ]),
    ' ',
    h('span.rd', [h('span.sr-only', t('ui.profile.deviation') + ' '), '±' + perf.rd]),
  ];
}

function history(st: State, p: Profile, more: () => void): VNode {
  const body: VNode[] = [];
  if (st.games.length) body.push(h('ul#history.history', st.games.map((g, i) => gameItem(g, p.id, 'history-game-' + i))));
  else if (!st.loadingGames && !st.gamesError) body.push(h('p#history-empty', t('ui.profile.no_games')));
  if (st.gamesError) body.push(h('p.error', { attrs: { role: 'alert' } }, st.gamesError));
  if (st.loadingGames) body.push(h('p.muted', { attrs: { role: 'status' } }, t('ui.profile.loading')));
  else if (st.nextPage) body.push(h('button#history-more', { on: { click: more } }, t('ui.profile.more')));
  return h('section.profile-section', { attrs: { 'aria-labelledby': 'history-title' } }, [h('h2#history-title', t('ui.profile.history')), ...body]);
}

/** gameItem is one game of a list, told from the side of the profile's user. */
function gameItem(g: Summary, userId: string, id: string): VNode {
  const side = sideOf(g, userId) ?? 'white';
  const me = g.players[side];
  const opp = g.players[other(side)];
  const v = verdict(g, side);
  const how = v === 'playing' || v === 'aborted' ? '' : g.termination ? t('termination.' + g.termination) : sayHow(g.status);
  const oppLink = profileLink(opp);
  const oppName = playerName(opp) + (opp?.rating !== undefined ? ` (${opp.rating})` : '');
  // An untimed game has no speed to name (the server files it under classical).
  const speed = g.timeControl === 'untimed' ? '' : saySpeed(g.speed);
  const meta = [sayTimeControl(g.timeControl), speed, t(g.rated ? 'ui.account.rated' : 'ui.account.casual')].filter(Boolean).join(' · ');
  const when = g.endedAt ?? g.createdAt;
  return h('li.history-game', { attrs: { id, tabindex: '-1', 'data-testid': 'history-game', 'data-game': g.id } }, [
    h('div.hg-result.' + v, [
      h('strong', t('ui.profile.result.' + v)),
      how ? ' · ' + how : '',
      g.rated && me?.ratingDiff !== undefined ? h('span.hg-diff', ' ' + signed(me.ratingDiff)) : '',
    ]),
    h('div.hg-players', [
      t('ui.profile.as.' + side),
      ' ',
      t('ui.profile.against'),
      ' ',
      oppLink ? h('a', { attrs: { href: oppLink } }, oppName) : h('span', oppName),
    ]),
    h('div.hg-meta.muted', [
      meta,
      g.opening
        ? h('span.hg-opening', { attrs: { 'data-eco': g.opening.eco } }, t('ui.profile.opening', { eco: g.opening.eco, name: openingName(g.opening, lang()) }))
        : '',
    ]),
    h('div.hg-foot', [
      h('time.muted', { attrs: { datetime: new Date(when).toISOString() } }, sayDate(when)),
      h(
        'a.hg-link',
        { attrs: { href: gameLink(g) } },
        t(v === 'playing' ? 'ui.profile.watch' : 'ui.profile.replay'),
      ),
    ]),
  ]);
}
