// analysis.ts is the analysis board (/analysis): a position — the usual
// start, ?fen=, ?fen=&moves= (UCI, from the review page's "analyse this
// position"), a pasted FEN or PGN — and the moves tried from it, in a tree
// of variations (analysis/tree.ts) with comments, played on chessground
// with chessops's legal moves (a pawn reaching the last rank becomes a
// queen). Keys: ← → move along the line, ↑ ↓ change variation, Home and
// End. The engine (analysis/engine.ts) is loaded only when switched on.
import { Chessground } from '@lichess-org/chessground';
import type { Api as Ground } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { chessgroundDests } from 'chessops/compat';
import { parseUci, parseSquare } from 'chessops/util';
import { makeSan } from 'chessops/san';
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { localSan } from '../game/notation';
import { Tree, fromPgn, fromMoves, position, type Path, type MoveNode, INITIAL_FEN } from '../analysis/tree';
import { LocalEngine, available, type Line } from '../analysis/engine';

interface State {
  tree: Tree;
  path: Path;
  orientation: 'white' | 'black';
  fenInput: string;
  pgnInput: string;
  pgnOut?: string;
  error?: string;
  engineOn: boolean;
  multipv: number;
  lines: Line[];
  linesFen?: string;
  ground?: Ground;
  engine?: LocalEngine;
}

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  const q = new URLSearchParams(location.search);
  const fen = q.get('fen') || INITIAL_FEN;
  const moves = (q.get('moves') ?? '').split(/[\s,]+/).filter(Boolean);
  const st: State = { tree: new Tree(), path: [], orientation: 'white', fenInput: '', pgnInput: '', engineOn: false, multipv: 1, lines: [] };
  const made = fromMoves(fen, moves);
  if (made) {
    st.tree = made.tree;
    st.path = made.path;
  } else st.error = t('ui.analysis.bad_fen');
  st.orientation = position(st.tree.root.fen)?.turn === 'black' && !moves.length ? 'black' : 'white';
  const redraw = mount(root, (redraw) => page(redraw, view(st, redraw), 'analysis-page'));
  document.addEventListener('keydown', (e) => {
    const el = e.target as HTMLElement;
    if (e.altKey || e.ctrlKey || e.metaKey || el.closest('input, textarea, select, [role=slider]')) return;
    const to = keyPath(st, e.key);
    if (!to) return;
    e.preventDefault();
    goTo(st, to, redraw);
  });
}

/** keyPath is where a key leads from the node shown; undefined for a key that is not the board's. */
function keyPath(st: State, key: string): Path | undefined {
  const tr = st.tree;
  switch (key) {
    case 'ArrowLeft':
      return st.path.slice(0, -1);
    case 'ArrowRight': {
      const next = tr.at(st.path).children[0];
      return next ? [...st.path, next.id] : st.path;
    }
    case 'ArrowUp':
      return tr.sibling(st.path, -1);
    case 'ArrowDown':
      return tr.sibling(st.path, 1);
    case 'Home':
      return [];
    case 'End':
      return tr.mainline(st.path);
  }
  return undefined;
}

function goTo(st: State, path: Path, redraw: () => void): void {
  st.path = path;
  st.error = undefined;
  st.fenInput = '';
  syncGround(st, redraw);
  think(st, redraw);
  redraw();
}

/** think asks the engine for the position shown, when it is on. */
function think(st: State, redraw: () => void): void {
  if (!st.engineOn) return;
  st.engine ??= new LocalEngine((fen, lines) => {
    if (!st.engineOn || fen !== st.tree.at(st.path).fen) return;
    st.lines = lines;
    st.linesFen = fen;
    drawBest(st);
    redraw();
  });
  const node = st.tree.at(st.path);
  const pos = position(node.fen);
  if (!pos || pos.isEnd()) {
    st.engine.stop();
    st.lines = [];
    return;
  }
  void st.engine.analyse(node.fen, st.multipv).catch((err) => {
    console.warn('analysis: the engine did not start:', err);
    st.engineOn = false;
    st.error = t('ui.analysis.engine.failed');
    redraw();
  });
}

/** syncGround shows the node's position on the board, with its legal moves. */
function syncGround(st: State, redraw: () => void): void {
  const g = st.ground;
  if (!g) return;
  const node = st.tree.at(st.path);
  const pos = position(node.fen)!;
  const turn = pos.turn;
  g.set({
    fen: node.fen,
    orientation: st.orientation,
    turnColor: turn,
    check: pos.isCheck() ? turn : false,
    lastMove: node.uci ? ([node.uci.slice(0, 2), node.uci.slice(2, 4)] as Key[]) : undefined,
    movable: { free: false, color: turn, dests: chessgroundDests(pos) as Map<Key, Key[]>, showDests: true, events: { after: (orig, dest) => played(st, orig, dest, redraw) } },
  });
  drawBest(st);
}

/** drawBest draws the engine's first move as an arrow, while it is on. */
function drawBest(st: State): void {
  const node = st.tree.at(st.path);
  const best = st.engineOn && st.linesFen === node.fen ? st.lines[0]?.pv[0] : undefined;
  st.ground?.setAutoShapes(best ? [{ orig: best.slice(0, 2) as Key, dest: best.slice(2, 4) as Key, brush: 'paleBlue' }] : []);
}

function played(st: State, orig: Key, dest: Key, redraw: () => void): void {
  const node = st.tree.at(st.path);
  const pos = position(node.fen)!;
  const piece = pos.board.get(parseSquare(orig)!);
  const last = dest[1] === '8' || dest[1] === '1';
  const uci = orig + dest + (piece?.role === 'pawn' && last ? 'q' : '');
  const to = st.tree.play(st.path, uci);
  goTo(st, to ?? st.path, redraw);
}

/** san is a move as the page writes it. */
const san = (s: string): string => localSan(s, lang());

function moveButton(st: State, n: MoveNode, path: Path, number: boolean, redraw: () => void): VNode[] {
  const current = path.length === st.path.length && path.every((id, i) => st.path[i] === id);
  const { white, move } = moveNumber(n);
  const label = number || white ? move + (white ? '.' : '…') : '';
  return [
    label ? h('span.analysis-index', { attrs: { 'aria-hidden': 'true' } }, label) : null,
    h(
      'button.analysis-move',
      {
        key: n.id,
        class: { current },
        attrs: { type: 'button', 'aria-current': current ? 'true' : 'false', 'data-ply': String(n.ply), 'aria-label': t('ui.analysis.move', { n: move, side: t('side.' + (white ? 'white' : 'black')), move: san(n.san) }) },
        on: { click: () => goTo(st, path, redraw) },
      },
      san(n.san),
    ),
    n.comment ? h('span.analysis-comment', n.comment) : null,
  ].filter(Boolean) as VNode[];
}

/** moveNumber is who played n and its move number, from the position it led to (a tree may start at any move). */
export function moveNumber(n: MoveNode): { white: boolean; move: number } {
  const [, turn, , , , full] = n.fen.split(' ');
  const white = turn === 'b';
  const fullmove = parseInt(full, 10) || 1;
  return { white, move: white ? fullmove : fullmove - 1 };
}

/** line is the moves after from (at path), its variations in parentheses. */
function line(st: State, from: MoveNode, path: Path, redraw: () => void, out: VNode[], first: boolean): void {
  let n = from;
  let p = path;
  let number = first;
  while (n.children.length) {
    const [main, ...vars] = n.children;
    out.push(...moveButton(st, main, [...p, main.id], number, redraw));
    number = false;
    for (const v of vars) {
      const vp = [...p, v.id];
      const inner: VNode[] = moveButton(st, v, vp, true, redraw);
      line(st, v, vp, redraw, inner, false);
      out.push(h('span.analysis-variation', { attrs: { role: 'group', 'aria-label': t('ui.analysis.variation') } }, [h('span', { attrs: { 'aria-hidden': 'true' } }, '('), ...inner, h('span', { attrs: { 'aria-hidden': 'true' } }, ')')]));
      number = true;
    }
    n = main;
    p = [...p, main.id];
  }
}

function view(st: State, redraw: () => void): VNode[] {
  const node = st.tree.at(st.path);
  const moves: VNode[] = [];
  line(st, st.tree.root, [], redraw, moves, true);
  return [
    h('h1', t('ui.analysis.heading')),
    h('div.analysis-layout', [
      h('div.analysis-board', [
        h('div.cg-wrap', {
          hook: {
            insert: (vnode) => {
              st.ground = Chessground(vnode.elm as HTMLElement, { coordinates: true, animation: { enabled: true, duration: 150 }, draggable: { showGhost: true } });
              syncGround(st, redraw);
            },
            destroy: () => st.ground?.destroy(),
          },
        }),
        h('div.analysis-controls', { attrs: { role: 'group', 'aria-label': t('ui.analysis.controls') } }, [
          button('analysis-first', 'ui.analysis.first', () => goTo(st, [], redraw)),
          button('analysis-prev', 'ui.analysis.prev', () => goTo(st, keyPath(st, 'ArrowLeft')!, redraw)),
          button('analysis-next', 'ui.analysis.next', () => goTo(st, keyPath(st, 'ArrowRight')!, redraw)),
          button('analysis-last', 'ui.analysis.last', () => goTo(st, keyPath(st, 'End')!, redraw)),
          button('analysis-flip', 'ui.analysis.flip', () => {
            st.orientation = st.orientation === 'white' ? 'black' : 'white';
            syncGround(st, redraw);
            redraw();
          }),
        ]),
      ]),
      h('div.analysis-side', [
        enginePanel(st, redraw),
        h('h2', t('ui.analysis.moves')),
        h('div#analysis-moves.analysis-moves', { attrs: { role: 'group', 'aria-label': t('ui.analysis.moves') } }, moves.length ? moves : [h('p.muted', t('ui.analysis.no_moves'))]),
        h('p.muted.analysis-keys', t('ui.analysis.keys')),
        h('div.analysis-actions', [
          button('analysis-promote', 'ui.analysis.promote', () => {
            st.tree.promote(st.path);
            redraw();
          }, st.path.length === 0),
          button('analysis-delete', 'ui.analysis.delete', () => goTo(st, st.tree.remove(st.path), redraw), st.path.length === 0),
        ]),
        st.path.length
          ? h('label.analysis-field', [
              t('ui.analysis.comment', { move: san(node.san) }),
              h('textarea#analysis-comment', {
                props: { value: node.comment },
                attrs: { rows: 2, maxlength: 500 },
                on: { input: (e: Event) => ((node.comment = (e.target as HTMLTextAreaElement).value), redraw()) },
              }),
            ])
          : null,
        st.error ? h('p#analysis-error.error', { attrs: { role: 'alert' } }, st.error) : null,
        h('h2', t('ui.analysis.position')),
        h('label.analysis-field', [
          t('ui.analysis.fen'),
          h('input#analysis-fen', {
            props: { value: st.fenInput || node.fen },
            attrs: { spellcheck: 'false', autocomplete: 'off' },
            on: { input: (e: Event) => (st.fenInput = (e.target as HTMLInputElement).value) },
          }),
        ]),
        button('analysis-load-fen', 'ui.analysis.load_fen', () => {
          const made = fromMoves(st.fenInput || node.fen, []);
          if (!made) {
            st.error = t('ui.analysis.bad_fen');
            redraw();
            return;
          }
          st.tree = made.tree;
          st.fenInput = '';
          goTo(st, [], redraw);
        }),
        h('label.analysis-field', [
          t('ui.analysis.pgn_in'),
          h('textarea#analysis-pgn-in', { props: { value: st.pgnInput }, attrs: { rows: 4, spellcheck: 'false' }, on: { input: (e: Event) => (st.pgnInput = (e.target as HTMLTextAreaElement).value) } }),
        ]),
        button('analysis-import', 'ui.analysis.import', () => {
          const tree = fromPgn(st.pgnInput);
          if (!tree) {
            st.error = t('ui.analysis.bad_pgn');
            redraw();
            return;
          }
          st.tree = tree;
          goTo(st, tree.mainline(), redraw);
        }),
        button('analysis-export', 'ui.analysis.export', () => {
          st.pgnOut = st.tree.pgn([['Event', t('ui.analysis.heading')]]);
          redraw();
        }),
        st.pgnOut !== undefined
          ? h('label.analysis-field', [t('ui.analysis.pgn_out'), h('textarea#analysis-pgn-out', { props: { value: st.pgnOut, readOnly: true }, attrs: { rows: 6, spellcheck: 'false' } })])
          : null,
        h('p.muted.analysis-licence', t('ui.analysis.engine.licence')),
      ]),
    ]),
  ];
}

function button(id: string, code: string, click: () => void, disabled = false): VNode {
  return h('button#' + id + '.button', { attrs: { type: 'button', disabled }, on: { click } }, t(code));
}

/** enginePanel is the engine's switch, its number of lines and its lines. */
function enginePanel(st: State, redraw: () => void): VNode {
  if (!available()) return h('section#analysis-engine.analysis-engine', [h('p.muted', t('ui.analysis.engine.unavailable'))]);
  const node = st.tree.at(st.path);
  const lines = st.engineOn && st.linesFen === node.fen ? st.lines : [];
  const pos = position(node.fen);
  return h('section#analysis-engine.analysis-engine', { attrs: { 'aria-labelledby': 'analysis-engine-switch-label' } }, [
    h('div.analysis-engine-head', [
      h('label#analysis-engine-switch-label', { attrs: { for: 'analysis-engine-switch' } }, t('ui.analysis.engine.name')),
      h(
        'button#analysis-engine-switch.button',
        {
          attrs: { type: 'button', role: 'switch', 'aria-checked': String(st.engineOn) },
          on: {
            click: () => {
              st.engineOn = !st.engineOn;
              st.lines = [];
              if (st.engineOn) think(st, redraw);
              else st.engine?.stop();
              syncGround(st, redraw);
              redraw();
            },
          },
        },
        t(st.engineOn ? 'ui.analysis.engine.on' : 'ui.analysis.engine.off'),
      ),
      h('label', [
        t('ui.analysis.engine.lines'),
        ' ',
        h(
          'select#analysis-multipv',
          {
            on: {
              change: (e: Event) => {
                st.multipv = parseInt((e.target as HTMLSelectElement).value, 10);
                st.lines = [];
                think(st, redraw);
                redraw();
              },
            },
          },
          [1, 2, 3].map((n) => h('option', { attrs: { value: String(n) }, props: { selected: n === st.multipv } }, String(n))),
        ),
      ]),
    ]),
    st.engineOn
      ? h('div#analysis-lines', { attrs: { 'aria-live': 'off' } }, [
          h(
            'p#analysis-depth.muted',
            pos?.isEnd() ? t('ui.analysis.engine.ended') : lines.length ? t('ui.analysis.engine.depth', { depth: lines[0].depth }) : t('ui.analysis.engine.thinking'),
          ),
          ...lines.map((l) => h('p.analysis-line', [h('strong', sayScore(l, pos?.turn ?? 'white')), ' ', pvSan(node.fen, l.pv)])),
        ])
      : null,
  ]);
}

/** sayScore writes a line's score from White's side: "+0.35", "#-2". */
function sayScore(l: Line, turn: 'white' | 'black'): string {
  const sign = turn === 'white' ? 1 : -1;
  if (l.mate !== undefined) return '#' + sign * l.mate;
  const cp = sign * (l.cp ?? 0);
  return (cp > 0 ? '+' : cp < 0 ? '−' : '') + (Math.abs(cp) / 100).toFixed(2);
}

/** pvSan writes the first moves of a line in the page's letters. */
function pvSan(fen: string, pv: string[]): string {
  const pos = position(fen);
  if (!pos) return '';
  const out: string[] = [];
  for (const u of pv.slice(0, 10)) {
    const m = parseUci(u);
    if (!m || !pos.isLegal(m)) break;
    out.push(san(makeSan(pos, m)));
    pos.play(m);
  }
  return out.join(' ');
}
