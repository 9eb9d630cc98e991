// panel.ts is the computer analysis on the review page (/replay/{id}):
// the button that asks for it, its progress while the server works on it,
// then the evaluation graph (click or arrow keys to go to a position), each
// side's accuracy, average centipawn loss and marked moves, the way from
// one marked move to the next per side, and what the engine says of the
// position shown. The page (pages/replay.ts) owns the board; this panel
// tells it which ply to show through goTo.
import { h, type VNode } from '../lib/view';
import { t, lang } from '../lib/i18n';
import { localSan } from '../game/notation';
import { type Status, type Report, type Ply, glyphs, nextMarked, sayEval } from './report';
import { points, area, nearest, width, height } from './graph';

/** Panel is what the analysis section shows and does. */
export interface Panel {
  status?: Status;
  error?: string;
  asking?: boolean;
  /** ply is the position the board shows (0: the start). */
  ply: number;
  /** live: the game is still being played (no analysis then). */
  live: boolean;
  ask(): void;
  goTo(ply: number): void;
  /** analyseHref is the analysis board's link for the position shown; undefined while it cannot be made. */
  analyseHref(): string | undefined;
}

const sides = ['white', 'black'] as const;

/** moveName is a ply's move as the page writes it, with its number: "2. g4", "2… Dh4#". */
export function moveName(p: Pick<Ply, 'ply' | 'san'>): string {
  const n = Math.ceil(p.ply / 2);
  return (p.ply % 2 === 1 ? n + '. ' : n + '… ') + localSan(p.san, lang());
}

/** panel is the analysis section. */
export function panel(p: Panel): VNode {
  return h('section#review.review', { attrs: { 'aria-labelledby': 'review-title' } }, [
    h('h2#review-title', t('ui.review.title')),
    ...body(p),
    p.live ? null : analyseLink(p),
  ]);
}

function analyseLink(p: Panel): VNode | null {
  const href = p.analyseHref();
  return href ? h('p', h('a#review-analyse.button', { attrs: { href } }, t('ui.review.analyse_position'))) : null;
}

function body(p: Panel): (VNode | null)[] {
  if (p.live) return [h('p#review-live.muted', t('ui.review.in_progress'))];
  const st = p.status;
  const error = p.error ? h('p#review-error.error', { attrs: { role: 'alert' } }, p.error) : null;
  if (!st) return [h('p.muted', { attrs: { role: 'status' } }, t('ui.review.loading')), error];
  switch (st.state) {
    case 'none':
    case 'failed':
      return [
        st.state === 'failed' ? h('p#review-failed.error', t('ui.review.failed')) : h('p.muted', t('ui.review.none')),
        h('button#review-request.button', { attrs: { type: 'button', disabled: !!p.asking }, on: { click: () => p.ask() } }, t('ui.review.request')),
        error,
      ];
    case 'queued':
      return [h('p#review-progress', { attrs: { role: 'status' } }, t('ui.review.queued', { place: st.place ?? 1 })), error];
    case 'running':
      return [
        h('p#review-progress', { attrs: { role: 'status' } }, [
          t('ui.review.running', { done: st.done ?? 0, total: st.total ?? 0 }),
          ' ',
          h('progress', { attrs: { max: st.total || 1, value: st.done ?? 0, 'aria-hidden': 'true' } }),
        ]),
        error,
      ];
    case 'done':
      return st.analysis ? done(p, st.analysis) : [];
  }
}

function done(p: Panel, r: Report): VNode[] {
  return [graph(p, r), here(p, r), summary(r), navigation(p, r), h('p.muted.review-engine', t('ui.review.engine', { engine: r.engine }))];
}

/** graph is the evaluation graph: a slider over the game's positions, with a text summary. */
function graph(p: Panel, r: Report): VNode {
  const pts = points(r);
  const cur = pts[Math.min(p.ply, pts.length - 1)];
  const marks = r.plies.filter((x) => x.judgement);
  const worst = r.plies.filter((x) => x.judgement === 'blunder').map(moveName);
  const summary = t('ui.review.graph.summary', {
    start: sayEval(r.start),
    end: sayEval(lastEval(r)) || t('ui.review.graph.ended'),
    marked: marks.length,
    blunders: worst.length ? worst.join(', ') : t('ui.review.graph.no_blunders'),
  });
  const go = (ply: number) => p.goTo(Math.max(0, Math.min(pts.length - 1, ply)));
  return h('figure#review-graph.review-graph', { attrs: { 'aria-labelledby': 'review-graph-caption' } }, [
    h('figcaption#review-graph-caption', [h('strong', t('ui.review.graph.title')), ' · ', summary]),
    h(
      'div.review-graph-box',
      {
        attrs: {
          role: 'slider',
          tabindex: '0',
          'aria-label': t('ui.review.graph.title'),
          'aria-valuemin': '0',
          'aria-valuemax': String(pts.length - 1),
          'aria-valuenow': String(p.ply),
          'aria-valuetext': positionText(r, p.ply),
        },
        on: {
          click: (e: MouseEvent) => {
            const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
            if (box.width) go(nearest(pts, ((e.clientX - box.left) / box.width) * width));
          },
          keydown: (e: KeyboardEvent) => {
            const to: Record<string, number> = { ArrowLeft: p.ply - 1, ArrowDown: p.ply - 1, ArrowRight: p.ply + 1, ArrowUp: p.ply + 1, Home: 0, End: pts.length - 1 };
            if (to[e.key] === undefined) return;
            e.preventDefault();
            go(to[e.key]);
          },
        },
      },
      [
        h('svg', { attrs: { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' } }, [
          h('rect.review-graph-black', { attrs: { x: 0, y: 0, width, height } }),
          h('path.review-graph-white', { attrs: { d: area(pts) } }),
          h('line.review-graph-mid', { attrs: { x1: 0, y1: height / 2, x2: width, y2: height / 2 } }),
          ...marks.map((m) =>
            h('circle.review-graph-mark.' + m.judgement, { attrs: { cx: pts[m.ply].x, cy: pts[m.ply].y, r: 4, 'data-ply': String(m.ply) } }),
          ),
          ...(cur ? [h('line.review-graph-cursor', { attrs: { x1: cur.x, y1: 0, x2: cur.x, y2: height } })] : []),
        ]),
      ],
    ),
  ]);
}

function lastEval(r: Report) {
  for (let i = r.plies.length - 1; i >= 0; i--) {
    const e = r.plies[i].eval;
    if (e) return i === r.plies.length - 1 ? e : undefined;
  }
  return undefined;
}

/** positionText says a position of the graph: "Inicio: +0.20" or "2. g4??: #-1". */
export function positionText(r: Report, ply: number): string {
  if (ply <= 0) return t('ui.review.start', { eval: sayEval(r.start) });
  const m = r.plies[ply - 1];
  if (!m) return '';
  const evalText = m.eval ? sayEval(m.eval) : m.ended ? t('ui.review.ended.' + m.ended) : '';
  return t('ui.review.position', { move: moveName(m) + (m.judgement ? glyphs[m.judgement] : ''), eval: evalText });
}

/** here says what the engine makes of the position shown and of the next move played from it. */
function here(p: Panel, r: Report): VNode {
  const next = r.plies[p.ply]; // the move played from the position shown
  const lines: VNode[] = [h('p#review-position', positionText(r, p.ply))];
  if (next?.judgement && next.bestSan) {
    lines.push(
      h('p#review-advice.review-advice.' + next.judgement, [
        t('ui.review.advice', {
          move: moveName(next) + glyphs[next.judgement],
          judgement: t('ui.review.judgement.' + next.judgement),
          best: localSan(next.bestSan, lang()),
        }),
      ]),
    );
  }
  return h('div.review-here', { attrs: { 'aria-live': 'polite' } }, lines);
}

/** summary is each side's accuracy, average centipawn loss and counts, as a table. */
function summary(r: Report): VNode {
  const rows: [string, (s: Report['white']) => string][] = [
    ['ui.review.accuracy', (s) => t('ui.review.percent', { n: Math.round(s.accuracy) })],
    ['ui.review.acpl', (s) => String(s.acpl)],
    ['ui.review.judgement.inaccuracy_plural', (s) => String(s.inaccuracies)],
    ['ui.review.judgement.mistake_plural', (s) => String(s.mistakes)],
    ['ui.review.judgement.blunder_plural', (s) => String(s.blunders)],
  ];
  return h('table#review-summary.review-summary', [
    h('caption.sr-only', t('ui.review.summary')),
    h('thead', h('tr', [h('td'), ...sides.map((s) => h('th', { attrs: { scope: 'col' } }, t('side.' + s)))])),
    h(
      'tbody',
      rows.map(([code, val]) =>
        h('tr', { attrs: { 'data-row': code.split('.').pop()! } }, [h('th', { attrs: { scope: 'row' } }, t(code)), ...sides.map((s) => h('td', val(r[s])))]),
      ),
    ),
  ]);
}

/** navigation is the way to each side's previous and next marked move (to the position before it, where the better move is drawn). */
function navigation(p: Panel, r: Report): VNode {
  return h(
    'div#review-nav.review-nav',
    { attrs: { role: 'group', 'aria-label': t('ui.review.nav.label') } },
    sides.map((side) => {
      // Positions are before the marked moves: move N is shown from position N-1.
      const from = p.ply + 1;
      const prev = nextMarked(r.plies, from, -1, side);
      const next = nextMarked(r.plies, from, 1, side);
      return h('div.review-nav-side', { attrs: { 'data-side': side } }, [
        h(
          'button.button.review-prev',
          { attrs: { type: 'button', disabled: prev === undefined }, on: { click: () => prev !== undefined && p.goTo(prev - 1) } },
          t('ui.review.nav.prev.' + side),
        ),
        h(
          'button.button.review-next',
          { attrs: { type: 'button', disabled: next === undefined }, on: { click: () => next !== undefined && p.goTo(next - 1) } },
          t('ui.review.nav.next.' + side),
        ),
      ]);
    }),
  );
}
