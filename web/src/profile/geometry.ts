// geometry.ts places a rating history's points in the profile's chart
// (chart.ts draws them): no DOM, so that it is tested on its own.

/** Point is one rated game's end and the rating after it. */
export interface Point {
  at: number;
  rating: number;
  provisional?: boolean;
  game: string;
}

/** The drawing's size in SVG units (it scales to its box). */
export const width = 320;
export const height = 120;
/** pad is the margin inside the drawing; left the wider one that holds the lowest and highest ratings' labels. */
export const pad = 8;
export const left = 36;

/** Geometry is where a history's points fall in the drawing. */
export interface Geometry {
  /** xy are the points' coordinates, in order. */
  xy: [number, number][];
  min: number;
  max: number;
}

/**
 * geometry places points evenly from left to right (one per game, as
 * lichess's chart does by game rather than by date) and scales the
 * ratings between the lowest and the highest (a flat line in the middle
 * when they are equal).
 */
export function geometry(points: Point[]): Geometry {
  const ratings = points.map((p) => p.rating);
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const span = max - min;
  const step = points.length > 1 ? (width - left - pad) / (points.length - 1) : 0;
  const xy = points.map((p, i): [number, number] => {
    const x = points.length > 1 ? left + i * step : (left + width - pad) / 2;
    const y = span ? pad + ((max - p.rating) / span) * (height - 2 * pad) : height / 2;
    return [round(x), round(y)];
  });
  return { xy, min, max };
}

const round = (n: number): number => Math.round(n * 10) / 10;
