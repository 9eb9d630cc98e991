// types.ts: the shapes of the server's answers the home and challenge pages
// read (docs/openapi.yaml, docs/PROTOCOL.md).

/** LobbyPlayer is a person as the lobby shows them. */
export interface LobbyPlayer {
  id: string;
  name: string;
  guest?: boolean;
  rating?: number;
}

/** Seek is an open seek of the lobby. */
export interface Seek {
  id: string;
  owner: LobbyPlayer;
  timeControl: string;
  color: 'white' | 'black' | 'random';
  rated: boolean;
  createdAt: string;
}

/** Challenge is a direct challenge, a challenge link or a rematch offer. */
export interface Challenge {
  id: string;
  kind: 'direct' | 'open' | 'rematch';
  status: 'created' | 'accepted' | 'declined' | 'canceled' | 'expired';
  challenger: LobbyPlayer;
  destUser: LobbyPlayer;
  timeControl: string;
  color: 'white' | 'black' | 'random';
  rated: boolean;
  declineReason?: string;
  gameId?: string;
  expiresAt: string;
  url?: string;
}

/** Preset is one of the lobby's one-click clocks (GET /api/lobby/presets). */
export interface Preset {
  timeControl: string;
  mode: 'game' | 'move';
  minutes?: number;
  increment?: number;
  seconds?: number;
  speed: string;
}

/** AILevel is one of the AI's levels (GET /api/ai/levels). */
export interface AILevel {
  level: number;
  name: string;
  elo: number;
}

/** GameSummary is a game of GET /api/games/now. */
export interface GameSummary {
  id: string;
  timeControl: string;
  rated: boolean;
  players: Record<'white' | 'black', { id?: string; name: string; aiLevel?: number; rating?: number }>;
  plies: number;
}

/** declineReasons are the reasons a challenge may be declined with (lobby.ParseDeclineReason; texts decline.*). */
export const declineReasons = ['generic', 'later', 'tooFast', 'tooSlow', 'timeControl', 'rated', 'casual'];
