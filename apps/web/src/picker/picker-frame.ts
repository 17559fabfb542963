import type { SnapshotResponse } from '../api-types.js';

/**
 * The snapshot in a sandboxed frame: `srcdoc`, `sandbox="allow-same-origin"` without
 * `allow-scripts` (nothing of the page runs; this page's script can still reach the frame's
 * document to outline and listen), `allow-forms`/`allow-popups`/navigation not granted. The frame
 * inherits this page's CSP, so the page's styles (handed over as data by the server) are applied
 * through the CSSOM, which `style-src 'self'` permits, and pictures load only when the server sent
 * their `src` (`SNAPSHOT_IMAGES=direct`) — `img-src` allows https there as for the preview.
 */
export interface PickerFrame {
  readonly element: HTMLElement;
  /** Resolves with the frame's document once it is loaded and styled. */
  readonly ready: Promise<Document>;
  /** Layout for the available width (desktop: scaled down to fit; phone: the page's own narrow layout). */
  fit(): void;
}

/** Width the page is laid out at before scaling: a common desktop layout. */
const LAYOUT_WIDTH = 1024;
/** Below this width of the picker, the page is shown at the phone's own width instead of scaled. */
const PHONE_WIDTH = 600;

const PICKER_CSS = `
template, noscript, [data-pf-removed] { display: none !important; }
img[data-pf-src]:not([src]) { background: repeating-linear-gradient(45deg, #e4e7eb 0 8px, #f3f4f6 8px 16px); min-width: 24px; min-height: 24px; }
[data-pf-hover] { outline: 2px dashed #c2410c !important; outline-offset: -2px; cursor: pointer; }
[data-pf-cursor] { outline: 3px solid #c2410c !important; outline-offset: -3px; }
[data-pf-match] { outline: 2px solid #15803d !important; outline-offset: -2px; background-color: rgba(21, 128, 61, 0.06) !important; }
[data-pf-example] { outline: 3px solid #1d4ed8 !important; outline-offset: -3px; }
[data-pf-excluded] { outline: 2px solid #b91c1c !important; opacity: 0.45; }
[data-pf-part] { background-color: rgba(250, 204, 21, 0.45) !important; box-shadow: 0 0 0 2px #a16207 inset; }
* { cursor: default; }
a { pointer-events: auto; }
`;

export function createPickerFrame(snapshot: SnapshotResponse, label: string): PickerFrame {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.setAttribute('title', label);
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.className = 'picker-frame';
  const viewport = document.createElement('div');
  viewport.className = 'picker-viewport';
  viewport.appendChild(frame);

  const ready = new Promise<Document>((resolve) => {
    frame.addEventListener('load', () => {
      const frameDocument = frame.contentDocument;
      const frameWindow = frame.contentWindow as (Window & typeof globalThis) | null;
      if (!frameDocument || !frameWindow) return;
      applyStyles(frameDocument, frameWindow, snapshot.styles);
      resolve(frameDocument);
    }, { once: true });
  });
  frame.srcdoc = snapshot.html;

  function fit(): void {
    const available = viewport.clientWidth || LAYOUT_WIDTH;
    const height = Math.max(320, Math.min(window.innerHeight * 0.7, 900));
    if (available < PHONE_WIDTH || available >= LAYOUT_WIDTH) {
      frame.style.width = `${available}px`;
      frame.style.height = `${height}px`;
      frame.style.transform = '';
      viewport.style.height = `${height}px`;
      return;
    }
    const scale = available / LAYOUT_WIDTH;
    frame.style.width = `${LAYOUT_WIDTH}px`;
    frame.style.height = `${height / scale}px`;
    frame.style.transform = `scale(${scale})`;
    viewport.style.height = `${height}px`;
  }
  return { element: viewport, ready, fit };
}

/** The page's styles and `data-pf-style` attributes, then the picker's outlines, through the CSSOM. */
function applyStyles(frameDocument: Document, frameWindow: Window & typeof globalThis, styles: readonly string[]): void {
  const sheets: CSSStyleSheet[] = [];
  for (const css of styles) {
    const sheet = new frameWindow.CSSStyleSheet();
    try {
      sheet.replaceSync(css);
      sheets.push(sheet);
    } catch {
      // A sheet the browser cannot parse is skipped; the page stays usable without it.
    }
  }
  const picker = new frameWindow.CSSStyleSheet();
  picker.replaceSync(PICKER_CSS);
  frameDocument.adoptedStyleSheets = [...sheets, picker];
  for (const element of frameDocument.querySelectorAll<HTMLElement>('[data-pf-style]')) element.style.cssText = element.getAttribute('data-pf-style') ?? '';
}
