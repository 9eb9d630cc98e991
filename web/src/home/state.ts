// state.ts is what the home page knows: the lobby's preset clocks and the
// AI's levels, the custom game form, our seeks and challenge link, the
// challenges made to us, the games being played now, and each section's
// last error.
import type { Clock } from '../lib/timecontrol';
import type { Challenge, Preset, AILevel, GameSummary } from './types';
import type { AIState } from './ai';

/** Color is the colour asked for in a seek or a challenge. */
export type Color = 'white' | 'black' | 'random';

/** Form is the custom game form. */
export interface Form {
  mode: 'game' | 'move' | 'days';
  minutes: number;
  increment: number;
  seconds: number;
  /** days is the days per move of a correspondence game. */
  days: number;
  color: Color;
  rated: boolean;
  username: string;
}

/** State is everything the page shows. */
export interface State {
  presets: Preset[];
  levels: AILevel[];
  form: Form;
  ai: AIState;
  /** mine are the ids of the seeks this browser placed and still waits on. */
  mine: Set<string>;
  /** incoming are the challenges made to us, still open. */
  incoming: Challenge[];
  /** link is the last challenge link made here. */
  link?: Challenge;
  copied: boolean;
  /** now are the games being played. */
  now: GameSummary[];
  /** turnNote is the last "your move" notice of a correspondence game, shown until the list is read again. */
  turnNote?: string;
  /** errors by section: quick, form, seeks, link, user, ai, incoming. */
  errors: Record<string, string>;
  busy: boolean;
}

/** initialState is the page before anything is loaded. */
export function initialState(): State {
  return {
    presets: [],
    levels: [],
    form: { mode: 'game', minutes: 5, increment: 3, seconds: 30, days: 3, color: 'random', rated: false, username: '' },
    ai: { level: 2, color: 'random', clock: 'untimed' },
    mine: new Set(),
    incoming: [],
    copied: false,
    now: [],
    errors: {},
    busy: false,
  };
}

/** formClock is the custom form's clock. */
export function formClock(f: Form): Clock {
  if (f.mode === 'days') return { mode: 'days', days: f.days };
  return f.mode === 'game' ? { mode: 'game', minutes: f.minutes, increment: f.increment } : { mode: 'move', seconds: f.seconds };
}
