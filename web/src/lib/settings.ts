// settings.ts holds the player's settings (docs/GAMES.md, "Settings"): an
// account's come in the page's boot data and are saved with PUT
// /api/account/settings; a guest's (or a visitor's) live in this browser's
// localStorage. apply() puts the board theme and the piece set on the page
// (data-board and data-pieces on <html>, which style/settings.css reads);
// main.ts runs it before any page draws.
import { boot } from './boot';
import { api } from './api';

/** AutoQueen is when a promotion picks the queen without asking. */
export type AutoQueen = 'always' | 'premove' | 'never';
/** Takebacks is in which games the player grants takebacks. */
export type Takebacks = 'never' | 'casual' | 'always';

/** Settings mirror account.Settings (docs/openapi.yaml). */
export interface Settings {
  board: string;
  pieces: string;
  autoQueen: AutoQueen;
  confirmMove: boolean;
  confirmResign: boolean;
  sound: boolean;
  volume: number;
  zen: boolean;
  takebacks: Takebacks;
  /** lang is "es", "en", or "" for the browser's choice. */
  lang: string;
}

/** The choices of each setting that has choices, the default first (as account.Boards ...). */
export const boards = ['brown', 'blue', 'green'] as const;
export const pieceSets = ['cburnett', 'dejavu', 'letter'] as const;
export const autoQueens: AutoQueen[] = ['premove', 'always', 'never'];
export const takebackChoices: Takebacks[] = ['casual', 'never', 'always'];

/** defaults are the settings of someone who never changed any (account.DefaultSettings). */
export const defaults: Settings = {
  board: 'brown',
  pieces: 'cburnett',
  autoQueen: 'premove',
  confirmMove: false,
  confirmResign: true,
  sound: true,
  volume: 70,
  zen: false,
  takebacks: 'casual',
  lang: '',
};

/** storageKey is where a guest's settings live in localStorage. */
export const storageKey = 'joinpal.settings';
/** mutedKey is the older mute switch's key, still read once for a guest with no settings. */
const mutedKey = 'joinpal.muted';

/**
 * clean returns the settings of raw (anything: stored JSON, the boot data)
 * over the defaults: each field of the right kind and among its choices
 * is kept, any other takes its default.
 */
export function clean(raw: unknown): Settings {
  const out: Settings = { ...defaults };
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  const pick = <T>(v: unknown, choices: readonly T[]): T | undefined => (choices.includes(v as T) ? (v as T) : undefined);
  out.board = pick(r.board, boards) ?? out.board;
  out.pieces = pick(r.pieces, pieceSets) ?? out.pieces;
  out.autoQueen = pick(r.autoQueen, autoQueens) ?? out.autoQueen;
  out.takebacks = pick(r.takebacks, takebackChoices) ?? out.takebacks;
  out.lang = pick(r.lang, ['', ...boot().langs]) ?? out.lang;
  for (const k of ['confirmMove', 'confirmResign', 'sound', 'zen'] as const) if (typeof r[k] === 'boolean') out[k] = r[k] as boolean;
  if (typeof r.volume === 'number' && Number.isInteger(r.volume) && r.volume >= 0 && r.volume <= 100) out.volume = r.volume;
  return out;
}

/** isAccount reports whether the page's user keeps settings in the account (not a guest, not nobody). */
export function isAccount(): boolean {
  const me = boot().me;
  return !!me && !me.guest;
}

let current: Settings | undefined;

/** settings returns the settings in force (read once per page). */
export function settings(): Settings {
  if (current) return current;
  if (isAccount()) {
    current = clean((boot() as { settings?: unknown }).settings);
    return current;
  }
  let stored: unknown;
  try {
    const text = localStorage.getItem(storageKey);
    stored = text ? JSON.parse(text) : undefined;
    if (!text && localStorage.getItem(mutedKey) === '1') stored = { sound: false };
  } catch {}
  current = clean(stored);
  return current;
}

/**
 * save keeps next as the settings and applies them at once: in the account
 * (the server's answer stays; a refusal puts the settings back as they
 * were, and is thrown) or in localStorage.
 */
export async function save(next: Settings): Promise<Settings> {
  next = clean(next);
  const before = settings();
  // Shown at once; an account's are then what the server kept.
  current = next;
  apply(next);
  if (isAccount()) {
    try {
      next = clean(await api<Settings>('PUT', '/api/account/settings', next));
    } catch (e) {
      current = before;
      apply(before);
      throw e;
    }
    current = next;
    apply(next);
  } else {
    try {
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {}
  }
  return next;
}

/** change saves the settings in force with the fields of part replaced. */
export function change(part: Partial<Settings>): Promise<Settings> {
  return save({ ...settings(), ...part });
}

/** apply shows s on the page: the board theme and the piece set of every board. */
export function apply(s: Settings = settings(), root: HTMLElement = document.documentElement): void {
  root.dataset.board = s.board;
  root.dataset.pieces = s.pieces;
}

/** reset forgets the settings read (tests). */
export function reset(): void {
  current = undefined;
}
