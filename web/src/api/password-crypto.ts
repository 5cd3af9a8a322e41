/**
 * Passwords never travel in clear: RSA-OAEP with SHA-256 under the server's SPKI public key,
 * base64 of the ciphertext (the gateway decrypts with `oaepHash: 'sha256'`). WebCrypto does it
 * natively, but `crypto.subtle` exists only in secure contexts, and deployments are often
 * reached over plain http on a LAN address; there node-forge does the same maths in JS.
 */

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: ArrayBuffer): string {
  let bin = '';
  for (const b of new Uint8Array(bytes)) bin += String.fromCharCode(b);
  return btoa(bin);
}

export async function encryptWithSubtle(subtle: SubtleCrypto, pem: string, password: string): Promise<string> {
  const key = await subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}

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
