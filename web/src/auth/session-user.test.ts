import { describe, expect, it } from 'vitest';
import { currentSessionUser, GUEST, jwtSubject, sessionUserOf } from './session-user';
import { memoryStorage } from './tokens';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.signature`;

describe('session user', () => {
  it('reads the user id of the gateway JWT (sub), whatever else the token carries', () => {
    expect(jwtSubject(jwt({ sub: '17', sid: 'a', typ: 'access' }))).toBe('17');
    expect(jwtSubject(jwt({ sub: 17 }))).toBe('17');
    expect(jwtSubject(jwt({ sid: 'a' }))).toBeNull();
    expect(jwtSubject('not-a-jwt')).toBeNull();
    expect(jwtSubject('a.%%%.c')).toBeNull();
  });

  it('keeps the identity across a token refresh and tells accounts apart', () => {
    const first = sessionUserOf(jwt({ sub: '17', sid: 'a', iat: 1 }));
    expect(first).toBe('u17');
    expect(sessionUserOf(jwt({ sub: '17', sid: 'a', iat: 2 }))).toBe(first);
    expect(sessionUserOf(jwt({ sub: '18', sid: 'b', iat: 1 }))).not.toBe(first);
  });

  it('is the guest without a token, and a hash (never the token) for other tokens', () => {
    expect(sessionUserOf(null)).toBe(GUEST);
    expect(sessionUserOf('')).toBe(GUEST);
    const opaque = sessionUserOf('normal');
    expect(opaque).toMatch(/^t[0-9a-z]+$/);
    expect(opaque).not.toContain('normal');
    expect(sessionUserOf('admin')).not.toBe(opaque);
  });

  it('follows the stored token', () => {
    const store = memoryStorage();
    expect(currentSessionUser(store)).toBe(GUEST);
    store.setItem('authToken', jwt({ sub: '5' }));
    expect(currentSessionUser(store)).toBe('u5');
  });
});
