// replay.ts is the replay of a game (/replay/{id}): its header (players,
// the result in words from the server's outcome code, time control, date)
// and the game move by move in @lichess-org/pgn-viewer, fed with GET
// /api/game/{id}/pgn, with our board and pieces, its lichess links off and
// its texts from our catalogue; and a link to download the PGN. The viewer
// and its stylesheet are in this page's chunk only.
import PgnViewer from '@lichess-org/pgn-viewer';
import rawViewerCss from '../../node_modules/@lichess-org/pgn-viewer/dist/lichess-pgn-viewer.css' with { type: 'text' };
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { type OpeningData, openingName } from '../lib/opening';
import { boot } from '../lib/boot';
import { get, ApiError } from '../lib/api';
import { Player, Side, sayTimeControl, saySpeed, playerName, profileLink, running, sayDate } from '../account/format';
import { viewerCss, pgnForViewer, translateViewer, squareLabel } from '../replay/viewer';

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
}

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
  const st: State = { id: boot().params.id ?? '' };
  const redraw = mount(root, (redraw) => page(redraw, view(st), 'account-page replay-page'));
  try {
    const [game, pgn] = await Promise.all([get<Game>(`/api/game/${encodeURIComponent(st.id)}`), pgnText(st.id)]);
    st.game = game;
    st.pgn = pgn;
    document.title = t('ui.replay.vs_title', { white: playerName(game.players.white, true), black: playerName(game.players.black) }) + ' · ' + t('ui.title.replay');
  } catch (err) {
    st.error = err instanceof ApiError && err.code !== 'ui.error.network' ? err.message : t('ui.error.network');
  }
  redraw();
}

function view(st: State): VNode[] {
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
      ]),
    ]),
    h('div.replay-viewer', {
      key: 'viewer-' + g.id,
      hook: {
        insert: (vnode) => startViewer(vnode.elm as HTMLElement, st.pgn!, g, orientation),
      },
    }),
  ];
}

function startViewer(el: HTMLElement, pgn: string, g: Game, orientation: Side): void {
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
    initialPly: 0,
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
}

/**
 * nameMovesByTheirText makes each move button's accessible name start with
 * the move as it is written on it ("Qh4#, Jugada 2, negras: dama h 4 jaque
 * mate"): pgn-viewer names them in words only, and a voice-control user
 * says what they see (WCAG 2.5.3, label in name).
 */
function nameMovesByTheirText(el: HTMLElement): void {
  const fix = () => {
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
