/**
 * Passwords never travel in clear: RSA-OAEP with SHA-256 under the server's SPKI public key,
 * base64 of the ciphertext (the gateway decrypts with `oaepHash: 'sha256'`). WebCrypto does it
 * natively, but `crypto.subtle` exists only in secure contexts, and deployments are often
 * reached over plain http on a LAN address; there node-forge does the same maths in JS.
 */
import { encryptWithSubtle } from '@mtp/client';

// The WebCrypto path is @mtp/client's, shared with the browser plug-in and the Office add-in.
export { encryptWithSubtle };

export async function encryptWithForge(pem: string, password: string): Promise<string> {
  // Loaded on demand: only insecure-context visitors pay for the extra chunk.
  const mod = await import('node-forge');
  const forge = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const key = forge.pki.publicKeyFromPem(pem);
  const cipher = key.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

export function encryptPassword(pem: string, password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  return subtle ? encryptWithSubtle(subtle, pem, password) : encryptWithForge(pem, password);
}
