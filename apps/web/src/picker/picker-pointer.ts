/**
 * Mouse and keyboard inside the frame: hover outlines the element under the pointer, a click picks
 * it (the page's own link, form and button behaviour is cancelled); the arrow keys move a cursor
 * through the tree (up: parent, down: first child, left/right: siblings) and Enter or Space picks.
 * Every cursor move is described in words for screen readers.
 */
export function attachPointer(frameDocument: Document, pick: (target: Element) => void, describe: (text: string) => void): void {
  let hovered: Element | undefined;
  let cursor: Element | undefined;
  const body = frameDocument.body ?? frameDocument.documentElement;

  const setHover = (element: Element | undefined) => {
    hovered?.removeAttribute('data-pf-hover');
    hovered = element;
    hovered?.setAttribute('data-pf-hover', '');
  };
  const moveCursor = (element: Element | undefined | null) => {
    if (!element || element === frameDocument.documentElement) return;
    cursor?.removeAttribute('data-pf-cursor');
    cursor = element;
    cursor.setAttribute('data-pf-cursor', '');
    cursor.scrollIntoView({ block: 'nearest' });
    describe(`Selected: ${describeElement(cursor)}. Enter picks it; arrow up for the enclosing element, down for the first inside.`);
  };

  frameDocument.addEventListener('mouseover', (event) => setHover(elementOf(event.target)));
  frameDocument.addEventListener('mouseleave', () => setHover(undefined));
  for (const type of ['submit', 'auxclick', 'dblclick', 'dragstart']) frameDocument.addEventListener(type, (event) => event.preventDefault(), true);
  frameDocument.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    const target = elementOf(event.target);
    if (target && target !== frameDocument.documentElement) pick(target);
  }, true);
  frameDocument.addEventListener('keydown', (event) => {
    const moves: Record<string, () => Element | null | undefined> = {
      ArrowUp: () => (cursor && cursor !== body ? cursor.parentElement : body),
      ArrowDown: () => (cursor ? cursor.firstElementChild : firstVisible(body)),
      ArrowLeft: () => cursor?.previousElementSibling,
      ArrowRight: () => cursor?.nextElementSibling,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveCursor(move() ?? cursor ?? body.firstElementChild);
    } else if ((event.key === 'Enter' || event.key === ' ') && cursor) {
      event.preventDefault();
      pick(cursor);
    }
  });
  // No cursor on focus: a mouse click focuses the frame too, and moving the cursor (with its
  // scrolling) between the press and the release would change what the click lands on.
}

function elementOf(target: EventTarget | null): Element | undefined {
  if (!target || typeof (target as Node).nodeType !== 'number') return undefined;
  const node = target as Node;
  return node.nodeType === 1 ? (node as Element) : (node.parentElement ?? undefined);
}

function firstVisible(body: Element): Element | null {
  return [...body.querySelectorAll('h1, h2, h3, a, li, article, p')].find((element) => (element.textContent ?? '').trim() !== '') ?? body.firstElementChild;
}

function describeElement(element: Element): string {
  const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return `${element.localName}${classes} “${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`;
}
