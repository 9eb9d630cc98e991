// words.ts: what the schedule pages say of a scheduled game.
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { sayClock } from '../home/clock';
import { Scheduled } from './types';

/** myID is the signed-in user's id ('' for nobody). */
export function myID(): string {
  return boot().me?.id ?? '';
}

/** opponentOf is the other player of a, for the signed-in user. */
export function opponentOf(a: Scheduled): string {
  return a.proposer.id === myID() ? a.opponent.name : a.proposer.name;
}

/** nameOf is the name of the player with id in a. */
export function nameOf(a: Scheduled, id: string): string {
  return a.proposer.id === id ? a.proposer.name : a.opponent.name;
}

/** title says who plays whom, and the clock ("Ana contra Beto (10+5)"). */
export function title(a: Scheduled): string {
  const white = a.white?.name ?? a.proposer.name;
  const black = a.black?.name ?? a.opponent.name;
  return t('ui.schedule.ics.summary', { white, black, tc: a.timeControl });
}

/** details says the clock, rated or casual, and the colours. */
export function details(a: Scheduled): string {
  const kind = t(a.rated ? 'ui.home.rated' : 'ui.home.casual');
  let colour: string;
  if (a.white && a.black) colour = t('ui.schedule.colours', { white: a.white.name, black: a.black.name });
  else if (a.color === 'random') colour = t('ui.home.color.random');
  else colour = t('ui.schedule.proposer_plays', { name: a.proposer.name, side: a.color });
  return [sayClock(a.timeControl), kind, colour].join(' · ');
}

/** statusText says where a stands. */
export function statusText(a: Scheduled): string {
  if (a.status === 'finished' && a.result) return t('ui.schedule.status.forfeited', { result: a.result });
  return t('ui.schedule.status.' + a.status);
}

/** description is the .ics event's description. */
export function description(): string {
  return t('ui.schedule.ics.description');
}
