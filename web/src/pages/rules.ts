// rules.ts: the page is being built.
import { page } from '../lib/layout';
import { mount, h } from '../lib/view';
import { t } from '../lib/i18n';

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  mount(root, (redraw) => page(redraw, [h('h1', t('ui.app.name'))]));
}
