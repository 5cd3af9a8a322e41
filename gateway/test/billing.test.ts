import { grantPackage, grantPlan, reserve } from '@mtp/billing';
import { Reply, type RemainingData } from '@mtp/proto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUser } from '../src/plugins/auth';
import { ok } from '../src/plugins/envelope';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
  // A stand-in for a translation call that reserves characters, to see 41005 travel through
  // the real envelope and error handler.
  const app = gw.app.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/v1.0/test_reserve',
    { schema: { body: Type.Object({ task_id: Type.String(), chars: Type.Integer() }), response: { 200: Reply(Type.Null()) } } },
    async (req) => {
      await reserve(gw.db, { userId: requireUser(req).userId, taskId: req.body.task_id, chars: req.body.chars });
      return ok(req, null);
    },
  );
});
afterAll(async () => {
  await gw.close();
});

async function userOf(account: string): Promise<{ token: string; userId: number }> {
  return gw.registeredUser(account);
}

describe('remaining characters', () => {
  it('needs a login', async () => {
    for (const path of ['user/remaining_str', 'request_translate/select_remaining_char']) {
      const res = await gw.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.code).toBe(40100);
    }
  });

  it('answers a free user 100,000, then the plan and packages with their breakdown', async () => {
    const { token, userId } = await userOf('chars@example.com');
    const free = await gw.call<RemainingData>('GET', 'user/remaining_str', { token });
    expect(free).toMatchObject({ code: 20000, data: { total_left: 100_000, plan_left: 100_000, packages_left: 0, plan_code: 'free' } });
    expect((await gw.call<{ data: number }>('GET', 'request_translate/select_remaining_char', { token })).data).toEqual({ data: 100_000 });

    await grantPlan(gw.db, { userId, sku: 'professional-m' });
    await grantPackage(gw.db, { userId, sku: '10M_char-y' });
    await reserve(gw.db, { userId, taskId: 'gw-1', chars: 1_000 });
    const paid = await gw.call<RemainingData>('GET', 'user/remaining_str', { token });
    expect(paid.data).toMatchObject({
      total_left: 18_499_000,
      packages_left: 9_999_000,
      plan_left: 8_500_000,
      packages_frozen: 0,
      plan_code: 'professional',
      plan_sku: 'professional-m',
      packages: [{ sku: '10M_char-y', chars_total: 10_000_000, chars_left: 9_999_000, state: 'in_use' }],
    });
    expect(typeof paid.data.plan_expires_at).toBe('string');
    expect((await gw.call<{ data: number }>('GET', 'request_translate/select_remaining_char', { token })).data).toEqual({
      data: 18_499_000,
    });
  });

  it('answers 41005 with the server message when a reservation exceeds the balance', async () => {
    const { token } = await userOf('short@example.com');
    const en = await gw.call('POST', 'test_reserve', { token, body: { task_id: 'gw-big-2', chars: 100_001 } });
    expect(en).toEqual({ status: 200, code: 41005, msg: 'Not enough characters; please buy a character package', data: null });
    const zh = await gw.call('POST', 'test_reserve', { token, lang: 'zh-CN', body: { task_id: 'gw-big-3', chars: 100_001 } });
    expect(zh).toMatchObject({ code: 41005, msg: '字符不足，请购买字符包' });
    expect((await gw.call('POST', 'test_reserve', { token, body: { task_id: 'gw-ok', chars: 100_000 } })).code).toBe(20000);
    expect((await gw.call<{ data: number }>('GET', 'request_translate/select_remaining_char', { token })).data).toEqual({ data: 0 });
  });
});
