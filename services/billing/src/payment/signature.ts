/**
 * Notification signatures as Alipay and WeChat Pay make them: the parameters except `sign` and
 * `sign_type`, empty ones left out, sorted by name, joined as `k=v&k=v` (values not encoded),
 * signed with RSA-SHA256 (Alipay's RSA2) and sent base64 in `sign`.
 */
import { createSign, createVerify } from 'node:crypto';

export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signParams(params: Record<string, string>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(canonicalString(params), 'utf8').sign(privateKeyPem, 'base64');
}

/** True only for a well-formed signature by the key's owner over exactly these parameters. */
export function verifyParams(params: Record<string, string>, publicKeyPem: string): boolean {
  const sign = params.sign;
  if (typeof sign !== 'string' || sign.length === 0 || sign.length > 1024) return false;
  try {
    return createVerify('RSA-SHA256').update(canonicalString(params), 'utf8').verify(publicKeyPem, sign, 'base64');
  } catch {
    return false;
  }
}
