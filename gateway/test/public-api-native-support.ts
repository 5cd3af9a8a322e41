/**
 * Helpers of the native public-API tests: a user with an app key and its access token (the
 * real key and token calls), calls under /api/v1.0/open/ with that token, the user's balance
 * and ledger reservations, and banks with entries.
 */
import { remaining } from '@mtp/billing';
import { expect } from 'vitest';
import type { TestGateway } from './helper';

export type ApiUser = { userId: number; userToken: string; appId: string; appSecret: string; token: string };

export type OpenAnswer<T = unknown> = {
  status: number;
  type: string;
  code: number;
  msg: string;
  errorMsg?: string;
  data: T;
  text: string;
};

/** Registers `account`, creates an app key and trades it for a token. */
export async function apiUser(gw: TestGateway, account: string): Promise<ApiUser> {
  const { token: userToken, userId } = await gw.registeredUser(account);
  const key = await gw.call<{ app_id: string; app_secret: string }>('POST', 'app/keys', { token: userToken, body: { name: 'tests' } });
  expect(key.code, key.msg).toBe(20000);
  const issued = await gw.call<{ token: string }>('POST', 'open/token', {
    body: { app_id: key.data.app_id, app_secret: key.data.app_secret },
  });
  expect(issued.code, issued.msg).toBe(20000);
  return { userId, userToken, appId: key.data.app_id, appSecret: key.data.app_secret, token: issued.data.token };
}

export type OpenCall = { token?: string; body?: unknown; query?: Record<string, string>; lang?: string; headers?: Record<string, string> };

/** A native call; JSON answers are parsed, text answers kept as `text`. */
export async function openCall<T = unknown>(
  gw: TestGateway,
  method: 'GET' | 'POST',
  path: string,
  o: OpenCall = {},
): Promise<OpenAnswer<T>> {
  const res = await gw.app.inject({
    method,
    url: `/api/v1.0/open/${path}`,
    query: o.query,
    payload: o.body as object | undefined,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.lang ? { 'accept-language': o.lang } : {}),
      ...o.headers,
    },
  });
  const type = String(res.headers['content-type'] ?? '');
  const parsed = type.startsWith('application/json') ? (res.json() as Omit<OpenAnswer<T>, 'status' | 'type' | 'text'>) : null;
  return {
    status: res.statusCode,
    type,
    code: parsed?.code ?? 0,
    msg: parsed?.msg ?? '',
    errorMsg: parsed?.errorMsg,
    data: parsed?.data as T,
    text: res.body,
  };
}

export const balanceOf = async (gw: TestGateway, userId: number) => (await remaining(gw.db, userId)).total_left;

export async function reservationsOf(gw: TestGateway, userId: number) {
  const { rows } = await gw.db.query<{ task_id: string; state: string; chars_charged: string | null }>(
    'SELECT task_id, state, chars_charged FROM quota_reservations WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

let banks = 0;

/** A bank (flag 0 memory, 1 termbase; system 0 with an administrator's token) with the entries; its id. */
export async function bankWith(
  gw: TestGateway,
  token: string,
  flag: 0 | 1,
  entries: { source: string; translated: string }[],
  system: 0 | 1 = 1,
): Promise<number> {
  banks += 1;
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name: `api${flag}n${banks}`, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: system },
  });
  expect(bank.code, bank.msg).toBe(20000);
  for (const e of entries) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag, system_or_individual: system, bank_id: bank.data.bank_id, ...e },
    });
    expect(res.code, res.msg).toBe(20000);
  }
  return bank.data.bank_id;
}
