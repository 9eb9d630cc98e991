// chart.ts draws a rating history (GET /api/user/{username}/rating-history)
// as a small inline SVG per speed, by hand: a line through the rating
// after each rated game, oldest on the left, with the lowest and highest
// ratings marked. A table with the same points is its text alternative.
import { h, type VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { saySpeed, sayDay } from '../account/format';
import { geometry, width, height, pad, left, type Point } from './geometry';

export type { Point } from './geometry';


/** History is the ratings by speed. */
export type History = Record<string, Point[]>;


/** chart is the figure of one speed's history: the drawing, and its points as a table. */
function chart(speed: string, points: Point[]): VNode {
  const g = geometry(points);
  const id = 'rating-chart-' + speed;
  const summary = t('ui.profile.chart.summary', {
    games: points.length,
    first: points[0].rating,
    last: points[points.length - 1].rating,
    min: g.min,
    max: g.max,
  });
  return h('figure.rating-chart', { attrs: { 'data-speed': speed, 'aria-labelledby': id + '-caption' } }, [
    h('figcaption', { attrs: { id: id + '-caption' } }, [h('strong', saySpeed(speed)), ' · ', summary]),
    h('svg', { attrs: { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': saySpeed(speed) + ': ' + summary, focusable: 'false' } }, [
      h('line.axis', { attrs: { x1: left, y1: height - pad, x2: width - pad, y2: height - pad } }),
      // No null among an SVG's children: snabbdom walks them to set their namespace.
      ...(g.xy.length > 1 ? [h('polyline.line', { attrs: { points: g.xy.map(([x, y]) => x + ',' + y).join(' ') } })] : []),
      ...g.xy.map(([x, y]) => h('circle.dot', { attrs: { cx: x, cy: y, r: 2.5 } })),
      h('text.max', { attrs: { x: 2, y: pad + 4 } }, String(g.max)),
      h('text.min', { attrs: { x: 2, y: height - pad + 3 } }, String(g.min)),
    ]),
    h('details', [
      h('summary', t('ui.profile.chart.table')),
      h('table.rating-points', [
        h('thead', [
          h('tr', [
            h('th', { attrs: { scope: 'col' } }, t('ui.profile.chart.date')),
            h('th', { attrs: { scope: 'col' } }, t('ui.profile.rating')),
          ]),
        ]),
        h(
          'tbody',
          points.map((p) =>
            h('tr', [
              h('td', h('a', { attrs: { href: '/replay/' + encodeURIComponent(p.game) } }, sayDay(p.at))),
              h('td', String(p.rating) + (p.provisional ? '?' : '')),
            ]),
          ),
        ),
      ]),
    ]),
  ]);
}

/** historyCharts is the profile's section of rating charts: one per speed with rated games, or nothing. */
export function historyCharts(history: History | undefined, speeds: readonly string[]): VNode | null {
  if (!history) return null;
  const drawn = speeds.filter((sp) => history[sp]?.length);
  if (!drawn.length) return null;
  return h('section#rating-history.profile-section', { attrs: { 'aria-labelledby': 'rating-history-title' } }, [
    h('h2#rating-history-title', t('ui.profile.chart.title')),
    ...drawn.map((sp) => chart(sp, history[sp])),
  ]);
}
