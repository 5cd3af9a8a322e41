import { describe, expect, it } from 'vitest';
import { peKeyAction, type PeKeyEvent } from './pe-keys';

const key = (k: string, extra: Partial<PeKeyEvent> = {}): PeKeyEvent => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  inTextField: true,
  ...extra,
});

describe('peKeyAction (Matecat keys)', () => {
  it('maps Ctrl and Cmd alike', () => {
    expect(peKeyAction(key('Enter', { ctrlKey: true }))).toEqual({ kind: 'confirm' });
    expect(peKeyAction(key('Enter', { metaKey: true }))).toEqual({ kind: 'confirm' });
    expect(peKeyAction(key('ArrowDown', { ctrlKey: true }))).toEqual({ kind: 'move', by: 1 });
    expect(peKeyAction(key('ArrowUp', { metaKey: true }))).toEqual({ kind: 'move', by: -1 });
    expect(peKeyAction(key('i', { ctrlKey: true }))).toEqual({ kind: 'copySource' });
    expect(peKeyAction(key('2', { ctrlKey: true }))).toEqual({ kind: 'insertMatch', n: 2 });
    expect(peKeyAction(key('3', { ctrlKey: true }))).toEqual({ kind: 'insertMatch', n: 3 });
  });

  it('leaves plain typing, Enter and other chords to the text field', () => {
    for (const k of ['Enter', 'a', 'i', '1', 'ArrowDown']) expect(peKeyAction(key(k))).toBeNull();
    expect(peKeyAction(key('4', { ctrlKey: true }))).toBeNull();
    expect(peKeyAction(key('Enter', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(peKeyAction(key('Enter', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('searches the memories with Alt+K, also where the layout types another letter', () => {
    expect(peKeyAction(key('k', { altKey: true }))).toEqual({ kind: 'concordance' });
    expect(peKeyAction(key('˚', { altKey: true, code: 'KeyK' }))).toEqual({ kind: 'concordance' });
    expect(peKeyAction(key('k', { altKey: true, ctrlKey: true }))).toBeNull();
  });

  it('undoes with Ctrl+Z only outside a text field (inside, the browser undoes the typing)', () => {
    expect(peKeyAction(key('z', { ctrlKey: true, inTextField: false }))).toEqual({ kind: 'undo' });
    expect(peKeyAction(key('z', { ctrlKey: true, inTextField: true }))).toBeNull();
    expect(peKeyAction(key('Z', { ctrlKey: true, shiftKey: true, inTextField: false }))).toBeNull();
  });
});
