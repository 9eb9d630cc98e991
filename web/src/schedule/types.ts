// types.ts: the scheduled games as the API shows them (docs/openapi.yaml,
// ScheduledGame).

/** Person is one of the two players. */
export interface Person {
  id: string;
  name: string;
}

/** Postponement is one request to move the start. */
export interface Postponement {
  by: string;
  from: string;
  to: string;
  zone: string;
  status: 'pending' | 'accepted' | 'declined' | 'lapsed';
  askedAt: string;
  answeredAt?: string;
  /** newTime marks the proposal of a new time for a suspended game. */
  newTime?: boolean;
}

/** Suspension is one player's calling off of the game. */
export interface Suspension {
  by: string;
  at: string;
  /** from is the start the game had. */
  from: string;
  gameId: string;
}

/** GameState is the scheduled part of an accepted arrangement's game. */
export interface GameState {
  /** status, termination and result are package game's codes ("created", "started" …; "none"; "1-0", "*" …). */
  status: string;
  termination: string;
  result: string;
  startAt: string;
  checkInFrom: string;
  noShowAt: string;
  defaultTime: number;
  present: [boolean, boolean];
  endedAt?: string;
}

/** Scheduled is one arranged game. */
export interface Scheduled {
  id: string;
  proposer: Person;
  opponent: Person;
  color: 'white' | 'black' | 'random';
  white?: Person;
  black?: Person;
  timeControl: string;
  rated: boolean;
  startAt: string;
  zone: string;
  defaultTime: number;
  status: 'proposed' | 'accepted' | 'suspended' | 'started' | 'finished' | 'declined' | 'canceled' | 'expired';
  gameId?: string;
  postponements: Postponement[];
  suspensions?: Suspension[];
  /** suspendUntil is the last moment either player alone may suspend the game (an hour before the start). */
  suspendUntil: string;
  /** maxSuspensions is how many times each player may suspend it. */
  maxSuspensions: number;
  result?: string;
  game?: GameState;
  url: string;
}

/** MaxPostponeRequests is the server's schedule.MaxPostponeRequests. */
export const MaxPostponeRequests = 2;

/** statusCreated is the status of a game that has not started (package game). */
export const statusCreated = 'created';
