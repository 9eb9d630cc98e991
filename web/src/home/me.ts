// me.ts: who this browser is. A visitor who is nobody yet becomes a guest
// on the first request that plays (the server makes it); refreshMe asks the
// server who we are now and keeps it in the boot data.
import { boot, Me } from '../lib/boot';
import { get } from '../lib/api';

/** me is who the browser is, or null for nobody yet. */
export function me(): Me | null {
  return boot().me;
}

/** isAccount reports whether the browser is signed in to an account (not a guest). */
export function isAccount(): boolean {
  const m = boot().me;
  return !!m && !m.guest;
}

/** refreshMe asks the server who the browser is and records it; it reports whether that changed. */
export async function refreshMe(): Promise<boolean> {
  const before = boot().me?.id;
  try {
    const u = await get<Me>('/api/account/me');
    boot().me = { id: u.id, username: u.username, displayName: u.displayName, guest: u.guest, lang: u.lang };
  } catch {
    return false;
  }
  return boot().me?.id !== before;
}
