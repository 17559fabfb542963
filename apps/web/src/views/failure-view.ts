import { h } from '../dom.js';
import { STEP_LABELS, type Explanation, type NextStep } from '../explain-failure.js';

/** Where "write selectors yourself" leads: the guide bundled with this page. */
export const SELECTORS_GUIDE = '/selectors.html';

/** An error in plain words, the server's hint, and the next steps as buttons. */
export function renderFailure(explanation: Explanation, onStep: (step: NextStep) => void): HTMLElement {
  const steps = explanation.steps.map((step) =>
    step === 'selectors-docs'
      ? h('a', { href: SELECTORS_GUIDE, class: 'button-link' }, STEP_LABELS[step])
      : h('button', { type: 'button', 'data-step': step, onclick: () => onStep(step) }, STEP_LABELS[step]),
  );
  return h(
    'div',
    { class: 'failure', role: 'alert' },
    h('h2', { id: 'result-title' }, explanation.title),
    h('p', {}, explanation.details),
    explanation.hint ? h('p', { class: 'hint' }, h('strong', {}, 'Suggestion: '), explanation.hint) : undefined,
    steps.length > 0 ? h('div', { class: 'actions' }, ...steps) : undefined,
    h('p', { class: 'reference muted' }, 'Reference: ', h('code', {}, explanation.reference)),
  );
}
