// keys.ts lets the keyboard walk through the game's positions: ← and →
// one move back and forth, Home the start, End the live position. Keys
// typed in a field (the move entry) or inside a dialog are left alone.
import type { GameCtrl } from './ctrl';

/** historyKeys installs the listener for ctrl; it returns a function that removes it. */
export function historyKeys(ctrl: GameCtrl): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !ctrl.game.loaded) return;
    const el = e.target as HTMLElement | null;
    if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.closest('[role=dialog],[role=alertdialog]'))) return;
    const shown = ctrl.shownPly;
    const last = ctrl.game.uci.length;
    const to = e.key === 'ArrowLeft' ? shown - 1 : e.key === 'ArrowRight' ? shown + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? last : undefined;
    if (to === undefined) return;
    e.preventDefault();
    ctrl.show(to);
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
