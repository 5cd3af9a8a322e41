import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw.close();
});

const userIdOf = async (account: string) =>
  (await gw.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [account])).rows[0]!.user_id;

describe('roles', () => {
  it('answers 42000 to a NORMAL user on admin calls', async () => {
    const normal = await gw.registerUser('normal@example.com');
    const create = await gw.call('POST', 'site/create', { token: normal.access_token, body: { site_code: 'acme', site_name: 'Acme' } });
    const list = await gw.call('GET', 'site/list', { token: normal.access_token });
    const status = await gw.call('POST', 'user/set_status', { token: normal.access_token, body: { user_id: 1, activated: false } });
    expect([create.code, list.code, status.code]).toEqual([42000, 42000, 42000]);
  });

  it('gives ADMIN ToBackstage value 0, MANAGER value 1 and NORMAL none', async () => {
    const normal = await gw.registerUser('perm-normal@example.com');
    const manager = await gw.registerUser('perm-manager@example.com');
    await gw.db.query('UPDATE users SET role = 1 WHERE account = $1', ['perm-manager@example.com']);
    const perms = async (token?: string) =>
      (await gw.call<{ permissions: Record<string, { values: number }> }>('GET', 'permission/get_user_login_permission', { token })).data
        .permissions;
    const [a, m, n, free] = [await perms(admin), await perms(manager.access_token), await perms(normal.access_token), await perms()];
    expect(a.ToBackstage?.values).toBe(0);
    expect(m.ToBackstage?.values).toBe(1);
    for (const key of ['CompanyManager', 'TrafficManagement', 'DeviceManagement', 'BackUp']) {
      expect(m[key], key).toBeUndefined();
      expect(a[key], key).toBeDefined();
    }
    expect(m.SystemLog).toBeDefined();
    expect(n.ToBackstage).toBeUndefined();
    expect(n.MyTM).toBeDefined();
    expect(free.MyTM).toBeUndefined();
    expect(free.TextTranslation).toBeDefined();
  });
});

describe('activation', () => {
  it('stops a deactivated user from logging in and ends their sessions', async () => {
    const tokens = await gw.registerUser('inactive@example.com', 'Passw0rd');
    const off = await gw.call('POST', 'user/set_status', {
      token: admin,
      body: { user_id: await userIdOf('inactive@example.com'), activated: false },
    });
    expect(off.code).toBe(20000);
    expect((await gw.login('inactive@example.com', 'Passw0rd')).code).toBe(40022);
    expect((await gw.call('GET', 'permission/get_user_site_permission', { token: tokens.access_token })).status).toBe(401);
    expect((await gw.call('GET', 'user/refresh_token', { token: tokens.refresh_token })).status).toBe(401);

    await gw.call('POST', 'user/set_status', { token: admin, body: { user_id: await userIdOf('inactive@example.com'), activated: true } });
    expect((await gw.login('inactive@example.com', 'Passw0rd')).code).toBe(20000);
  });

  it('does not tell a wrong password apart from a deactivated account', async () => {
    await gw.registerUser('inactive2@example.com', 'Passw0rd');
    await gw.call('POST', 'user/set_status', {
      token: admin,
      body: { user_id: await userIdOf('inactive2@example.com'), activated: false },
    });
    expect((await gw.login('inactive2@example.com', 'Wrong0000')).code).toBe(40021);
  });
});

describe('sites', () => {
  it('creates a white-label site with its own login page configuration and logo', async () => {
    const created = await gw.call<{ site_id: number; site_config: { hideTitle: boolean } }>('POST', 'site/create', {
      token: admin,
      body: { site_code: 'acme', site_name: 'Acme', site_config: { hideTitle: true, english_name: 'Acme Inc' }, allow_register: true },
    });
    expect(created.code).toBe(20000);
    expect(created.data.site_config.hideTitle).toBe(true);
    expect((await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'acme', site_name: 'Again' } })).code).toBe(40030);
    expect((await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'Bad Code', site_name: 'x' } })).code).toBe(40000);

    // A whole 1x1 PNG: logos are decoded and drawn again by a document worker.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----mtp';
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="site_id"\r\n\r\n${created.data.site_id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlarge\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('');
    const upload = await gw.app.inject({
      method: 'POST',
      url: '/api/v1.0/site/upload_logo',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(form), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(upload.json().code).toBe(20000);

    const config = await gw.call<{ site_name: string; logo_url: string; allow_register: boolean }>('GET', 'get_login_config', {
      query: { site_code: 'acme' },
    });
    expect(config.data).toMatchObject({ site_name: 'Acme', allow_register: true });
    const logo = await gw.app.inject({ url: config.data.logo_url });
    expect(logo.headers['content-type']).toBe('image/png');
    // The PNG the worker drew: the same 1x1 picture (IHDR width and height), not the upload's bytes.
    expect(logo.rawPayload.subarray(0, 8).equals(png.subarray(0, 8))).toBe(true);
    expect([logo.rawPayload.readUInt32BE(16), logo.rawPayload.readUInt32BE(20)]).toEqual([1, 1]);
    expect((await gw.call('GET', 'site/get_site_name', { query: { site_code: 'nope' } })).code).toBe(40027);
  });

  it('admits a site user only on that site login page, and answers 41007 once the site is disabled', async () => {
    await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'beta', site_name: 'Beta', allow_register: true } });
    await gw.registerUser('beta-user@example.com', 'Passw0rd', 'beta', 'beta');
    await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'gamma', site_name: 'Gamma' } });
    expect((await gw.login('beta-user@example.com', 'Passw0rd', { site_code: 'gamma' })).code).toBe(40020);
    const ok = await gw.login('beta-user@example.com', 'Passw0rd', { site_code: 'beta' });
    expect(ok.code).toBe(20000);

    const site = await gw.call<{ site_id: number }>('GET', 'get_login_config', { query: { site_code: 'beta' } });
    await gw.call('POST', 'site/update', { token: admin, body: { site_id: site.data.site_id, account_status: 0 } });
    expect((await gw.call('GET', 'user/get_user_data', { token: ok.data.access_token })).code).toBe(41007);
    expect((await gw.login('beta-user@example.com', 'Passw0rd', { site_code: 'beta' })).code).toBe(41007);
  });

  it('refuses registration on a site that does not allow it', async () => {
    await gw.call('POST', 'site/create', { token: admin, body: { site_code: 'closed', site_name: 'Closed' } });
    await expect(gw.registerUser('closed-user@example.com', 'Passw0rd', 'x', 'closed')).rejects.toThrow(/No permission/);
  });
});
