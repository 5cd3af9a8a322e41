/**
 * Key pairs provider adapters make for themselves (the sandbox cashier's). Made once: racing
 * processes both try to insert and then read the one that won.
 */
import type { Db } from '@mtp/platform';
import { generateKeyPairSync } from 'node:crypto';

export type KeyPair = { privateKeyPem: string; publicKeyPem: string };

export async function providerKeys(db: Db, provider: string): Promise<KeyPair> {
  const read = () =>
    db.query<{ private_key_pem: string; public_key_pem: string }>(
      'SELECT private_key_pem, public_key_pem FROM payment_keys WHERE provider = $1',
      [provider],
    );
  let { rows } = await read();
  if (!rows[0]) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await db.query('INSERT INTO payment_keys (provider, private_key_pem, public_key_pem) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      provider,
      privateKey,
      publicKey,
    ]);
    ({ rows } = await read());
  }
  return { privateKeyPem: rows[0]!.private_key_pem, publicKeyPem: rows[0]!.public_key_pem };
}
