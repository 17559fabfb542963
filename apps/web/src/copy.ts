/** Copies text; falls back to a selected textarea where the Clipboard API is unavailable. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** A button that copies `text()` and says so, both on the button and to screen readers. */
export function copyButton(label: string, accessibleName: string, text: () => string, status: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = label;
  button.setAttribute('aria-label', accessibleName);
  button.addEventListener('click', async () => {
    const copied = await copyText(text());
    button.textContent = copied ? 'Copied' : 'Select and copy';
    status.textContent = copied ? `${accessibleName}: copied.` : 'Copying failed: select the text and copy it yourself.';
    window.setTimeout(() => (button.textContent = label), 2000);
  });
  return button;
}
