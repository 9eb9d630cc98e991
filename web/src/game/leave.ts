// leave.ts guards the page of a running game that the viewer plays:
// leaving counts as resigning (docs/PROTOCOL.md, "Presence"). Closing the
// tab or typing another address gets the browser's own question
// (beforeunload); the site's own links get the page's question first. Once
// the player confirmed, pagehide sends the leave as a beacon, which the
// server takes as a resignation (an abort before both sides moved).
// A correspondence game (days per move) is not guarded: its players come
// and go, and leaving its page is not leaving the game.
import type { GameCtrl } from './ctrl';

/** guarded reports whether leaving ctrl's page now would leave the game. */
function guarded(ctrl: GameCtrl): boolean {
  return ctrl.playing && !ctrl.game.state.clock?.days;
}

/** guardLeaving installs the page's listeners for ctrl; it returns a function that removes them. */
export function guardLeaving(ctrl: GameCtrl): () => void {
  const onClick = (e: MouseEvent) => {
    if (!guarded(ctrl) || ctrl.leaving || e.defaultPrevented || e.button !== 0) return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || a.hasAttribute('download') || (a.target && a.target !== '_self')) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
    e.preventDefault();
    ctrl.askLeave(url.pathname + url.search + url.hash);
  };
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (!guarded(ctrl) || ctrl.leaving) return;
    e.preventDefault();
    e.returnValue = '';
  };
  const onPageHide = () => {
    if (!ctrl.leaving) return;
    navigator.sendBeacon(`/api/game/${encodeURIComponent(ctrl.id)}/leave`);
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('beforeunload', onBeforeUnload);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('pagehide', onPageHide);
  };
}
