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
