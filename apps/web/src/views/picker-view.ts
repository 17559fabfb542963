import type { ApiFailure, CaptureSelectors, FeedRequest, SnapshotResponse } from '../api-types.js';
import { copyButton } from '../copy.js';
import { h } from '../dom.js';
import { buildFeedsYml } from '../feeds-yml.js';
import { PART_NAMES } from '../picker/part-selector.js';
import { partsConfig, previewPicked } from '../picker/picked-feed.js';
import { browserDom } from '../picker/picker-dom.js';
import { createPickerFrame } from '../picker/picker-frame.js';
import { attachPointer } from '../picker/picker-pointer.js';
import { PickerSession, stepLabel, type Step } from '../picker/picker-session.js';
import '../picker/picker.css';
import { renderItems } from './items-view.js';

export interface PickerHandlers {
  /** Create the feed from the picked selectors; resolves with the failure when it failed (the picker stays). */
  create(request: FeedRequest, capture: CaptureSelectors): Promise<ApiFailure | undefined>;
  close(): void;
}

const PREVIEW_LIMIT = 10;

/** "Pick items on the page": the snapshot, the steps, the live preview and the result. */
export function renderPicker(snapshot: SnapshotResponse, request: FeedRequest, handlers: PickerHandlers): HTMLElement {
  const frame = createPickerFrame(snapshot, `Snapshot of ${snapshot.title || snapshot.final_url}. Focus it, move with the arrow keys, pick with Enter.`);
  const instructions = h('p', { class: 'picker-instructions', role: 'status', 'aria-live': 'polite' });
  const cursor = h('p', { class: 'picker-cursor muted', 'aria-live': 'polite' });
  const count = h('span', { class: 'picker-count' });
  const warning = h('p', { class: 'picker-warning', role: 'alert', hidden: true });
  const preview = h('div', { class: 'picker-preview', 'aria-live': 'off' });
  const snippet = h('code', {});
  const copyStatus = h('p', { class: 'offscreen', role: 'status' });
  const createError = h('div', { class: 'picker-error', role: 'alert', hidden: true });
  const createButton = h('button', { type: 'button', class: 'primary picker-create', disabled: true }, 'Create feed with these selectors');
  const stepButtons = new Map<Step, HTMLButtonElement>();
  const widenButton = h('button', { type: 'button', disabled: true, 'aria-label': 'Widen: use the enclosing element as the item' }, 'Widen');
  const narrowButton = h('button', { type: 'button', disabled: true, 'aria-label': 'Narrow: use the element inside as the item' }, 'Narrow');
  const clearButton = h('button', { type: 'button', hidden: true }, 'Remove this part');
  const resetButton = h('button', { type: 'button', disabled: true, 'aria-label': 'Start over: choose another list' }, 'Start over');
  let session: PickerSession | undefined;

  for (const step of ['items', ...PART_NAMES] as Step[]) {
    const button = h('button', { type: 'button', class: 'picker-step', 'data-step': step, 'aria-pressed': 'false', disabled: true }, stepLabel(step));
    button.addEventListener('click', () => session?.setStep(step));
    stepButtons.set(step, button);
  }
  widenButton.addEventListener('click', () => session?.widen());
  narrowButton.addEventListener('click', () => session?.narrow());
  resetButton.addEventListener('click', () => session?.reset());
  clearButton.addEventListener('click', () => session && session.step !== 'items' && session.clearPart(session.step));

  const capture = (): CaptureSelectors | undefined => {
    const feed = session?.feed();
    return feed ? { items: feed.items, parts: partsConfig(feed) } : undefined;
  };
  createButton.addEventListener('click', () => {
    const picked = capture();
    if (!picked) return;
    createError.hidden = true;
    createButton.disabled = true;
    void handlers.create({ url: request.url, strategy: request.strategy, items: { selector: picked.items }, selectors: picked.parts }, picked).then((failure) => {
      if (!failure) return;
      update();
      // The picked selectors stay: the error is shown here, not instead of the picker.
      createError.replaceChildren(h('strong', {}, 'The feed could not be created: '), failure.message, failure.hint ? h('span', { class: 'hint' }, ` Suggestion: ${failure.hint}`) : '');
      createError.hidden = false;
    });
  });

  function update(): void {
    if (!session) return;
    const set = session.itemSet;
    instructions.textContent = session.message;
    for (const [step, button] of stepButtons) {
      button.disabled = step !== 'items' && !set;
      button.setAttribute('aria-pressed', String(session.step === step));
      const done = step === 'items' ? set !== undefined : session.parts[step] !== undefined;
      button.classList.toggle('done', done);
      button.setAttribute('aria-label', `${stepLabel(step)}${done ? ' (picked)' : ''}`);
    }
    widenButton.disabled = narrowButton.disabled = resetButton.disabled = !set;
    clearButton.hidden = session.step === 'items' || session.parts[session.step] === undefined;
    count.textContent = set ? `${set.matches.length} ${set.matches.length === 1 ? 'item' : 'items'} · ${set.selector}` : 'No items picked yet';
    const fragile = [set?.fragile ? `the items (${set.selector})` : '', ...Object.entries(session.parts).filter(([, part]) => part.fragile).map(([name, part]) => `${stepLabel(name as Step).toLowerCase()} (${part.selector ?? ''})`)].filter(Boolean);
    warning.hidden = fragile.length === 0;
    warning.textContent = fragile.length ? `Fragile selector for ${fragile.join(', ')}: it depends on positions or generated class names and may break when the site changes. Try Widen or Narrow, or pick another element.` : '';
    const feed = session.feed();
    const picked = capture();
    createButton.disabled = !feed || !session.parts.title || (set?.matches.length ?? 0) === 0;
    if (feed && picked) {
      let items = previewPicked(browserDom, session.root, feed, snapshot.final_url);
      // Pictures stay unloaded here as in the frame when the operator keeps SNAPSHOT_IMAGES off.
      if (snapshot.images === 'off') items = items.map(({ image: _image, ...rest }) => rest);
      preview.replaceChildren(h('p', { class: 'muted' }, `Preview from the snapshot: ${items.length} items${items.length > PREVIEW_LIMIT ? `, the first ${PREVIEW_LIMIT} shown` : ''}.`), renderItems(items.slice(0, PREVIEW_LIMIT)));
      snippet.textContent = buildFeedsYml({ url: request.url, strategy: request.strategy, ...(snapshot.title ? { title: snapshot.title } : {}), capture: picked });
    } else {
      preview.replaceChildren(h('p', { class: 'muted' }, 'The items appear here as soon as you pick them.'));
      snippet.textContent = '';
    }
  }

  const autoNote = snapshot.auto_failure
    ? h('p', { class: 'tip' }, `Automatic extraction found no list here (${snapshot.auto_failure.message}). Pick one by hand.`)
    : h('p', { class: 'muted' }, `${snapshot.candidates.length} lists found by automatic extraction help the first click.`);
  const removed = Object.entries(snapshot.removed).map(([kind, number]) => `${number} ${kind}`).join(', ');
  const element = h(
    'section',
    { class: 'picker', 'aria-labelledby': 'picker-title' },
    h('div', { class: 'picker-head' }, h('h2', { id: 'result-title' }, h('span', { id: 'picker-title' }, 'Pick items on the page')), h('button', { type: 'button', onclick: () => handlers.close() }, 'Close')),
    h('p', { class: 'muted picker-source' }, `A safe copy of ${snapshot.final_url}: nothing of the page runs${snapshot.images === 'off' ? ' and no pictures load' : ''}${removed ? ` (removed: ${removed})` : ''}.`),
    autoNote,
    h('div', { class: 'picker-steps', role: 'toolbar', 'aria-label': 'What to pick' }, ...stepButtons.values()),
    instructions,
    h('div', { class: 'picker-tools' }, count, widenButton, narrowButton, resetButton, clearButton),
    warning,
    frame.element,
    cursor,
    h('h3', {}, 'Items'),
    preview,
    h('h3', {}, 'Selectors (feeds.yml)'),
    h('pre', { class: 'snippet picker-snippet' }, snippet),
    createError,
    h('div', { class: 'actions' }, createButton, copyButton('Copy feeds.yml', 'Copy the feeds.yml entry', () => snippet.textContent ?? '', copyStatus)),
    copyStatus,
  );

  void frame.ready.then((frameDocument) => {
    session = new PickerSession(frameDocument, snapshot, update);
    attachPointer(frameDocument, (target) => session?.pick(target), (description) => (cursor.textContent = description));
    frame.fit();
    update();
    element.dataset['ready'] = 'true';
  });
  window.addEventListener('resize', () => frame.fit());
  queueMicrotask(() => frame.fit());
  return element;
}
