// graph.ts places a game's evaluations in the review page's graph (no DOM,
// so that it is tested on its own): one point per position, the start on
// the left, White's winning chances upwards (100 % at the top, 0 % at the
// bottom, even in the middle), as lichess's graph draws them.
import { type Report, winPercent, moverOf } from './report';

/** The drawing's size in SVG units (it scales to its box). */
export const width = 600;
export const height = 120;

/** Point is one position in the graph: its ply (0 the start), where it falls, and White's chances there. */
export interface Point {
  ply: number;
  x: number;
  y: number;
  win: number;
}

/** points places the report's positions evenly from left to right. */
export function points(r: Report): Point[] {
  const wins = [winPercent(r.start), ...r.plies.map((p) => winPercent(p.eval, p.ended, moverOf(p.ply)))];
  const step = wins.length > 1 ? width / (wins.length - 1) : 0;
  return wins.map((win, ply) => ({ ply, x: round(ply * step), y: round(((100 - win) / 100) * height), win: round(win) }));
}

/** area is the SVG path of White's share: from the bottom up to the line through the points, and back down. */
export function area(pts: Point[]): string {
  if (!pts.length) return '';
  const line = pts.map((p) => `L${p.x},${p.y}`).join(' ');
  return `M0,${height} ${line} L${pts[pts.length - 1].x},${height} Z`;
}

/** nearest is the ply of the point closest to x (in SVG units) along the graph. */
export function nearest(pts: Point[], x: number): number {
  let best = 0;
  for (const p of pts) if (Math.abs(p.x - x) < Math.abs(pts[best].x - x)) best = p.ply;
  return best;
}

const round = (n: number): number => Math.round(n * 10) / 10;
