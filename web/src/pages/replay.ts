// replay.ts is the replay of a game (/replay/{id}): its header (players,
// the result in words from the server's outcome code, time control, date)
// and the game move by move in @lichess-org/pgn-viewer, fed with GET
// /api/game/{id}/pgn, with our board and pieces, its lichess links off and
// its texts from our catalogue, its moves in the page's piece letters; and a
// link to download the PGN. It is also the review page: the computer
// analysis of a finished game is asked for and shown here (review/panel.ts),
// its marks and the engine's better moves drawn in the viewer. The viewer
// and its stylesheet are in this page's chunk only.
import PgnViewer from '@lichess-org/pgn-viewer';
import rawViewerCss from '../../node_modules/@lichess-org/pgn-viewer/dist/lichess-pgn-viewer.css' with { type: 'text' };
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { type OpeningData, openingName } from '../lib/opening';
import { boot } from '../lib/boot';
import { get, post, ApiError } from '../lib/api';
import { localSan } from '../game/notation';
import { panel, type Panel } from '../review/panel';
import { type Status } from '../review/report';
import { annotate } from '../review/annotate';
import { Player, Side, sayTimeControl, saySpeed, playerName, profileLink, running, sayDate } from '../account/format';
import { viewerCss, pgnForViewer, translateViewer, squareLabel } from '../replay/viewer';
import { loadGameTournament, gameTournamentLink, type GameTournament } from '../tournament/gamelink';

/** Game is the part of GET /api/game/{id} the header shows. */
interface Game {
  id: string;
  rated?: boolean;
  speed: string;
  timeControl: string;
  createdAt: number;
  players: Record<Side, Player>;
  status: string;
  outcome?: string;
  result: string;
  ply: number;
  opening?: OpeningData;
}

interface State {
  id: string;
  game?: Game;
  pgn?: string;
  error?: string;
  review: Panel;
  viewer?: PgnViewerCtrl;
  /** tournament is the game's tournament board, for a tournament's game. */
  tournament?: GameTournament;
}

/** PgnViewerCtrl is what the page uses of pgn-viewer's controller. */
type PgnViewerCtrl = ReturnType<typeof PgnViewer>;

/** pollEvery is how often the page asks how the analysis goes, in ms. */
const pollEvery = 1500;

/** pgnText fetches the game's PGN (text; a refusal is the API's JSON error). */
async function pgnText(id: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/game/${encodeURIComponent(id)}/pgn`, { credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, 'ui.error.network', String(e));
  }
  const text = await res.text();
  if (!res.ok) {
    let err: any = {};
    try {
      err = JSON.parse(text);
    } catch {}
    throw new ApiError(res.status, err.code ?? 'internal', err.message ?? res.statusText, err.params ?? {});
  }
  return text;
}

let styled = false;

/** addViewerStyle puts pgn-viewer's own rules in the page, once. */
function addViewerStyle(): void {
  if (styled) return;
  styled = true;
  const style = document.createElement('style');
  style.id = 'lpv-style';
  style.textContent = viewerCss(rawViewerCss);
  document.head.prepend(style); // before app.css, which overrides it (account.css)
}

/** start renders the page into root. */
export async function start(root: HTMLElement): Promise<void> {
  const id = boot().params.id ?? '';
  const st: State = {
    id,
    review: {
      ply: 0,
      live: false,
      ask: () => void ask(st, redraw),
      goTo: (ply) => {
        const v = st.viewer;
        if (v) v.toPath(v.game.pathAtMainlinePly(ply), false);
      },
      analyseHref: () => analyseHref(st),
    },
  };
  const redraw = mount(root, (redraw) => page(redraw, view(st, redraw), 'account-page replay-page'));
  try {
    const [game, pgn, tour] = await Promise.all([get<Game>(`/api/game/${encodeURIComponent(st.id)}`), pgnText(st.id), loadGameTournament(st.id)]);
    st.tournament = tour;
    st.game = game;
    st.pgn = pgn;
    st.review.live = running(game.status);
    if (!st.review.live) void poll(st, redraw);
    document.title = t('ui.replay.vs_title', { white: playerName(game.players.white, true), black: playerName(game.players.black) }) + ' · ' + t('ui.title.replay');
  } catch (err) {
    st.error = err instanceof ApiError && err.code !== 'ui.error.network' ? err.message : t('ui.error.network');
  }
  redraw();
}

/** analysisPath is the game's analysis in the API. */
const analysisPath = (st: State) => `/api/game/${encodeURIComponent(st.id)}/analysis`;

/** poll reads the analysis's status, and again every pollEvery while it is queued or running. */
async function poll(st: State, redraw: () => void): Promise<void> {
  try {
    show(st, await get<Status>(analysisPath(st)));
  } catch (err) {
    st.review.error = err instanceof ApiError && err.code !== 'ui.error.network' ? err.message : t('ui.error.network');
  }
  redraw();
  const s = st.review.status?.state;
  if (s === 'queued' || s === 'running') window.setTimeout(() => void poll(st, redraw), pollEvery);
}

/** ask asks the server for the analysis, then follows it. */
async function ask(st: State, redraw: () => void): Promise<void> {
  st.review.asking = true;
  st.review.error = undefined;
  redraw();
  try {
    // A visitor asks as a guest, as one plays as a guest: made at once.
    if (!boot().me) await post('/api/guest');
    show(st, await post<Status>(analysisPath(st)));
    const s = st.review.status?.state;
    if (s === 'queued' || s === 'running') window.setTimeout(() => void poll(st, redraw), pollEvery);
  } catch (err) {
    st.review.error = err instanceof ApiError && err.code !== 'ui.error.network' ? err.message : t('ui.error.network');
  }
  st.review.asking = false;
  redraw();
}

/** show keeps a status; the analysis done, the viewer is drawn again with its marks. */
function show(st: State, status: Status): void {
  st.review.status = status;
  st.review.error = undefined;
}

/** analyseHref is the analysis board at the position the viewer shows: the game's start and its moves so far. */
function analyseHref(st: State): string | undefined {
  const v = st.viewer;
  if (!v) return undefined;
  const moves = v.game.mainline.slice(0, st.review.ply).map((m) => m.uci);
  const q = new URLSearchParams({ fen: v.game.initial.fen });
  if (moves.length) q.set('moves', moves.join(' '));
  return '/analysis?' + q.toString();
}

function view(st: State, redraw: () => void): VNode[] {
  if (st.error) return [h('h1', t('ui.replay.heading')), h('p#replay-error.error', { attrs: { role: 'alert' } }, st.error)];
  const g = st.game;
  if (!g || st.pgn === undefined) return [h('h1', t('ui.replay.heading')), h('p.muted', { attrs: { role: 'status' } }, t('ui.replay.loading'))];
  const name = (side: Side): VNode => {
    const p = g.players[side];
    const link = profileLink(p);
    // White's name opens the heading: "○ La IA (Fácil) contra ● alba".
    const text = playerName(p, side === 'white');
    return link ? h('a.replay-player', { attrs: { href: link } }, text) : h('span.replay-player', text);
  };
  const side = (s: Side): VNode =>
    h('span.replay-side', [h('span', { attrs: { 'aria-hidden': 'true' } }, s === 'white' ? '○' : '●'), h('span.sr-only', t('side.' + s) + ': ')]);
  const live = running(g.status);
  const meta = [
    sayTimeControl(g.timeControl),
    // An untimed game has no speed to name (the server files it under classical).
    g.timeControl === 'untimed' ? '' : saySpeed(g.speed),
    t(g.rated ? 'ui.account.rated' : 'ui.account.casual'),
    sayDate(g.createdAt),
  ]
    .filter(Boolean)
    .join(' · ');
  const me = boot().me;
  const report = st.review.status?.state === 'done' ? st.review.status.analysis : undefined;
  const orientation: Side = me && g.players.black?.id === me.id && g.players.white?.id !== me.id ? 'black' : 'white';
  return [
    h('div.replay-head', [
      h('h1#replay-title', [
        side('white'),
        name('white'),
        ' ',
        h('span.replay-vs', t('ui.replay.vs')),
        ' ',
        side('black'),
        name('black'),
      ]),
      h('p#replay-result.replay-result', live ? t('status.started') : g.outcome ? t(g.outcome) : g.result),
      h('p.muted', meta),
      g.opening ? h('div#replay-opening.muted', { attrs: { 'data-eco': g.opening.eco } }, t('ui.replay.opening', { eco: g.opening.eco, name: openingName(g.opening, lang()) })) : null,
      h('p.replay-actions', [
        h(
          'a#replay-download.button',
          { attrs: { href: `/api/game/${encodeURIComponent(g.id)}/pgn`, download: `joinpal-${g.id}.pgn` } },
          t('ui.replay.download'),
        ),
        live ? h('a#replay-live.button', { attrs: { href: '/game/' + encodeURIComponent(g.id) } }, t('ui.replay.live')) : h('span'),
        st.tournament ? gameTournamentLink(st.tournament, 'replay-tournament') : h('span'),
      ]),
    ]),
    h('div.replay-body', [
      h('div.replay-viewer', {
        // A new viewer when the analysis comes: its PGN carries the marks and arrows.
        key: 'viewer-' + g.id + (report ? '-analysed' : ''),
        hook: {
          insert: (vnode) => {
            st.viewer = startViewer(vnode.elm as HTMLElement, report ? annotate(st.pgn!, report) : st.pgn!, g, orientation, st.review.ply, (ply) => {
              if (ply === st.review.ply) return;
              st.review.ply = ply;
              redraw();
            });
            redraw(); // the analysis link needs the viewer's moves
          },
        },
      }),
      panel(st.review),
    ]),
  ];
}

function startViewer(el: HTMLElement, pgn: string, g: Game, orientation: Side, ply: number, onPly: (ply: number) => void): PgnViewerCtrl {
  addViewerStyle();
  const target = document.createElement('div');
  el.appendChild(target);
  const ctrl = PgnViewer(target, {
    // Each name stands alone in the viewer's player bar.
    pgn: pgnForViewer(pgn, { white: playerName(g.players.white, true), black: playerName(g.players.black, true) }),
    orientation,
    showPlayers: true,
    showClocks: g.timeControl !== 'untimed', // an untimed game's viewer would show '-' for each clock
    showMoves: 'auto',
    showControls: true,
    initialPly: ply,
    lichess: false,
    drawArrows: false,
    menu: {
      getPgn: { enabled: true, fileName: `joinpal-${g.id}.pgn` },
      practiceWithComputer: { enabled: false },
      analysisBoard: { enabled: false },
    },
    translate: translateViewer as (key: string) => string,
    chessground: { coordinates: true, animation: { enabled: true, duration: 150 } },
  });
  nameMovesByTheirText(el);
  // The step buttons answer the mouse and touch only (mousedown); a
  // keyboard's Enter or Space on them is a click with no pointer (detail 0).
  const dirs: [string, 'first' | 'prev' | 'next' | 'last'][] = [
    ['--first', 'first'],
    ['--prev', 'prev'],
    ['--next', 'next'],
    ['--last', 'last'],
  ];
  el.addEventListener('click', (e) => {
    if ((e as MouseEvent).detail !== 0) return;
    const button = (e.target as HTMLElement).closest('.lpv__controls__goto');
    if (!button) return;
    const dir = dirs.find(([suffix]) => button.classList.contains('lpv__controls__goto' + suffix));
    if (dir) ctrl.goTo(dir[1]);
  });
  // Every step of the viewer (buttons, keys, the move list, the page's
  // graph) goes through toPath: the page follows the ply it shows.
  const toPath = ctrl.toPath;
  ctrl.toPath = (path, focus) => {
    toPath(path, focus);
    const data = ctrl.curData();
    onPly('ply' in data ? (data.ply as number) : 0);
  };
  return ctrl;
}

/**
 * nameMovesByTheirText makes each move button's accessible name start with
 * the move as it is written on it ("Qh4#, Jugada 2, negras: dama h 4 jaque
 * mate"): pgn-viewer names them in words only, and a voice-control user
 * says what they see (WCAG 2.5.3, label in name).
 */
function nameMovesByTheirText(el: HTMLElement): void {
  const fix = () => {
    // Each move in the page's piece letters (Cf3, Dh4#); data-local keeps
    // what was written, so that a move already written is not written twice.
    for (const b of el.querySelectorAll<HTMLElement>('.lpv__moves button.move')) {
      const text = b.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const san = (text as Text).data;
      if (san === b.dataset.local) continue;
      const local = localSan(san, lang());
      b.dataset.local = local;
      if (local !== san) (text as Text).data = local;
    }
    for (const b of el.querySelectorAll<HTMLElement>('.lpv__moves button.move[aria-label]')) {
      const text = b.textContent ?? '';
      const label = b.getAttribute('aria-label') ?? '';
      if (text && !label.startsWith(text)) b.setAttribute('aria-label', text + ', ' + label);
    }
    // The accessible board's squares, as the page's language says them ("a8: torre negra", not "A8 negras torre").
    for (const cell of el.querySelectorAll<HTMLElement>('.lpv [role=gridcell][aria-label]')) {
      const label = squareLabel(cell.getAttribute('aria-label') ?? '');
      if (!label) continue;
      cell.setAttribute('aria-label', label);
      cell.textContent = label;
    }
  };
  fix();
  new MutationObserver(fix).observe(el, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
}
