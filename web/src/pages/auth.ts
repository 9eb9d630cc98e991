// auth.ts is the sign-up page (/signup) and the log-in page (/login); the
// boot data's page says which. The server checks everything (username
// rules, a taken name, bad credentials, rate limits) and its refusal is
// shown as it comes, already in the page's language, beside the field it
// is about, and focused; the page itself checks only that the password was
// typed the same twice. Then the browser goes back where it came from
// (?next=, this site's pages only) or home.
//
// A guest who signs up keeps its user id, and so its games, which become
// the account's (server/account_handlers.go signUp); its guest session is
// deleted and the answer sets a new session cookie.
import { page } from '../lib/layout';
import { mount, h, VNode } from '../lib/view';
import { t } from '../lib/i18n';
import { boot } from '../lib/boot';
import { post, ApiError } from '../lib/api';
import { afterAuth, withNext } from '../account/next';

type Field = 'username' | 'password' | 'password2';

interface State {
  signup: boolean;
  values: Record<Field, string>;
  /** errors are the messages shown beside each field. */
  errors: Partial<Record<Field, string>>;
  /** general is a refusal about no one field (bad credentials, rate limit, network). */
  general: string;
  busy: boolean;
}

/** fieldOf is the field a refusal's code is about, if any. */
function fieldOf(code: string): Field | undefined {
  if (code.startsWith('account.username.')) return 'username';
  if (code.startsWith('account.password.')) return 'password';
  return undefined;
}

/** start renders the page into root. */
export function start(root: HTMLElement): void {
  const b = boot();
  const st: State = {
    signup: b.page === 'signup',
    values: { username: '', password: '', password2: '' },
    errors: {},
    general: '',
    busy: false,
  };
  const redraw = mount(root, (redraw) => page(redraw, view(st, submit), 'account-page'));
  // focusAfterDraw focuses the element id once the redraw asked for just
  // before has drawn it (its frame callback runs first).
  const focusAfterDraw = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  async function submit(e: Event): Promise<void> {
    e.preventDefault();
    if (st.busy) return;
    st.errors = {};
    st.general = '';
    if (st.signup && st.values.password !== st.values.password2) {
      st.errors.password2 = t('ui.account.mismatch');
      redraw();
      focusAfterDraw('password2');
      return;
    }
    st.busy = true;
    redraw();
    try {
      await post(st.signup ? '/api/account/signup' : '/api/account/login', {
        username: st.values.username,
        password: st.values.password,
      });
      location.assign(afterAuth(location.search, location.origin));
      return;
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'ui.error.network', String(err));
      const message = e.code === 'ui.error.network' ? t('ui.error.network') : e.message;
      const field = fieldOf(e.code);
      if (field) st.errors[field] = message;
      else st.general = message;
      st.busy = false;
      redraw();
      focusAfterDraw(field ?? 'auth-error');
    }
  }
}

function view(st: State, submit: (e: Event) => void): VNode[] {
  const me = boot().me;
  const title = t(st.signup ? 'ui.account.signup.title' : 'ui.account.login.title');
  if (me && !me.guest) {
    return [
      h('section.auth.card', [
        h('h1', title),
        h('p#auth-signed-in', t('ui.account.signed_in', { name: me.displayName })),
        h('p.auth-links', [
          h('a', { attrs: { href: '/@/' + encodeURIComponent(me.username ?? me.displayName) } }, t('ui.account.to_profile')),
          h('a', { attrs: { href: '/' } }, t('ui.nav.play')),
        ]),
      ]),
    ];
  }
  const field = (name: Field, label: string, type: string, autocomplete: string): VNode => {
    const error = st.errors[name];
    return h('div.field', [
      h('label', { attrs: { for: name } }, label),
      h('input#' + name, {
        attrs: {
          name,
          type,
          autocomplete,
          autocapitalize: 'none',
          spellcheck: 'false',
          'aria-invalid': error ? 'true' : 'false',
          ...(error ? { 'aria-describedby': name + '-error' } : {}),
        },
        props: { value: st.values[name] },
        on: { input: (e: Event) => (st.values[name] = (e.target as HTMLInputElement).value) },
      }),
      error ? h('p.error.field-error', { attrs: { id: name + '-error' } }, error) : h('span'),
    ]);
  };
  const search = location.search;
  return [
    h('section.auth.card', [
      h('h1', title),
      st.signup && me?.guest ? h('p.auth-guest', t('ui.account.guest_keeps', { name: me.displayName })) : h('span'),
      h(
        'form#auth-form',
        { attrs: { novalidate: true, 'aria-busy': String(st.busy) }, on: { submit } },
        [
          h(
            'p#auth-error.error',
            { attrs: { role: 'alert', tabindex: '-1' }, class: { empty: !st.general } },
            st.general,
          ),
          field('username', t('ui.account.username'), 'text', 'username'),
          field('password', t('ui.account.password'), 'password', st.signup ? 'new-password' : 'current-password'),
          st.signup ? field('password2', t('ui.account.password2'), 'password', 'new-password') : h('span'),
          h(
            'button#auth-submit.primary',
            { attrs: { type: 'submit', disabled: st.busy } },
            t(st.signup ? 'ui.account.signup.submit' : 'ui.account.login.submit'),
          ),
        ],
      ),
      h('p.auth-switch', [
        t(st.signup ? 'ui.account.have_account' : 'ui.account.no_account'),
        ' ',
        h(
          'a#auth-switch',
          { attrs: { href: withNext(st.signup ? '/login' : '/signup', search) } },
          t(st.signup ? 'ui.nav.login' : 'ui.nav.signup'),
        ),
      ]),
    ]),
  ];
}
