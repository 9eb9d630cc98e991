// promote.ts decides whether a promotion needs the player's choice, by the
// auto-queen setting: "always" queens every promotion, "premove" (the
// default) only premoves, "never" asks for every move played — a premove
// still becomes a queen, since nobody is there to ask when it is played.
import type { AutoQueen } from '../lib/settings';

/** autoPromotion is the piece (UCI letter) a promotion takes without asking, or undefined to ask; promos are the legal ones. */
export function autoPromotion(auto: AutoQueen, premove: boolean, promos: string[]): string | undefined {
  if (!promos.length) return undefined;
  const queen = promos.includes('q') ? 'q' : promos[0];
  if (premove) return queen;
  return auto === 'always' ? queen : undefined;
}
