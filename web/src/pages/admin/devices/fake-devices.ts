/**
 * Test support: canned device answers in proto's shape over the fake gateway
 * (test-utils/fake-gateway.ts), so render tests run the real client, queries and guards. Only
 * the admin token is let in; others get 42000 as from the server.
 */
import type { DeviceItem } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeDevice(id: string, extra: Partial<DeviceItem> = {}): DeviceItem {
  return {
    device_id: id,
    role: 'mt',
    host: 'gpu-node-1',
    pool: 'default',
    online: true,
    state: 'enabled',
    admin_state: 'enabled',
    site_id: null,
    cpu_model: 'Intel Xeon',
    cpu_count: 16,
    total_mem_bytes: 64 * 2 ** 30,
    gpu: { name: 'NVIDIA H100', memory_bytes: 80 * 2 ** 30 },
    execution_provider: 'cuda',
    loaded_pairs: ['en-us_zh-cn'],
    model_versions: { 'en-us_zh-cn': 'v3' },
    in_flight: 2,
    jobs_done: 40,
    jobs_per_min: 12,
    chars_per_min: 3400,
    utilisation: 0.5,
    first_seen_at: '2026-03-01T08:00:00Z',
    last_seen_at: '2026-03-01T08:30:00Z',
    ...extra,
  };
}

export function createDevicesGateway(devices: DeviceItem[]) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (!['admin/devices', 'admin/device_pools', 'admin/dead_letters', 'company/list'].includes(path)) return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    const answer = (data: unknown, code = 20000) =>
      new Response(JSON.stringify({ code, msg: code === 20000 ? 'Success' : 'No permission', data }));
    if (bearer !== 'admin') return answer(null, 42000);
    if (path === 'admin/devices') return answer({ list: devices, shared_pool: 'default', default_fallback: 'wait' });
    if (path === 'admin/device_pools') return answer({ list: [], default_fallback: 'wait' });
    if (path === 'admin/dead_letters') return answer({ list: [], total: 0, page: 1, page_size: 20 });
    return answer({ total: 0, pages: 0, enterprise_list: [] });
  };
  return { fetch, requests: base.requests };
}
