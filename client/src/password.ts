/**
 * The login password never travels in clear: RSA-OAEP with SHA-256 under the server's SPKI
 * public key, base64 of the ciphertext, exactly as the web app sends it
 * (web/src/api/password-crypto.ts). WebCrypto only: extension pages, Office task panes served
 * over https and Node all have `crypto.subtle`; without it the caller is told to use a key.
 */
import { ClientError, NO_ANSWER, ownMessage, type UiLang } from './calls';

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

/** The encryption itself; the web app calls it too (its fallback for insecure pages is node-forge). */
export async function encryptWithSubtle(subtle: SubtleCrypto, pem: string, password: string): Promise<string> {
  const key = await subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}

export async function encryptPassword(pem: string, password: string, lang?: UiLang): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new ClientError(NO_ANSWER, ownMessage('noSubtle', lang));
  return encryptWithSubtle(subtle, pem, password);
}
