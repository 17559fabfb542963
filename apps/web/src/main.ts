import './styles.css';
import { createApiClient } from './api.js';
import type { ApiFailure, CaptureSelectors, CreateResponse, FeedRequest, PreviewResponse, Strategy } from './api-types.js';
import { byId, h } from './dom.js';
import { explainFailure, type NextStep } from './explain-failure.js';
import { buildFeedsYml } from './feeds-yml.js';
import { createFeedForm } from './form.js';
import { pickButton, type PickerHost } from './picker/open-picker.js';
import { createTokenStore } from './token-store.js';
import { createMyFeedsStore } from './my-feeds.js';
import { renderMyFeeds } from './views/my-feeds-view.js';
import { renderCreated } from './views/created-view.js';
import { renderFailure } from './views/failure-view.js';
import { renderFeedList } from './views/feeds-list.js';
import { renderPreview } from './views/preview-view.js';

type Action = 'preview' | 'create';

const api = createApiClient();
const tokens = createTokenStore(globalThis.localStorage);
const myFeeds = createMyFeedsStore(globalThis.localStorage);
const form = createFeedForm();
const result = byId('result');
const status = byId('status');
const buttons = [byId<HTMLButtonElement>('preview-button'), byId<HTMLButtonElement>('create-button')];

/** Capture selectors of the last successful preview, reused for the feeds.yml snippet. */
let lastPreview: { request: FeedRequest; capture?: CaptureSelectors } | undefined;
let lastAction: Action = 'preview';
/** Whether this server's renderer answers (`strategies` of GET /api/v1); assumed until known. */
let rendererAvailable = true;

/** Shows a result; `summary` is the short line the live status announces (failures announce themselves). */
function show(content: HTMLElement, summary: string): void {
  result.replaceChildren(content);
  status.replaceChildren(summary);
}

function setBusy(busy: boolean, message?: string): void {
  result.setAttribute('aria-busy', String(busy));
  for (const button of buttons) button.disabled = busy;
  if (busy && message) {
    result.replaceChildren();
    status.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), message);
  }
}

function showFailure(failure: ApiFailure, strategy: Strategy): void {
  if (failure.path === 'url') form.markUrl(failure.message);
  const view = renderFailure(explainFailure(failure, strategy, rendererAvailable), handleStep);
  // Automatic extraction found no list: picking the items by hand is the way on.
  if (failure.code === 'NoScrapersFound') {
    const actions = view.querySelector('.actions');
    if (actions) actions.prepend(pickButton(pickerHost));
    else view.append(h('div', { class: 'actions' }, pickButton(pickerHost)));
  }
  show(view, '');
}

const pickerHost: PickerHost = {
  api,
  readInput: () => form.read(),
  setBusy,
  show,
  showFailure: (failure, request) => showFailure(failure, request.strategy),
  showCreated: (created, snippet) => show(renderCreated(created, snippet, true), 'Feed created: copy one of its addresses below.'),
  restore: () => status.replaceChildren(),
};

function count(items: readonly unknown[]): string {
  return `${items.length} ${items.length === 1 ? 'item' : 'items'}`;
}

function captureFor(request: FeedRequest): CaptureSelectors | undefined {
  const sameRequest = lastPreview?.request.url === request.url && lastPreview.request.strategy === request.strategy;
  return sameRequest ? lastPreview?.capture : undefined;
}

function snippetFor(created: CreateResponse, capture: CaptureSelectors | undefined): string {
  return buildFeedsYml({
    url: created.feed.url,
    strategy: created.feed.strategy,
    ...(created.feed.title ? { title: created.feed.title } : {}),
    ...(capture ? { capture } : {}),
  });
}

function handleStep(step: NextStep): void {
  switch (step) {
    case 'retry-renderer':
      form.setStrategy('renderer');
      void run(lastAction);
      return;
    case 'retry':
      void run(lastAction);
      return;
    case 'listing-url':
      form.showTip(listingTip(form.url.value));
      form.url.focus();
      form.url.select();
      return;
    case 'fix-token':
      form.token.focus();
      form.token.select();
      return;
    case 'fix-url':
    case 'selectors-docs':
      form.url.focus();
      return;
  }
}

function listingTip(current: string): string {
  let origin = 'https://example.com';
  try {
    origin = new URL(current).origin;
  } catch {
    // Keep the example origin.
  }
  return `Look on the site for a page that lists many entries: its news, blog, category, archive or changelog page, such as ${origin}/news/ or ${origin}/blog/. Paste that address here.`;
}

async function run(action: Action): Promise<void> {
  const input = form.read();
  if (!input) return;
  lastAction = action;
  tokens.save(input.token, form.remember.checked);
  const wait = input.request.strategy === 'renderer' ? ' With the renderer this can take a while.' : '';
  setBusy(true, `${action === 'preview' ? 'Reading the page' : 'Creating your feed'}…${wait}`);
  try {
    if (action === 'preview') {
      const answer = await api.preview(input.token, input.request);
      if (answer.ok) {
        const preview: PreviewResponse = answer.data;
        const capture = preview.capture;
        lastPreview = { request: input.request, ...(capture ? { capture } : {}) };
        form.showTip(undefined);
        const token = input.token;
        const strategy = input.request.strategy;
        const view = renderPreview(preview, (url) => api.article(token, { url, strategy }));
        view.querySelector('.summary')?.after(h('p', { class: 'pick-offer' }, 'Not the items you want? ', pickButton(pickerHost)));
        show(view, `Preview ready: ${count(preview.items)}.`);
      } else {
        showFailure(answer.failure, input.request.strategy);
      }
    } else {
      const answer = await api.create(input.token, input.request);
      if (answer.ok) {
        form.showTip(undefined);
        const capture = captureFor(input.request);
        showMyFeeds(myFeeds.add(answer.data.feed));
        show(renderCreated(answer.data, snippetFor(answer.data, capture), capture !== undefined), 'Feed created: copy one of its addresses below.');
      } else {
        showFailure(answer.failure, input.request.strategy);
      }
    }
  } finally {
    setBusy(false);
  }
}

async function loadInstance(): Promise<void> {
  const info = await api.info();
  const footer = byId('instance-info');
  if (!info.ok) {
    footer.textContent = `Could not read this server's details: ${info.failure.message}`;
    return;
  }
  footer.textContent = [`pagefeed ${info.data.version ?? ''}`.trim(), info.data.formats?.length ? `formats: ${info.data.formats.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ');
  rendererAvailable = info.data.strategies?.includes('renderer') ?? false;
  form.setRendererAvailable(rendererAvailable);
  const enabled = info.data.feed_creation !== false;
  byId('disabled-notice').hidden = enabled;
  byId('create-section').hidden = !enabled;
  if (!enabled) {
    result.replaceChildren();
    status.replaceChildren();
  }
  document.body.dataset['creation'] = enabled ? 'enabled' : 'disabled';
}

function showMyFeeds(feeds = myFeeds.list()): void {
  byId('my-feeds-list').replaceChildren(renderMyFeeds(feeds, (id) => showMyFeeds(myFeeds.remove(id))));
}

async function loadFeeds(): Promise<void> {
  const list = byId('predefined-list');
  const feeds = await api.feeds();
  list.replaceChildren(
    feeds.ok ? renderFeedList(feeds.data) : h('p', { class: 'muted' }, `The list of feeds could not be loaded: ${feeds.failure.message}`),
  );
}

function start(): void {
  const saved = tokens.load();
  if (saved) {
    form.token.value = saved;
    form.remember.checked = true;
  }
  form.remember.addEventListener('change', () => tokens.save(form.token.value.trim(), form.remember.checked));
  form.token.addEventListener('change', () => tokens.save(form.token.value.trim(), form.remember.checked));
  byId<HTMLFormElement>('feed-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void run('preview');
  });
  byId('create-button').addEventListener('click', () => void run('create'));
  showMyFeeds();
  void Promise.all([loadInstance(), loadFeeds()]).finally(() => (document.body.dataset['ready'] = 'true'));
}

start();
