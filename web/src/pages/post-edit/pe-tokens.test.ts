import { describe, expect, it } from 'vitest';
import { breaksToken, editRegion, tokenSpans } from './pe-tokens';

const T = 'Press <b>Save</b> for {0} files';

describe('protected tokens in the target editor', () => {
  it('finds the tokens proto protects', () => {
    expect(tokenSpans(T).map((s) => T.slice(s.start, s.end))).toEqual(['<b>', '</b>', '{0}']);
  });

  it('locates an edit by the caret, not by guessing', () => {
    // "aa" -> "a" with the caret at 0: the first "a" went.
    expect(editRegion('aa', 'a', 0)).toEqual({ start: 0, end: 1 });
    expect(editRegion('aa', 'a', 1)).toEqual({ start: 1, end: 2 });
    expect(editRegion('abc', 'aXc', 2)).toEqual({ start: 1, end: 2 });
  });

  it('allows typing outside tokens and next to them', () => {
    expect(breaksToken(T, T.replace('Press', 'Click'), 5)).toBe(false);
    // Right before and right after a token is outside it.
    expect(breaksToken(T, 'Press x<b>Save</b> for {0} files', 7)).toBe(false);
    expect(breaksToken(T, 'Press <b>xSave</b> for {0} files', 10)).toBe(false);
  });

  it('refuses typing inside a token', () => {
    expect(breaksToken(T, 'Press <bx>Save</b> for {0} files', 9)).toBe(true);
    expect(breaksToken(T, 'Press <b>Save</b> for {01} files', 24)).toBe(true);
  });

  it('refuses deleting part of a token, allows deleting it whole', () => {
    // Backspace after "<b>": the ">" went.
    expect(breaksToken(T, 'Press <bSave</b> for {0} files', 8)).toBe(true);
    // A selection from inside a token to plain text.
    expect(breaksToken(T, 'Press <b for {0} files', 8)).toBe(true);
    expect(breaksToken(T, 'Press Save</b> for {0} files', 6)).toBe(false);
    expect(breaksToken(T, 'Press <b>Save</b> for  files', 22)).toBe(false);
    // Replacing a selection that holds whole tokens is deleting them whole.
    expect(breaksToken(T, 'Press X for {0} files', 7)).toBe(false);
  });

  it('allows replacing the whole text (copy source, insert a match)', () => {
    expect(breaksToken(T, 'Something else', 14)).toBe(false);
    expect(breaksToken(T, '', 0)).toBe(false);
  });
});
