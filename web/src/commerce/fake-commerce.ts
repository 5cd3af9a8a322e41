/**
 * Test support: canned commerce answers in proto's shapes, layered over the fake gateway
 * (test-utils/fake-gateway.ts) so render tests run the real client, queries and guards.
 * The catalogue is marked for the caller's plan like the server does: a standard user cannot
 * buy standard again, a free user cannot buy packages (43007's reason).
 */
import type { GoodsData, GoodsPlan, GoodsSku, MemberData, MessageItem, OrderItem, PlanCode, RemainingData } from '@mtp/proto';
import { createFakeGateway } from '../test-utils/fake-gateway';

export const PACKAGE_NEEDS_PLAN = 'A character package needs a live plan: buy or renew a plan first';
export const NOT_WITH_PLAN = 'This purchase is not available with your current plan';

function sku(sku_id: number, code: string, name: string, price: number, quota_chars: number, extra: Partial<GoodsSku> = {}): GoodsSku {
  return { sku_id, code, name, price, level: 1, quota_chars, months: 0, valid_days: 0, disabled: false, disabled_reason: null, ...extra };
}

function plan(code: PlanCode, name: string, skuList: GoodsSku[], extra: Partial<GoodsPlan> = {}): GoodsPlan {
  return { code, name, features: [`${name} feature`], skuList, disabled: false, contact_sales: false, ...extra };
}

export function fakeGoods({ current = 'free', billing = true }: { current?: PlanCode; billing?: boolean } = {}): GoodsData {
  const lower = (code: PlanCode) => (current === 'standard' && code === 'standard') || current === 'enterprise';
  const off = (code: PlanCode): Partial<GoodsSku> => (lower(code) ? { disabled: true, disabled_reason: NOT_WITH_PLAN } : {});
  const member_list = [
    plan('free', 'Free', [sku(1, 'free', 'Free', 0, 100_000, { disabled: true })]),
    plan('standard', 'Standard', [
      sku(2, 'standard-m', '1 month', 4900, 1_500_000, off('standard')),
      sku(3, 'standard-qrt', '3 months', 12900, 5_000_000, off('standard')),
      sku(4, 'standard-y', '1 year', 39900, 20_000_000, off('standard')),
    ]),
    plan('professional', 'Professional', [
      sku(5, 'professional-m', '1 month', 9900, 8_500_000, off('professional')),
      sku(6, 'professional-qrt', '3 months', 26900, 25_000_000, off('professional')),
      sku(7, 'professional-y', '1 year', 99900, 100_000_000, off('professional')),
    ]),
    plan('enterprise', 'Enterprise', [sku(8, 'enterprise-y', '1 year', 0, 3_000_000_000, { disabled: true })], { contact_sales: true }),
  ];
  const needsPlan: Partial<GoodsSku> = current === 'free' ? { disabled: true, disabled_reason: PACKAGE_NEEDS_PLAN } : {};
  const char_list = [
    sku(9, '5M_char-y', '5 million characters', 20000, 5_000_000, { valid_days: 365, ...needsPlan }),
    sku(10, '10M_char-y', '10 million characters', 38000, 10_000_000, { valid_days: 365, ...needsPlan }),
  ];
  return { member_list, char_list, goods_list: [], current_plan: current, billing };
}

export function fakeMember(extra: Partial<MemberData> = {}): MemberData {
  return {
    plan_code: 'standard',
    plan_sku: 'standard-m',
    plan_name: 'Standard',
    member_start_time: '2026-10-25T00:00:00Z',
    expiration_time: '2026-11-25T00:00:00Z',
    expired: false,
    near_expiry: false,
    billing: true,
    ...extra,
  };
}

export function fakeRemaining(extra: Partial<RemainingData> = {}): RemainingData {
  return {
    total_left: 1_200_000,
    plan_left: 700_000,
    packages_left: 500_000,
    packages_frozen: 0,
    api_packages_left: 0,
    plan_code: 'standard',
    plan_sku: 'standard-m',
    plan_expires_at: '2026-11-25T00:00:00Z',
    packages: [{ sku: '5M_char-y', chars_total: 5_000_000, chars_left: 500_000, expires_at: '2027-10-01T00:00:00Z', state: 'in_use' }],
    ...extra,
  };
}

/** Twelve messages, the even ones unread. */
export const FAKE_MESSAGES: MessageItem[] = Array.from({ length: 12 }, (_, i) => ({
  msg_id: i + 1,
  kind: 'payment_succeeded',
  title: `Message ${i + 1}`,
  content: `Body ${i + 1}`,
  is_read: i % 2 === 1,
  created_at: '2026-11-20T08:00:00Z',
}));

export function fakeOrder(tid: string, extra: Partial<OrderItem> = {}): OrderItem {
  return {
    tid,
    goods_name: 'Standard · 1 month',
    sku_code: 'standard-m',
    goods_type: 'T01',
    price: 4900,
    pay_status: 2,
    status: 1,
    created_at: '2026-10-25T00:00:00Z',
    paid_at: '2026-10-25T00:01:00Z',
    start_time: '2026-10-25T00:00:00Z',
    end_time: '2026-11-25T00:00:00Z',
    quota_chars: 1_500_000,
    ...extra,
  };
}

export type CommerceScript = { goods?: GoodsData; member?: MemberData; remaining?: RemainingData; msgCount?: number };

/** The fake gateway with the commerce calls answered; `requests` records every call. */
export function createCommerceGateway(script: CommerceScript = {}) {
  const base = createFakeGateway();
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    const q = url.searchParams;
    const page = Number(q.get('page') ?? 1);
    const size = Number(q.get('page_size') ?? 10);
    const paged = <T>(all: T[]) => ({
      list: all.slice((page - 1) * size, page * size),
      pages: Math.ceil(all.length / size),
      total: all.length,
    });
    switch (path) {
      case 'user/get_user_data': {
        const res = await base.fetch(input, init);
        const env = (await res.json()) as { data: Record<string, unknown> };
        return ok({ ...env.data, msg_count: script.msgCount ?? 0 });
      }
      case 'get_goods':
        base.requests.push({ url: url.pathname + url.search, headers: {} });
        return ok(script.goods ?? fakeGoods());
      case 'member_info':
        return ok(script.member ?? fakeMember());
      case 'user/remaining_str':
        return ok(script.remaining ?? fakeRemaining());
      case 'current_order':
        return ok({ inuse_order_list: [fakeOrder('T-inuse')], freeze_order_list: [fakeOrder('T-frozen', { status: 2 })] });
      case 'expired_order': {
        const { list, pages, total } = paged(Array.from({ length: 12 }, (_, i) => fakeOrder(`T-old-${i + 1}`, { status: 3 })));
        return ok({ order_list: list, pages, total });
      }
      case 'messages': {
        base.requests.push({ url: url.pathname + url.search, headers: {} });
        const all = q.get('unread') === 'true' ? FAKE_MESSAGES.filter((m) => !m.is_read) : FAKE_MESSAGES;
        const { list, pages, total } = paged(all);
        return ok({ msg_list: list, pages, total, unread: FAKE_MESSAGES.filter((m) => !m.is_read).length });
      }
      case 'admin/orders': {
        base.requests.push({ url: url.pathname + url.search, headers: {} });
        const orders = Array.from({ length: 12 }, (_, i) => ({
          ...fakeOrder(`A-${i + 1}`),
          user_id: 42,
          account: 'alice@example.com',
          username: 'Alice',
          provider: 'sandbox',
        }));
        const { list, pages, total } = paged(orders);
        return ok({ order_list: list, pages, total });
      }
      case 'admin/goods': {
        const goods = fakeGoods({ current: 'free' });
        return ok([...goods.member_list.flatMap((p) => p.skuList), ...goods.char_list]);
      }
      default:
        return base.fetch(input, init);
    }
  };
  return { fetch, requests: base.requests };
}
