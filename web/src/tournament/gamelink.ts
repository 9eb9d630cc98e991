// gamelink.ts is the link from a game (its page, its replay) to the
// tournament whose round paired it: GET /api/game/{id}/tournament.
import { get } from '../lib/api';
import { h, type VNode } from '../lib/view';
import { t } from '../lib/i18n';

/** GameTournament is a game's tournament board (GET /api/game/{id}/tournament). */
export interface GameTournament {
  tournamentId: string;
  tournamentName: string;
  url: string;
  round: number;
  board: number;
}

/** loadGameTournament reads game id's tournament board: undefined for a game of no tournament (204) or when it cannot be read. */
export async function loadGameTournament(id: string): Promise<GameTournament | undefined> {
  try {
    return (await get<GameTournament | undefined>(`/api/game/${encodeURIComponent(id)}/tournament`)) || undefined;
  } catch {
    return undefined; // the page works without the link
  }
}

/** gameTournamentLink is "Torneo: <name>, ronda N", linked to the tournament's page. */
export function gameTournamentLink(g: GameTournament, id = 'game-tournament'): VNode {
  return h('a#' + id + '.button', { attrs: { href: '/tournament/' + encodeURIComponent(g.tournamentId), 'data-round': String(g.round) } },
    t('ui.tournament.game_link', { name: g.tournamentName, round: g.round }));
}
