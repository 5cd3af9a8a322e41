/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it, else the old
 * hidden-textarea `execCommand('copy')`, which also works over plain http. Rejects on failure.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied or not a secure context: try the fallback below.
    }
  }
  if (typeof document === 'undefined') throw new Error('no clipboard');
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
