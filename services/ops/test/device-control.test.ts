/**
 * Device settings on a real PostgreSQL and the in-process bus: records outlive a registry
 * restart and agree across two registries; a worker's serving follows its administrator's
 * settings (drain, pool, restart, a missed control message); enterprise pools are chosen by the
 * rule in the README.
 */
import { describeHost, MemoryBroker, MemoryBus, runMigrations, startControlledServing, startDeviceReporter, type Bus } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { assignDevice, DeviceController, DeviceRegistry, opsMigrations, setDeviceState, setPoolFallback, type AuditChange } from '../src';

const INTERVAL_MS = 50;
const noAudit: AuditChange = async () => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('Timed out');
    await sleep(10);
  }
}

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await opsMigrations());
});
afterAll(async () => {
  await tdb.drop();
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function startRegistry(bus: Bus) {
  const registry = await DeviceRegistry.start(bus, { db: tdb.db, checkEveryMs: 20, persistEveryMs: 100, syncEveryMs: 50 });
  cleanup.push(() => registry.stop());
  return registry;
}

/** A worker as the MT worker runs: controlled serving (what it serves is recorded) and heartbeats. */
async function startWorker(bus: Bus, deviceId: string, served: string[]) {
  const serving = await startControlledServing({
    bus,
    deviceId,
    role: 'mt',
    pool: 'default',
    settingsTimeoutMs: 200,
    start: async (pool) => {
      served.push(`start ${pool}`);
      return { stop: async () => void served.push(`stop ${pool}`) };
    },
  });
  const record = () => ({
    ...describeHost(),
    device_id: deviceId,
    role: 'mt' as const,
    pool: serving.pool(),
    state: serving.state(),
    gpu: null,
    execution_provider: 'cpu' as const,
    loaded_pairs: ['en-us_zh-cn'],
    in_flight: 0,
    jobs_done: 0,
  });
  const reporter = await startDeviceReporter(bus, record, { subject: 'devices.heartbeat', intervalMs: INTERVAL_MS });
  serving.onChange(() => void reporter.reportNow());
  const stop = async () => {
    await serving.stop();
    await reporter.stop();
  };
  cleanup.push(stop);
  return { serving, stop };
}

describe('device records in PostgreSQL', () => {
  it('keep offline devices across a registry restart, and two registries agree on a deletion', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const first = await startRegistry(bus);
    const worker = await startWorker(bus, 'mt-keep-1', []);
    await waitFor(() => first.get('mt-keep-1')?.online === true);
    const firstSeen = first.get('mt-keep-1')!.first_seen_at;
    await worker.stop();
    await waitFor(() => first.get('mt-keep-1')?.online === false);
    await first.stop();

    const second = await startRegistry(new MemoryBus(new MemoryBroker()));
    const third = await startRegistry(new MemoryBus(new MemoryBroker()));
    expect(second.get('mt-keep-1')).toMatchObject({ online: false, loaded_pairs: ['en-us_zh-cn'], first_seen_at: firstSeen });
    expect(third.list().map((d) => d.device_id)).toContain('mt-keep-1');
    expect(await second.forget('mt-keep-1')).toBe(true);
    await waitFor(() => third.get('mt-keep-1') === undefined);
  });

  it('keep listing a device whose offline record is still being written while the store is read', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    const registry = await startRegistry(bus);
    // Another session blocks writes to the devices table, not reads: the record's write waits
    // while the registry's syncs (every 50 ms) read a store that does not hold it yet.
    const holder = await tdb.db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE');
      const worker = await startWorker(bus, 'mt-writing-1', []);
      await waitFor(() => registry.get('mt-writing-1')?.online === true);
      await worker.stop();
      await waitFor(() => registry.get('mt-writing-1')?.online === false);
      await sleep(300);
      expect(registry.get('mt-writing-1')).toMatchObject({ online: false, loaded_pairs: ['en-us_zh-cn'] });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await sleep(200);
    expect(registry.get('mt-writing-1')?.online).toBe(false);
  });
});

describe('the device controller', () => {
  it('drains, moves and restores a worker, and corrects one that missed its control message', async () => {
    const bus = new MemoryBus(new MemoryBroker());
    // A worker that starts while no gateway answers: it serves as configured.
    const served: string[] = [];
    const worker = await startWorker(bus, 'mt-ctl-1', served);
    expect(worker.serving.state()).toBe('enabled');
    const registry = await startRegistry(bus);
    const controller = await DeviceController.start({ bus, db: tdb.db, registry, sharedPool: 'default', refreshEveryMs: 50 });
    cleanup.push(() => controller.stop());
    await waitFor(() => registry.get('mt-ctl-1')?.online === true);
    const deps = { db: tdb.db, registry, controller };

    await setDeviceState(deps, 'mt-ctl-1', 'draining', noAudit);
    await waitFor(() => registry.get('mt-ctl-1')?.state === 'drained');
    expect(served).toEqual(['start default', 'stop default']);

    await assignDevice(deps, 'mt-ctl-1', 7, noAudit);
    await setDeviceState(deps, 'mt-ctl-1', 'enabled', noAudit);
    await waitFor(() => registry.get('mt-ctl-1')?.pool === 'site-7' && registry.get('mt-ctl-1')?.state === 'enabled');
    expect(served.at(-1)).toBe('start site-7');
    expect(controller.poolFor(7)).toEqual({ pool: 'site-7', dedicated: true, waiting: false });
    expect(controller.poolFor(8)).toMatchObject({ pool: 'default', dedicated: false });
    expect(controller.poolFor(null)).toMatchObject({ pool: 'default', dedicated: false });

    // Restarted, it asks for its settings and comes back in its enterprise's pool.
    await worker.stop();
    const again: string[] = [];
    await startWorker(bus, 'mt-ctl-1', again);
    expect(again).toEqual(['start site-7']);

    // Settings changed behind its back (another replica, a lost message): the next heartbeat
    // that differs gets a control message.
    await tdb.db.query(`UPDATE device_settings SET state = 'disabled' WHERE device_id = 'mt-ctl-1'`);
    await waitFor(() => registry.get('mt-ctl-1')?.state === 'disabled');
    expect(again.at(-1)).toBe('stop site-7');

    // No device serves enterprise 7 now: its work waits on its pool, or spills when it says so.
    await waitFor(() => controller.poolFor(7).waiting);
    expect(controller.poolFor(7)).toEqual({ pool: 'site-7', dedicated: true, waiting: true });
    await setPoolFallback(deps, 7, 'shared', noAudit);
    expect(controller.poolFor(7)).toMatchObject({ pool: 'default', dedicated: false });
  });
});
