// rules.ts is the guide to the rules of chess: /rules is the
// table of contents, /rules/{section} a section with a board beside each
// rule (web/src/rules/exercise.ts). The texts come from package rules'
// data files through /api/rules/guide; every move is judged by the server.
import { boot } from '../lib/boot';
import { ApiError, get, post } from '../lib/api';
import { page } from '../lib/layout';
import { t } from '../lib/i18n';
import { mount, h, VNode } from '../lib/view';
import { Exercise } from '../rules/exercise';
import { blocks, rich } from '../rules/text';
import type { Index, SectionView } from '../rules/types';

/** State is what the page shows. */
interface State {
  index?: Index;
  section?: SectionView;
  exercises: Map<string, Exercise>;
  error?: string;
  aiBusy: boolean;
  aiError?: string;
}

/** start renders the page into root. */
export async function start(root: HTMLElement): Promise<void> {
  const st: State = { exercises: new Map(), aiBusy: false };
  const id = boot().params.section;
  const redraw = mount(root, (redraw) => page(redraw, view(st, redraw), 'rules-page'));
  try {
    st.index = await get<Index>('/api/rules/guide');
    if (id) {
      st.section = await get<SectionView>('/api/rules/guide/' + encodeURIComponent(id));
      document.title = st.section.title + ' · ' + t('ui.title.rules');
      const list = st.section.rules.filter((r) => r.exercise).map((r) => r.exercise!);
      list.forEach((ex, i) => {
        const nextEx = list[i + 1];
        st.exercises.set(ex.id, new Exercise(ex, redraw, () => nextButton(st, nextEx?.id)));
      });
    }
  } catch (e) {
    st.error = e instanceof ApiError ? e.message : String(e);
  }
  redraw();
  await Promise.all([...st.exercises.values()].map((x) => x.load()));
  if (location.hash) requestAnimationFrame(() => document.getElementById(location.hash.slice(1))?.scrollIntoView());
}

/** nextButton offers the next exercise of the section, or the next section. */
function nextButton(st: State, nextID?: string): VNode | null {
  if (nextID) {
    return h('button.primary', { attrs: { type: 'button', 'data-testid': 'next-exercise' }, on: { click: () => st.exercises.get(nextID)?.focus() } }, t('ui.rules.next_exercise'));
  }
  const n = st.section?.next;
  return n ? h('a.button.primary', { attrs: { href: '/rules/' + n.id, 'data-testid': 'next-section' } }, t('ui.rules.next_section', { title: n.title })) : null;
}

/** playAI starts a game against the AI at level Easy (2), untimed, and goes to it. */
async function playAI(st: State, redraw: () => void): Promise<void> {
  st.aiBusy = true;
  st.aiError = undefined;
  redraw();
  try {
    const g = await post<{ id: string }>('/api/challenge/ai', { level: 2, color: 'random', timeControl: 'untimed' });
    location.href = '/game/' + encodeURIComponent(g.id);
  } catch (e) {
    st.aiBusy = false;
    st.aiError = e instanceof ApiError ? e.message : String(e);
    redraw();
  }
}

function action(st: State, redraw: () => void) {
  return (name: string): VNode | null => {
    if (name !== 'play_ai') return null;
    return h('div.rules-action', [
      h('button#rules-play-ai.primary', { attrs: { type: 'button', disabled: st.aiBusy }, on: { click: () => void playAI(st, redraw) } }, t(st.aiBusy ? 'ui.rules.play_ai_busy' : 'ui.rules.play_ai')),
      st.aiError ? h('p.error', { attrs: { role: 'alert' } }, st.aiError) : null,
    ]);
  };
}

function view(st: State, redraw: () => void): VNode[] {
  if (st.error) return [h('h1', t('ui.title.rules')), h('p.error', { attrs: { role: 'alert' } }, st.error)];
  if (!st.index) return [h('p', { attrs: { 'aria-busy': 'true' } }, t('ui.rules.loading'))];
  return st.section ? sectionView(st, st.index, st.section, redraw) : indexView(st.index, redraw, st);
}

function toc(ix: Index, current?: string): VNode {
  return h('nav.rules-toc', { attrs: { 'aria-label': t('ui.rules.contents') } }, [
    h('h2.rules-toc-title', t('ui.rules.contents')),
    h(
      'ol',
      ix.sections.map((s) =>
        h('li', [h('a', { attrs: { href: '/rules/' + s.id, ...(s.id === current ? { 'aria-current': 'page' } : {}) } }, s.title)]),
      ),
    ),
  ]);
}

function indexView(ix: Index, redraw: () => void, st: State): VNode[] {
  return [
    h('div.rules-index', [
      h('article.rules-main', [
        h('h1', ix.title),
        ...blocks(ix.intro, action(st, redraw)),
        h('h2', t('ui.rules.sections')),
        h(
          'ul.rules-cards',
          ix.sections.map((s) => h('li', [h('a', { attrs: { href: '/rules/' + s.id } }, [h('strong', s.title)]), h('p', s.summary)])),
        ),
      ]),
    ]),
  ];
}

function sectionView(st: State, ix: Index, s: SectionView, redraw: () => void): VNode[] {
  return [
    h('div.rules-layout', [
      h('article.rules-main', { attrs: { 'aria-labelledby': 'rules-title' } }, [
        h('p.rules-crumb', [h('a', { attrs: { href: '/rules' } }, ix.title)]),
        h('h1#rules-title', s.title),
        h('p.rules-summary', rich(s.summary)),
        ...s.rules.map((r) =>
          h('section.rule', { attrs: { id: r.id, 'aria-labelledby': 'rule-' + r.id } }, [
            h('div.rule-text', [h('h2', { attrs: { id: 'rule-' + r.id } }, [h('a.rule-anchor', { attrs: { href: '#' + r.id } }, r.title)]), ...blocks(r.body, action(st, redraw))]),
            r.exercise ? st.exercises.get(r.exercise.id)!.view() : null,
          ]),
        ),
        h('nav.rules-pager', { attrs: { 'aria-label': t('ui.rules.pager') } }, [
          s.prev ? h('a#rules-prev', { attrs: { href: '/rules/' + s.prev.id, rel: 'prev' } }, t('ui.rules.prev', { title: s.prev.title })) : h('span'),
          s.next ? h('a#rules-next', { attrs: { href: '/rules/' + s.next.id, rel: 'next' } }, t('ui.rules.next', { title: s.next.title })) : h('span'),
        ]),
      ]),
      toc(ix, s.id),
    ]),
  ];
}
