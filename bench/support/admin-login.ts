/**
 * How a bench signs in as a browser does: the site's public key encrypts the password
 * (RSA-OAEP, SHA-256, as the web client sends it), then `user/login` answers the access token.
 */
import { constants, publicEncrypt } from 'node:crypto';

/** The administrator every bench platform is started with. */
export const BENCH_ADMIN = { account: 'admin@example.com', password: 'Admin12345' };

export type SiteLogin = {
  /** The site's password encryption, for logging other users in. */
  encrypt(password: string): string;
  adminToken: string;
};

export async function loginAsAdmin(api: string): Promise<SiteLogin> {
  const { data } = (await (await fetch(`${api}/user/get_public_key`)).json()) as { data: { public_key: string } };
  const encrypt = (password: string) =>
    publicEncrypt({ key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
      'base64',
    );
  const login = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: BENCH_ADMIN.account, password: encrypt(BENCH_ADMIN.password), agree_terms: true }),
  });
  const adminToken = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return { encrypt, adminToken };
}
