/**
 * The secrets of app keys and their tokens: made from 32 random bytes, kept only as SHA-256 hex.
 * A fast hash is enough here (unlike passwords): the secrets are random, so there is nothing to
 * guess from a hash, and every API request checks one, so it must stay cheap.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_BYTES = 32;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fresh secret or token: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function isAppId(value: string): boolean {
  return UUID_RE.test(value);
}

/** The API key string DeepL and LibreTranslate clients send: `<app_id>:<app_secret>`. */
export function apiKeyOf(appId: string, appSecret: string): string {
  return `${appId}:${appSecret}`;
}

/** An API key split into its app id and secret; null when it is not of that shape. */
export function parseApiKey(apiKey: string): { appId: string; appSecret: string } | null {
  const colon = apiKey.indexOf(':');
  if (colon < 0) return null;
  const appId = apiKey.slice(0, colon).trim();
  const appSecret = apiKey.slice(colon + 1).trim();
  if (!isAppId(appId) || appSecret === '') return null;
  return { appId: appId.toLowerCase(), appSecret };
}
