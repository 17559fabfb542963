import type { FeedRequest, Strategy } from './api-types.js';
import { byId } from './dom.js';

/** The form's fields, read and written in one place. */
export interface FeedForm {
  readonly token: HTMLInputElement;
  readonly remember: HTMLInputElement;
  readonly url: HTMLInputElement;
  strategy(): Strategy;
  setStrategy(strategy: Strategy): void;
  /** Shows the renderer choice only when this server has a renderer that answers. */
  setRendererAvailable(available: boolean): void;
  /** The request, or undefined after marking the first invalid field and focusing it. */
  read(): { token: string; request: FeedRequest } | undefined;
  showTip(text: string | undefined): void;
  /** Marks the address field with the server's complaint about it (an `InputInvalid` at path `url`). */
  markUrl(message: string): void;
}

function setFieldError(input: HTMLInputElement, message: string | undefined): void {
  const errorId = `${input.id}-error`;
  document.getElementById(errorId)?.remove();
  const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
  if (message === undefined) {
    input.removeAttribute('aria-invalid');
  } else {
    const error = document.createElement('p');
    error.id = errorId;
    error.className = 'field-error';
    error.textContent = message;
    input.insertAdjacentElement('afterend', error);
    input.setAttribute('aria-invalid', 'true');
    describedBy.unshift(errorId);
  }
  input.setAttribute('aria-describedby', describedBy.join(' '));
}

function checkUrl(value: string): string | undefined {
  if (!value) return 'Enter the address of the page, starting with https://';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The address must start with http:// or https://';
  } catch {
    return 'This is not a complete web address. It should look like https://example.com/news/';
  }
  return undefined;
}

export function createFeedForm(): FeedForm {
  const token = byId<HTMLInputElement>('token');
  const remember = byId<HTMLInputElement>('remember');
  const url = byId<HTMLInputElement>('url');
  const renderer = byId<HTMLInputElement>('strategy-renderer');
  const plain = byId<HTMLInputElement>('strategy-plain');
  const tip = byId('url-tip');

  return {
    token,
    remember,
    url,
    strategy: () => (renderer.checked ? 'renderer' : 'plain'),
    setStrategy: (strategy) => {
      renderer.checked = strategy === 'renderer';
      plain.checked = strategy === 'plain';
    },
    setRendererAvailable(available) {
      // No renderer answers on this server: the choice is hidden, and a note says why.
      const choice = renderer.closest('label');
      if (choice) choice.hidden = !available;
      byId('renderer-unavailable').hidden = available;
      if (!available && renderer.checked) {
        renderer.checked = false;
        plain.checked = true;
      }
    },
    read() {
      const tokenValue = token.value.trim();
      const urlValue = url.value.trim();
      const tokenProblem = tokenValue ? undefined : 'Enter the access token the operator of this server gave you.';
      const urlProblem = checkUrl(urlValue);
      setFieldError(token, tokenProblem);
      setFieldError(url, urlProblem);
      if (tokenProblem) token.focus();
      else if (urlProblem) url.focus();
      if (tokenProblem || urlProblem) return undefined;
      return { token: tokenValue, request: { url: urlValue, strategy: renderer.checked ? 'renderer' : 'plain' } };
    },
    markUrl(message) {
      setFieldError(url, message);
    },
    showTip(text) {
      tip.textContent = text ?? '';
      tip.hidden = text === undefined;
    },
  };
}
