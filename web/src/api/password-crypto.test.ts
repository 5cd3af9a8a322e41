import { describe, expect, it } from 'vitest';
import { encryptWithForge, encryptWithSubtle } from './password-crypto';

const subtle = globalThis.crypto.subtle;

async function keyPair() {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${b64.replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

async function decrypt(privateKey: CryptoKey, b64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes));
}

describe('password encryption (RSA-OAEP, SHA-256)', () => {
  it('WebCrypto output decrypts to the password', async () => {
    const { pem, privateKey } = await keyPair();
    expect(await decrypt(privateKey, await encryptWithSubtle(subtle, pem, 'abc123密码'))).toBe('abc123密码');
  });

  it('the node-forge fallback produces the same scheme', async () => {
    const { pem, privateKey } = await keyPair();
    expect(await decrypt(privateKey, await encryptWithForge(pem, 'Secret99é'))).toBe('Secret99é');
  });
});
