// words.ts says the lobby's things in the page's language: people with
// their rating, colours.
import { t } from '../lib/i18n';
import { LobbyPlayer } from './types';

type Color = 'white' | 'black' | 'random';

/** playerName is a person's name with their rating, when they have one ("alba (1500)"); a guest plays casual games only, so no rating is said for one. */
export function playerName(p: LobbyPlayer): string {
  return p.rating && !p.guest ? t('ui.home.player_rating', { name: p.name, rating: Math.round(p.rating) }) : p.name;
}

/** colorWord names a colour asked for: Blancas, Negras, Al azar. */
export function colorWord(c: Color): string {
  return c === 'random' ? t('ui.home.color.random') : t('side.' + c);
}

/** oppositeColor is the colour that meets c: a seek for white is met by one for black. */
export function oppositeColor(c: Color): Color {
  return c === 'white' ? 'black' : c === 'black' ? 'white' : 'random';
}
