// error.ts is the page a browser is shown for an address with no page
// (404) or a request the server could not answer (500): the site's header,
// what happened in the reader's language, and the way back home. The
// server sends the same words in the shell, so they show without the
// bundle too (server/pages.go).
import { page } from '../lib/layout';
import { mount, h } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  const missing = boot().params.status === '404';
  const heading = missing ? t('ui.error.not_found.heading') : t('ui.error.failed.heading');
  const text = missing ? t('ui.error.not_found.text') : t('ui.error.failed.text');
  mount(root, (redraw) =>
    page(redraw, [
      h('section.error-page', [
        h('h1', heading),
        h('p', text),
        h('p', [h('a', { attrs: { href: '/' } }, t('ui.error.home'))]),
      ]),
    ]),
  );
}
