// words.ts: what the schedule pages say of a scheduled game.
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { sayClock, sayClockShort } from '../lib/timecontrol';
import { ApiError } from '../lib/api';
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

/** title says who plays whom, and the clock as people write it ("Ana contra Beto (10+5)", "(30 s)", never the API's "move:30s"). */
export function title(a: Scheduled): string {
  const white = a.white?.name ?? a.proposer.name;
  const black = a.black?.name ?? a.opponent.name;
  return t('ui.schedule.ics.summary', { white, black, tc: sayClockShort(a.timeControl) });
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

/** noShowOutcome says who lost a game a no-show decided, from its result ("1-0", "0-1", "0-0"). */
export function noShowOutcome(result: string): string {
  if (result === '1-0') return t('outcome.no_show.white');
  if (result === '0-1') return t('outcome.no_show.black');
  return t('outcome.no_show.both');
}

/** statusText says where a stands; a finished game, how it ended. */
export function statusText(a: Scheduled): string {
  if (a.status === 'finished' && a.result) return t('ui.schedule.status.forfeited', { result: noShowOutcome(a.result) });
  const g = a.game;
  if (a.status === 'finished' && g && g.result && g.result !== '*' && g.termination !== 'none')
    return t('ui.schedule.status.ended', { how: t('termination.' + g.termination), result: g.result });
  return t('ui.schedule.status.' + a.status);
}

/** The parameters of a refusal that are instants (RFC 3339, UTC), which a person reads in their own zone. */
const instants = ['start', 'earliest', 'opens'];

/** errorText is a refusal as the page says it: a refusal that names an instant is written again here, so that it shows in the browser's zone and language; any other is the server's text. */
export function errorText(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  if (!instants.some((k) => e.params[k])) return e.message;
  const text = t(e.code, e.params);
  return text === e.code ? e.message : text;
}

/** description is the .ics event's description. */
export function description(): string {
  return t('ui.schedule.ics.description');
}
