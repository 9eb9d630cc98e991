// view.ts is the view layer: snabbdom's h and a patch with the modules the
// pages use (classes, attributes, properties, styles, events). A page keeps
// its state, and redraw() renders it again into the same place.
import { init, classModule, attributesModule, propsModule, styleModule, eventListenersModule, h, VNode } from 'snabbdom';

export { h };
export type { VNode };

/** patch turns the old tree (or an element) into the new tree. */
export const patch = init([classModule, attributesModule, propsModule, styleModule, eventListenersModule]);

/**
 * mount renders view(redraw) into el, and returns redraw, which renders it
 * again at the next frame (several calls in one frame render once).
 */
export function mount(el: Element, view: (redraw: () => void) => VNode): () => void {
  let vnode: VNode | Element = el;
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(render);
  };
  const render = () => {
    pending = false;
    vnode = patch(vnode, view(redraw));
  };
  render();
  return redraw;
}

/** mountNow is mount whose redraw renders at once (for events that must show within the frame). */
export function mountNow(el: Element, view: (redraw: () => void) => VNode): () => void {
  let vnode: VNode | Element = el;
  const render = () => {
    vnode = patch(vnode, view(render));
  };
  render();
  return render;
}
