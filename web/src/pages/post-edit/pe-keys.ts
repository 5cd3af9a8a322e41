/**
 * The editor's keyboard, as Matecat has it (its "Shortcuts" help): what a key press means, as a
 * pure function of the event, so the screen and its tests agree. Ctrl and Cmd are the same key
 * (a Mac's Ctrl+Up is taken by the system). Ctrl+Z is ours only outside a text field: inside one
 * the browser's own undo of the typing is what the user expects.
 */
export type PeKeyAction =
  | { kind: 'confirm' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'copySource' }
  | { kind: 'insertMatch'; n: 1 | 2 | 3 }
  | { kind: 'concordance' }
  | { kind: 'undo' };

export type PeKeyEvent = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Alt+K on a Mac types "˚": `code` still names the key. */
  code?: string;
  /** Whether the event comes from an input, a textarea or an editable element. */
  inTextField: boolean;
};

export function peKeyAction(e: PeKeyEvent): PeKeyAction | null {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey && !mod && (e.code === 'KeyK' || e.key.toLowerCase() === 'k')) return { kind: 'concordance' };
  if (!mod || e.altKey) return null;
  switch (e.key) {
    case 'Enter':
      return e.shiftKey ? null : { kind: 'confirm' };
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    case 'i':
    case 'I':
      return e.shiftKey ? null : { kind: 'copySource' };
    case '1':
    case '2':
    case '3':
      return e.shiftKey ? null : { kind: 'insertMatch', n: Number(e.key) as 1 | 2 | 3 };
    case 'z':
    case 'Z':
      return e.inTextField || e.shiftKey ? null : { kind: 'undo' };
    default:
      return null;
  }
}

/** The help popover's lines: the keys and the i18n key of what they do. */
export const PE_SHORTCUTS = [
  { keys: 'Ctrl+Enter', what: 'postEdit.keys.confirm' },
  { keys: 'Ctrl+↓ / Ctrl+↑', what: 'postEdit.keys.move' },
  { keys: 'Ctrl+I', what: 'postEdit.keys.copySource' },
  { keys: 'Ctrl+1 / 2 / 3', what: 'postEdit.keys.insertMatch' },
  { keys: 'Alt+K', what: 'postEdit.keys.concordance' },
  { keys: 'Ctrl+Z', what: 'postEdit.keys.undo' },
] as const;

/** Whether a DOM event's target is somewhere the user types. */
export function isTextField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')
  );
}
