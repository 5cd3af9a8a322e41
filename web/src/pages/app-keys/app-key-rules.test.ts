import { describe, expect, it } from 'vitest';
import { APP_KEY_NAME_MAX, appKeyNameProblem, appKeyState } from './app-key-rules';

describe('appKeyNameProblem', () => {
  it('wants 1 to 50 characters after trimming', () => {
    expect(appKeyNameProblem('')).toBe('nameRequired');
    expect(appKeyNameProblem('   ')).toBe('nameRequired');
    expect(appKeyNameProblem('x')).toBeNull();
    expect(appKeyNameProblem('x'.repeat(APP_KEY_NAME_MAX))).toBeNull();
    expect(appKeyNameProblem(` ${'x'.repeat(APP_KEY_NAME_MAX)} `)).toBeNull();
    expect(appKeyNameProblem('x'.repeat(APP_KEY_NAME_MAX + 1))).toBe('nameTooLong');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(appKeyNameProblem('译'.repeat(50))).toBeNull();
    expect(appKeyNameProblem('😀'.repeat(50))).toBeNull();
    expect(appKeyNameProblem('😀'.repeat(51))).toBe('nameTooLong');
  });
});

describe('appKeyState', () => {
  it('is revoked once revoked_at is set', () => {
    expect(appKeyState({ revoked_at: null })).toBe('live');
    expect(appKeyState({ revoked_at: '2026-03-01T08:30:00Z' })).toBe('revoked');
  });
});
