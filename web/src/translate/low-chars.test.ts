import { describe, expect, it } from 'vitest';
import { LOW_CHARS_THRESHOLD, LOW_CHARS_WARNING_MS, shouldWarnLowChars } from './low-chars';

describe('low-characters warning', () => {
  it('uses the spec figures: 10,000 characters, 10 seconds', () => {
    expect(LOW_CHARS_THRESHOLD).toBe(10_000);
    expect(LOW_CHARS_WARNING_MS).toBe(10_000);
  });

  it('warns at 10,000 or fewer, once', () => {
    expect(shouldWarnLowChars(10_000, false)).toBe(true);
    expect(shouldWarnLowChars(0, false)).toBe(true);
    expect(shouldWarnLowChars(10_001, false)).toBe(false);
    expect(shouldWarnLowChars(5, true)).toBe(false);
  });

  it('stays silent without a usable figure', () => {
    expect(shouldWarnLowChars(undefined, false)).toBe(false);
    expect(shouldWarnLowChars(null, false)).toBe(false);
    expect(shouldWarnLowChars(-1, false)).toBe(false);
    expect(shouldWarnLowChars(Number.NaN, false)).toBe(false);
  });
});
