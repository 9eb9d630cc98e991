// layout.ts is what every page has around its content: the site's header
// with the way home, the rules, the player's links, the language switch and
// the mute switch, and a live region that screen readers announce.
import { boot } from './boot';
import { t } from './i18n';
import { h, VNode } from './view';
import { isMuted, setMuted } from './sound';
import { api } from './api';
import { scheduleNavLink } from './notify';
import { turnsNavLink } from './turns';

/** switchLang makes lang the page's language: remembered in a cookie (and in the account when signed in), then the page reloads in it. */
export async function switchLang(lang: string): Promise<void> {
  document.cookie = `joinpal_lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (boot().me) {
    try {
      await api('PUT', '/api/account/lang', { lang });
    } catch {}
  }
  location.reload();
}

/** header is the site's header. */
export function header(redraw: () => void): VNode {
  const b = boot();
  const me = b.me;
  const other = b.langs.find((l) => l !== b.lang) ?? 'en';
  const muted = isMuted();
  return h('header.site', [
    h('a.brand', { attrs: { href: '/' } }, t('ui.app.name')),
    h('nav.site-nav', { attrs: { 'aria-label': t('ui.nav.label') } }, [
      h('a', { attrs: { href: '/' } }, t('ui.nav.play')),
      h('a', { attrs: { href: '/rules' } }, t('ui.nav.rules')),
      h('a#nav-tv', { attrs: { href: '/tv' } }, t('ui.nav.tv')),
      me ? turnsNavLink(redraw) : null,
      h('a#nav-settings', { attrs: { href: '/settings' } }, t('ui.nav.settings')),
      h('a#nav-clubs', { attrs: { href: '/clubs' } }, t('ui.nav.clubs')),
      h('a#nav-tournaments', { attrs: { href: '/tournaments' } }, t('ui.nav.tournaments')),
      ...(me && !me.guest
        ? [
            scheduleNavLink(),
            h('a#nav-profile', { attrs: { href: '/@/' + encodeURIComponent(me.username ?? me.displayName) } }, me.displayName),
            h('button#nav-logout.link', { on: { click: logOut } }, t('ui.nav.logout')),
          ]
        : [
            h('a#nav-login', { attrs: { href: '/login' } }, t('ui.nav.login')),
            h('a#nav-signup', { attrs: { href: '/signup' } }, t('ui.nav.signup')),
          ]),
    ]),
    h('div.site-tools', [
      h(
        'button#sound-toggle.tool',
        {
          attrs: { 'aria-pressed': String(muted), title: t(muted ? 'ui.sound.off' : 'ui.sound.on') },
          on: {
            click: () => {
              setMuted(!isMuted());
              redraw();
            },
          },
        },
        t(muted ? 'ui.sound.off' : 'ui.sound.on'),
      ),
      h(
        'button#lang-switch.tool',
        // The visible name stays the accessible name (WCAG 2.5.3; axe's
        // label-content-name-mismatch); what it does is its description.
        { attrs: { lang: other, title: t('ui.lang.switch') }, on: { click: () => void switchLang(other) } },
        t('ui.lang.name.' + other),
      ),
    ]),
  ]);
}

async function logOut(): Promise<void> {
  try {
    await api('POST', '/api/account/logout', {});
  } catch {}
  location.href = '/';
}

/** page is a whole page: the header, then main with the content, then the live region; classes are switched on and off without drawing the page anew. */
export function page(redraw: () => void, content: VNode[], cls = '', classes: Record<string, boolean> = {}): VNode {
  return h('div#app' + (cls ? '.' + cls : ''), { class: classes }, [
    h('a.skip', { attrs: { href: '#main' } }, t('ui.nav.skip')),
    header(redraw),
    h('main#main', { attrs: { tabindex: '-1' } }, content),
    h('div#announcer.sr-only', { attrs: { 'aria-live': 'polite', role: 'status' } }),
  ]);
}

/** announce tells screen readers text, through the page's live region. */
export function announce(text: string): void {
  const el = document.getElementById('announcer');
  if (!el) return;
  el.textContent = '';
  window.setTimeout(() => (el.textContent = text), 30);
}
