import type { ApiClient } from '../api.js';
import type { ApiFailure, CaptureSelectors, CreateResponse, FeedRequest } from '../api-types.js';
import { h } from '../dom.js';
import { buildFeedsYml } from '../feeds-yml.js';
import { renderPicker } from '../views/picker-view.js';

/** What the picker needs from the page around it (main.ts). */
export interface PickerHost {
  readonly api: ApiClient;
  /** The token and request of the form, or undefined when the form is invalid (it says why). */
  readInput(): { token: string; request: FeedRequest } | undefined;
  setBusy(busy: boolean, message?: string): void;
  show(content: HTMLElement, summary: string): void;
  showFailure(failure: ApiFailure, request: FeedRequest): void;
  showCreated(created: CreateResponse, snippet: string): void;
  /** Back to where the picker was opened from. */
  restore(): void;
}

/** The "Pick items on the page" button of the preview and of an auto-extraction failure. */
export function pickButton(host: PickerHost): HTMLButtonElement {
  return h('button', { type: 'button', class: 'pick-button', 'data-action': 'pick', onclick: () => void openPicker(host) }, 'Pick items on the page');
}

export async function openPicker(host: PickerHost): Promise<void> {
  const input = host.readInput();
  if (!input) return;
  const previous = [...(document.getElementById('result')?.childNodes ?? [])];
  host.setBusy(true, 'Loading a safe copy of the page…');
  try {
    const answer = await host.api.snapshot(input.token, input.request);
    if (!answer.ok) {
      host.showFailure(answer.failure, input.request);
      return;
    }
    const picker = renderPicker(answer.data, input.request, {
      create: (request, capture) => create(host, input.token, request, capture),
      close: () => {
        document.getElementById('result')?.replaceChildren(...previous);
        host.restore();
      },
    });
    host.show(picker, `Page loaded: ${answer.data.title || answer.data.final_url}. Click one item of the list you want.`);
  } finally {
    host.setBusy(false);
  }
}

async function create(host: PickerHost, token: string, request: FeedRequest, capture: CaptureSelectors): Promise<ApiFailure | undefined> {
  host.setBusy(true);
  try {
    const answer = await host.api.create(token, request);
    if (!answer.ok) return answer.failure;
    const { feed } = answer.data;
    host.showCreated(answer.data, buildFeedsYml({ url: feed.url, strategy: feed.strategy, ...(feed.title ? { title: feed.title } : {}), capture }));
    return undefined;
  } finally {
    host.setBusy(false);
  }
}
