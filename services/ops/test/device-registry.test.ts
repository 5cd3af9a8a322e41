import { randomBytes } from 'node:crypto';
import { connectNatsBus, describeHost, MemoryBroker, MemoryBus, startDeviceReporter, type Bus } from '@mtp/platform';
import type {} from '@mtp/platform/bus-testing';
import type { DeviceRecord } from '@mtp/proto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DeviceRegistry, type DeviceView } from '../src';

type TestBus = Bus & { simulateCrash(): Promise<void> };
type Snapshot = Omit<DeviceRecord, 'status' | 'heartbeat_ms' | 'started_at' | 'reported_at'>;

const INTERVAL_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('Timed out');
    await sleep(10);
  }
}

function snapshot(deviceId: string, pool = 'default'): Snapshot {
  return {
    ...describeHost(),
    device_id: deviceId,
    pool,
    gpu: pool === 'default' ? null : { name: 'NVIDIA H100', memory_bytes: 80 * 2 ** 30 },
    execution_provider: pool === 'default' ? 'cpu' : 'cuda',
    loaded_pairs: ['zh-cn_en-us'],
    in_flight: 0,
    jobs_done: 0,
  };
}

const broker = new MemoryBroker();
const adapters: [string, () => Promise<TestBus>][] = [
  ['in-process', async () => new MemoryBus(broker)],
  ['NATS', () => connectNatsBus({ url: inject('natsUrl') })],
];

describe.each(adapters)('device registry on the %s bus', (_name, connect) => {
  const subject = `devices.heartbeat-${randomBytes(4).toString('hex')}`;
  const cleanup: (() => Promise<void>)[] = [];
  const open = async () => {
    const bus = await connect();
    cleanup.push(() => bus.close({ deadlineMs: 100 }));
    return bus;
  };
  const startRegistry = async () => {
    const registry = await DeviceRegistry.start(await open(), { subject, checkEveryMs: 20 });
    cleanup.push(() => registry.stop());
    return registry;
  };

  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('lists each reporting device with its latest record', async () => {
    const registry = await startRegistry();
    const worker = await open();
    const state = snapshot(`cpu-${randomBytes(3).toString('hex')}`);
    const reporter = await startDeviceReporter(worker, () => state, { subject, intervalMs: INTERVAL_MS });
    cleanup.unshift(() => reporter.stop());
    await waitFor(() => registry.list().length === 1);
    const [device] = registry.list();
    expect(device).toMatchObject({ ...state, status: 'online', online: true, heartbeat_ms: INTERVAL_MS });
    state.in_flight = 2;
    state.jobs_done = 41;
    await waitFor(() => registry.get(state.device_id)?.jobs_done === 41);
    expect(registry.get(state.device_id)).toMatchObject({ in_flight: 2, online: true });
  });

  it('hears of every device at once when it starts (it asks them to report), not within their interval', async () => {
    const worker = await open();
    const state = snapshot(`early-${randomBytes(3).toString('hex')}`);
    // An interval far longer than the wait below: only an answer to the registry's ask arrives.
    const reporter = await startDeviceReporter(worker, () => state, { subject, intervalMs: 60_000 });
    cleanup.unshift(() => reporter.stop());
    const registry = await startRegistry();
    await waitFor(() => registry.get(state.device_id)?.online === true, 2_000);
    expect(registry.list({ online: true }).map((d) => d.device_id)).toEqual([state.device_id]);
  });

  it('marks a device offline after three silent intervals, and back online when it returns', async () => {
    const registry = await startRegistry();
    const changes: Pick<DeviceView, 'device_id' | 'online'>[] = [];
    let offlineAfterSilenceMs = 0;
    registry.onChange((d) => {
      changes.push({ device_id: d.device_id, online: d.online });
      if (!d.online) offlineAfterSilenceMs = Date.now() - Date.parse(d.last_seen_at);
    });
    const worker = (await connect()) as TestBus;
    const id = `crash-${randomBytes(3).toString('hex')}`;
    const reporter = await startDeviceReporter(worker, () => snapshot(id), { subject, intervalMs: INTERVAL_MS });
    await waitFor(() => registry.get(id)?.online === true);
    await worker.simulateCrash();
    await reporter.stop();
    await waitFor(() => registry.get(id)?.online === false);
    // Not before three intervals of silence, and noticed soon after (sweeps every 20 ms).
    expect(offlineAfterSilenceMs).toBeGreaterThan(INTERVAL_MS * 3);
    expect(offlineAfterSilenceMs).toBeLessThan(INTERVAL_MS * 3 + 1_000);
    expect(registry.list({ online: false }).map((d) => d.device_id)).toEqual([id]);

    const revived = await open();
    const again = await startDeviceReporter(revived, () => snapshot(id), { subject, intervalMs: INTERVAL_MS });
    cleanup.unshift(() => again.stop());
    await waitFor(() => registry.get(id)?.online === true);
    expect(changes).toEqual([
      { device_id: id, online: true },
      { device_id: id, online: false },
      { device_id: id, online: true },
    ]);
  });

  it('shows a cleanly stopped device offline at once', async () => {
    const registry = await startRegistry();
    const worker = await open();
    const id = `stop-${randomBytes(3).toString('hex')}`;
    const reporter = await startDeviceReporter(worker, () => snapshot(id), { subject, intervalMs: 5_000 });
    await waitFor(() => registry.get(id)?.online === true);
    await reporter.stop();
    await waitFor(() => registry.get(id)?.online === false, 1_000);
    expect(registry.get(id)?.status).toBe('offline');
  });

  it('filters by pool and drops malformed heartbeats', async () => {
    const registry = await startRegistry();
    const worker = await open();
    const shared = await startDeviceReporter(worker, () => snapshot('shared-1'), { subject, intervalMs: INTERVAL_MS });
    const dedicated = await startDeviceReporter(worker, () => snapshot('acme-gpu-1', 'acme'), { subject, intervalMs: INTERVAL_MS });
    cleanup.unshift(
      () => shared.stop(),
      () => dedicated.stop(),
    );
    await worker.publish(subject, { device_id: 'bogus', pool: 'default' });
    await waitFor(() => registry.list().length === 2);
    await sleep(INTERVAL_MS);
    expect(registry.list().map((d) => d.device_id)).toEqual(['acme-gpu-1', 'shared-1']);
    expect(registry.list({ pool: 'acme' })).toMatchObject([
      { device_id: 'acme-gpu-1', execution_provider: 'cuda', gpu: { name: 'NVIDIA H100' } },
    ]);
  });
});
