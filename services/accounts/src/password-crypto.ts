/**
 * Passwords travel RSA-OAEP (SHA-256) encrypted with the server's public key and base64-encoded,
 * so they never cross the wire in clear even without TLS; they are stored as argon2id hashes.
 * The key pair comes from the environment (RSA_PRIVATE_KEY or a mounted RSA_PRIVATE_KEY_FILE)
 * or else is made at first start and kept in settings.
 */
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@mtp/proto';
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { Db } from '@mtp/platform';
import { getOrCreateSetting } from './settings';

export type PasswordKeys = { publicKeyPem: string; privateKey: KeyObject };

const MIN_MODULUS_BITS = 2048;

/** The given private key (PEM), checked here so a wrong one stops the start, not the first login. */
function givenPrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('RSA_PRIVATE_KEY (or RSA_PRIVATE_KEY_FILE) is not a private key in PEM');
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_MODULUS_BITS) {
    throw new Error(`RSA_PRIVATE_KEY (or RSA_PRIVATE_KEY_FILE) must be an RSA key of at least ${MIN_MODULUS_BITS} bits`);
  }
  return key;
}

export async function loadPasswordKeys(db: Db, privateKeyPem?: string): Promise<PasswordKeys> {
  const privateKey = privateKeyPem
    ? givenPrivateKey(privateKeyPem)
    : createPrivateKey(
        await getOrCreateSetting(
          db,
          'rsa_private_key',
          () =>
            generateKeyPairSync('rsa', {
              modulusLength: MIN_MODULUS_BITS,
              publicKeyEncoding: { type: 'spki', format: 'pem' },
              privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
            }).privateKey,
        ),
      );
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

/**
 * A hash of a random password nobody knows, made once at start with the same parameters as real
 * ones: login verifies against it where there is no account, so both answers take as long.
 */
export function makeStandInPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
