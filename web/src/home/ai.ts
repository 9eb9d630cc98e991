// ai.ts is the home page's "play the AI" box: the level by name with its
// measured Elo, a colour, a clock (untimed allowed against the AI).
import { t } from '../lib/i18n';
import { h, VNode } from '../lib/view';
import { AILevel, Preset } from './types';
import { sayClock } from '../lib/timecontrol';
import { colorWord } from './words';

/** AIState is what the box's controls hold. */
export interface AIState {
  level: number;
  color: 'white' | 'black' | 'random';
  clock: string;
}

/** aiSection draws the box; play starts the game. */
export function aiSection(s: AIState, levels: AILevel[], presets: Preset[], busy: boolean, redraw: () => void, play: () => void, error: VNode | null): VNode {
  const colors: AIState['color'][] = ['white', 'random', 'black'];
  const clocks = ['untimed', ...presets.map((p) => p.timeControl)];
  return h('section#ai.card', { attrs: { 'aria-labelledby': 'ai-title' } }, [
    h('h2#ai-title', t('ui.home.ai.title')),
    h('form#ai-form', { on: { submit: (e: Event) => (e.preventDefault(), play()) } }, [
      h('label', { attrs: { for: 'ai-level' } }, t('ui.home.ai.level')),
      h(
        'select#ai-level',
        { on: { change: (e: Event) => ((s.level = Number((e.target as HTMLSelectElement).value)), redraw()) } },
        levels.map((l) =>
          h('option', { attrs: { value: String(l.level) }, props: { selected: l.level === s.level } }, t('ui.home.ai.level_option', { name: t(l.name), elo: l.elo })),
        ),
      ),
      h('fieldset.colors', [
        h('legend', t('ui.home.ai.color')),
        ...colors.map((c) =>
          h('label.choice', [
            h('input', {
              attrs: { type: 'radio', name: 'ai-color', value: c, id: 'ai-color-' + c },
              props: { checked: s.color === c },
              on: { change: () => ((s.color = c), redraw()) },
            }),
            ' ',
            colorWord(c),
          ]),
        ),
      ]),
      h('label', { attrs: { for: 'ai-clock' } }, t('ui.home.ai.clock')),
      h(
        'select#ai-clock',
        { on: { change: (e: Event) => ((s.clock = (e.target as HTMLSelectElement).value), redraw()) } },
        clocks.map((c) => h('option', { attrs: { value: c }, props: { selected: c === s.clock } }, sayClock(c))),
      ),
      h('div.actions', [h('button#ai-start.primary', { attrs: { type: 'submit', disabled: busy || levels.length === 0 } }, t('ui.home.ai.play'))]),
      error,
    ]),
  ]);
}
