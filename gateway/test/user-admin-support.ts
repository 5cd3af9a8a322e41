/**
 * Shared steps of the user administration tests: sites, pre-activated users and their first
 * login, and the multipart import call, all through the real gateway.
 */
import type { TestGateway } from './helper';

export type Item = { user_id: number; account: string; site_id: number; role: number; activated: boolean; plan_code: string };

export async function createSite(gw: TestGateway, admin: string, code: string, cap?: number): Promise<number> {
  const res = await gw.call<{ site_id: number }>('POST', 'site/create', { token: admin, body: { site_code: code, site_name: code } });
  if (res.code !== 20000) throw new Error(`site/create: ${res.msg}`);
  if (cap !== undefined) await gw.db.query('UPDATE sites SET user_cap = $2 WHERE site_id = $1', [res.data.site_id, cap]);
  return res.data.site_id;
}

export function addUser(
  gw: TestGateway,
  token: string,
  body: { account: string; password?: string; username?: string; role?: number; site_id?: number },
) {
  return gw.call<Item>('POST', 'admin/users/create', {
    token,
    body: { username: 'member', ...body, password: gw.encrypt(body.password ?? 'First123') },
  });
}

/** A pre-activated user's first login: 40060, then the same login with a new password. */
export async function firstLogin(
  gw: TestGateway,
  account: string,
  first = 'First123',
  next = 'Chosen123',
  siteCode?: string,
): Promise<string> {
  const extra = siteCode ? { site_code: siteCode } : {};
  const refused = await gw.login(account, first, extra);
  if (refused.code !== 40060) throw new Error(`expected 40060, got ${refused.code} ${refused.msg}`);
  const res = await gw.login(account, first, { ...extra, new_password: gw.encrypt(next) });
  if (res.code !== 20000) throw new Error(`first login: ${res.msg}`);
  return res.data.access_token;
}

/** A manager of a new site `code` (cap `cap`), signed in. */
export async function managerOf(
  gw: TestGateway,
  admin: string,
  code: string,
  cap?: number,
): Promise<{ token: string; siteId: number; userId: number }> {
  const siteId = await createSite(gw, admin, code, cap);
  const created = await addUser(gw, admin, { account: `boss@${code}.com`, role: 1, site_id: siteId });
  if (created.code !== 20000) throw new Error(`manager: ${created.msg}`);
  return { token: await firstLogin(gw, `boss@${code}.com`, 'First123', 'Chosen123', code), siteId, userId: created.data.user_id };
}

export async function importFile(gw: TestGateway, token: string, name: string, bytes: Buffer, lang = 'en-US') {
  const boundary = '----mtp-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/admin/users/import',
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
  });
  return res.json() as {
    code: number;
    msg: string;
    data: { imported: number; rows: number; errors: Array<{ row: number; account: string; reason: string }> };
  };
}

export async function logLines(gw: TestGateway, action: string, targetId?: number) {
  const { rows } = await gw.db.query<{
    action: string;
    actor_id: number;
    target_id: string;
    before: unknown;
    after: Record<string, unknown>;
  }>(
    `SELECT action, actor_id, target_id, before, after FROM system_log WHERE action = $1 AND ($2::text IS NULL OR target_id = $2) ORDER BY log_id`,
    [action, targetId === undefined ? null : String(targetId)],
  );
  return rows;
}
