// time.ts: times as the schedule pages show them — in the browser's own
// zone, counted down on the server's clock (the API sends its "now"; the
// page keeps the difference to its own), and the wall time of a
// datetime-local input.
import { locale, t } from '../lib/i18n';

let skew = 0;

/** setServerNow records the server's now (RFC 3339) to count down by. */
export function setServerNow(now: string): void {
  const n = Date.parse(now);
  if (!Number.isNaN(n)) skew = n - Date.now();
}

/** serverNow is the server's time now, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + skew;
}

/** zone is the browser's IANA time zone. */
export function zone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** when says an instant in the browser's zone, date and time. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString(locale(), { dateStyle: 'full', timeStyle: 'short' });
}

/** whenShort says an instant briefly. */
export function whenShort(iso: string): string {
  return new Date(iso).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** localInput is the datetime-local value (YYYY-MM-DDTHH:MM) of ms in the browser's zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** countdown says the time left until iso: "2 d 03:04:05", "03:04:05", or that it is time. */
export function countdown(iso: string): string {
  const left = Math.floor((Date.parse(iso) - serverNow()) / 1000);
  if (left <= 0) return t('ui.schedule.countdown.now');
  const days = Math.floor(left / 86400);
  const hms = [Math.floor((left % 86400) / 3600), Math.floor((left % 3600) / 60), left % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return days > 0 ? t('ui.schedule.countdown.days', { days, time: hms }) : hms;
}

/** left is the ms until iso on the server's clock. */
export function left(iso: string): number {
  return Date.parse(iso) - serverNow();
}

/** offsetIn is how far the wall clock of tz is ahead of UTC at ms (ms). */
function offsetIn(ms: number, tz: string): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** instantOf is the instant (ms) of the datetime-local text local in the IANA zone tz, or NaN; close enough for a form's hint (the server decides daylight-saving edges). */
export function instantOf(local: string, tz: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return NaN;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  try {
    const first = wall - offsetIn(wall, tz);
    return wall - offsetIn(first, tz);
  } catch {
    return NaN;
  }
}
