/**
 * The bus MT client's routes come from the devices that report in (a real registry on the
 * in-process bus): a pair served by a device that has just reported is routed at once, even
 * though the client reuses what it last read for a moment.
 */
import { describeHost, MemoryBroker, MemoryBus, startDeviceReporter } from '@mtp/platform';
import { DeviceRegistry } from '@mtp/ops';
import { BUS } from '@mtp/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { BusMtClient } from '../src';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function waitFor(check: () => boolean): Promise<void> {
  const until = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('BusMtClient routes', () => {
  it('routes a pair as soon as a device serving it reports in, and pivots through English', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    cleanup.push(() => bus.close({ deadlineMs: 100 }));
    const registry = await DeviceRegistry.start(bus);
    cleanup.push(() => registry.stop());
    const client = new BusMtClient(bus, registry);

    // Asked before any device reported (a gateway that has just started).
    expect(client.route('zh-cn', 'en-us').kind).toBe('unavailable');
    const loaded = ['zh-cn_en-us', 'en-us_ja'];
    const reporter = await startDeviceReporter(
      bus,
      () => ({
        ...describeHost(),
        device_id: 'cpu-1',
        pool: 'default',
        gpu: null,
        execution_provider: 'cpu',
        loaded_pairs: loaded,
        in_flight: 0,
        jobs_done: 0,
        model_versions: { 'zh-cn_en-us': 'v1', 'en-us_ja': 'v2' },
      }),
      { subject: BUS.deviceHeartbeat.subject, intervalMs: 10_000 },
    );
    cleanup.push(() => reporter.stop());
    await waitFor(() => registry.list({ online: true }).length === 1);

    // Within the moment the client reuses what it read: the new device counts already.
    expect(client.route('zh-cn', 'en-us')).toEqual({ kind: 'direct', legs: [['zh-cn', 'en-us']], modelVersion: 'v1' });
    expect(client.route('zh-cn', 'ja')).toEqual({
      kind: 'pivot',
      legs: [
        ['zh-cn', 'en-us'],
        ['en-us', 'ja'],
      ],
      modelVersion: 'v1+v2',
    });
    expect(client.route('ja', 'zh-cn').kind).toBe('unavailable');
  });
});
