import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_CHARS, TEXT_LIMIT, clip, counterState, countChars, isBlank, requestText } from './text-limits';

describe('text limits', () => {
  it("the limit is the spec's 5000 characters", () => {
    expect(TEXT_LIMIT).toBe(5000);
  });

  it('counts characters as people do (code points)', () => {
    expect(countChars('')).toBe(0);
    expect(countChars('三千四百')).toBe(4);
    expect(countChars('twenty one')).toBe(10);
    expect(countChars('a😀b')).toBe(3);
  });

  it('shows "n / 5000", red only past the limit', () => {
    expect(counterState('三千四百')).toEqual({ count: 4, limit: 5000, over: false, label: '4 / 5000' });
    expect(counterState('x'.repeat(5000)).over).toBe(false);
    expect(counterState('x'.repeat(5001))).toMatchObject({ over: true, label: '5001 / 5000' });
  });

  it('never sends blank texts', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('sends long texts whole (the server cuts them), clipping only past what the schema accepts', () => {
    const long = 'x'.repeat(6000);
    expect(requestText(long)).toEqual({ text: long, clipped: false });
    const huge = 'y'.repeat(MAX_REQUEST_CHARS + 10);
    const sent = requestText(huge);
    expect(sent.clipped).toBe(true);
    expect(sent.text).toHaveLength(MAX_REQUEST_CHARS);
  });

  it('does not split a surrogate pair when clipping', () => {
    expect(clip('ab😀', 3)).toBe('ab');
    expect(clip('ab😀', 4)).toBe('ab😀');
    expect(clip('abc', 10)).toBe('abc');
  });
});
