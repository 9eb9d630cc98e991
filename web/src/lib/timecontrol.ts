// timecontrol.ts reads and writes time controls in the server's compact text
// ("5+3", "move:30s", "move:1m", "days:3", "untimed"; game.ParseTimeControl) and
// says them in the page's language.
import { t } from '../lib/i18n';

/** Clock is a time control taken apart. */
export type Clock =
  | { mode: 'game'; minutes: number; increment: number }
  | { mode: 'move'; seconds: number }
  | { mode: 'days'; days: number }
  | { mode: 'untimed' };

/** correspondenceDays are the days per move a correspondence game may have (package game's CorrespondenceDays). */
export const correspondenceDays = [1, 2, 3, 5, 7, 14];

/** Limits of the clocks the server takes (package game's MinBase … MaxPerMove). */
export const limits = { minMinutes: 1, maxMinutes: 180, maxIncrement: 10, minSeconds: 5, maxSeconds: 3600 };

/** parseClock takes a time control's text apart; null when it is not one. */
export function parseClock(text: string): Clock | null {
  if (text === 'untimed') return { mode: 'untimed' };
  let m = /^(\d+)\+(\d+)$/.exec(text);
  if (m) return { mode: 'game', minutes: Number(m[1]), increment: Number(m[2]) };
  m = /^move:(\d+)([sm])$/.exec(text);
  if (m) return { mode: 'move', seconds: Number(m[1]) * (m[2] === 'm' ? 60 : 1) };
  m = /^days:(\d+)$/.exec(text);
  if (m) return { mode: 'days', days: Number(m[1]) };
  return null;
}

/** clockText writes c as the server reads it. */
export function clockText(c: Clock): string {
  switch (c.mode) {
    case 'untimed':
      return 'untimed';
    case 'game':
      return `${c.minutes}+${c.increment}`;
    case 'move':
      return c.seconds % 60 === 0 ? `move:${c.seconds / 60}m` : `move:${c.seconds}s`;
    case 'days':
      return `days:${c.days}`;
  }
}

/** clockError returns the code of what is wrong with c for a game between people, or '' when it is fine. */
export function clockError(c: Clock): string {
  const whole = (n: number) => Number.isInteger(n);
  switch (c.mode) {
    case 'untimed':
      return '';
    case 'game':
      if (!whole(c.minutes) || c.minutes < limits.minMinutes || c.minutes > limits.maxMinutes) return 'ui.home.form.bad_minutes';
      if (!whole(c.increment) || c.increment < 0 || c.increment > limits.maxIncrement) return 'ui.home.form.bad_increment';
      return '';
    case 'move':
      if (!whole(c.seconds) || c.seconds < limits.minSeconds || c.seconds > limits.maxSeconds) return 'ui.home.form.bad_seconds';
      return '';
    case 'days':
      return correspondenceDays.includes(c.days) ? '' : 'ui.home.form.bad_days';
  }
}

/** sayClock says a time control's text in words ("5+3", "30 s por jugada", "3 días por jugada", "Sin reloj"). */
export function sayClock(text: string): string {
  const c = parseClock(text);
  if (!c) return text;
  switch (c.mode) {
    case 'untimed':
      return t('ui.home.clock.untimed');
    case 'game':
      return t('ui.home.clock.game', { minutes: c.minutes, increment: c.increment });
    case 'move':
      return c.seconds % 60 === 0
        ? t('ui.home.clock.move_minutes', { minutes: c.seconds / 60 })
        : t('ui.home.clock.move_seconds', { seconds: c.seconds });
    case 'days':
      return t('ui.home.clock.days', { days: c.days });
  }
}

/** sayClockShort says a clock in few words, for a button under its mode's heading ("5+3", "30 s", "1 min"). */
export function sayClockShort(text: string): string {
  const c = parseClock(text);
  if (c?.mode === 'days') return t('ui.home.clock.short_days', { days: c.days });
  if (!c || c.mode !== 'move') return sayClock(text);
  return c.seconds % 60 === 0 ? t('ui.home.clock.short_minutes', { minutes: c.seconds / 60 }) : t('ui.home.clock.short_seconds', { seconds: c.seconds });
}
