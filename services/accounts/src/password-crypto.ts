/**
 * Passwords travel RSA-OAEP (SHA-256) encrypted with the server's public key and base64-encoded,
 * so they never cross the wire in clear even without TLS; they are stored as argon2id hashes.
 */
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@mtp/proto';
import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { Db } from '@mtp/platform';
import { getOrCreateSetting } from './settings';

export type PasswordKeys = { publicKeyPem: string; privateKey: KeyObject };

export async function loadPasswordKeys(db: Db): Promise<PasswordKeys> {
  const privatePem = await getOrCreateSetting(
    db,
    'rsa_private_key',
    () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      }).privateKey,
  );
  const privateKey = createPrivateKey(privatePem);
  // The public half is derived, never stored separately, so the two cannot drift apart.
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey };
}

/** Decrypts a password sent by a client; a value that does not decrypt is a clear error. */
export function decryptPassword(keys: PasswordKeys, encrypted: string): string {
  try {
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw new AppError('PASSWORD_UNREADABLE');
  }
}

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id.
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
