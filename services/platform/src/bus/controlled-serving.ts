/**
 * What a worker serves, switched by its administrator (issue 19). At start the worker asks the
 * gateways for its settings (`devices.settings`; none answering in time: it starts as configured),
 * then listens on `devices.<id>.control`. Disable or drain: it stops taking jobs and requests
 * (`stop` of what it serves waits for the jobs in flight), saying `draining` meanwhile, then
 * `drained` or `disabled`; enable: it serves again; another pool: it stops and serves the new
 * pool's subjects. Changes run one at a time in order; a repeated message changes nothing.
 */
import { BUS, type DeviceControl, type DeviceRole, type DeviceState } from '@mtp/proto';
import { requestOf, subscribeTo } from './catalog-bus';
import type { Bus, BusSubscription } from './port';

/** What `start(pool)` began: the subscriptions and consumers that take new work. */
export type Serving = { stop(): Promise<void> };

export type ControlledServingOptions = {
  bus: Bus;
  deviceId: string;
  role: DeviceRole;
  /** The pool it was started with (MT_POOL). */
  pool: string;
  start: (pool: string) => Promise<Serving>;
  log?: (line: string) => void;
  settingsTimeoutMs?: number;
};

export type ControlledServing = {
  state(): DeviceState;
  pool(): string;
  /** Called after each change (the worker reports itself at once). */
  onChange(listener: () => void): void;
  /** Applies settings (what the control subject delivers); resolves once they are carried out. */
  apply(control: DeviceControl): Promise<void>;
  stop(): Promise<void>;
};

export async function startControlledServing(opts: ControlledServingOptions): Promise<ControlledServing> {
  const log = opts.log ?? (() => {});
  let state: DeviceState = 'enabled';
  let pool = opts.pool;
  let serving: Serving | null = null;
  let listener = () => {};
  let chain: Promise<void> = Promise.resolve();

  const applyNow = async (c: DeviceControl) => {
    const takesWork = c.state === 'enabled';
    if (serving && (!takesWork || c.pool !== pool)) {
      state = 'draining';
      listener();
      log(`device ${opts.deviceId}: ${takesWork ? `moving to pool ${c.pool}` : c.state}: finishing the work in flight`);
      await serving.stop();
      serving = null;
    }
    pool = c.pool;
    if (takesWork && !serving) serving = await opts.start(pool);
    const next: DeviceState = takesWork ? 'enabled' : c.state === 'draining' ? 'drained' : 'disabled';
    if (next !== state) log(`device ${opts.deviceId}: ${next} (pool ${pool})`);
    state = next;
    listener();
  };
  const apply = (c: DeviceControl) => {
    chain = chain.then(() => applyNow(c)).catch((err) => log(`device ${opts.deviceId}: applying its settings failed: ${err}`));
    return chain;
  };

  const asked = await requestOf(
    opts.bus,
    BUS.deviceSettings,
    { device_id: opts.deviceId, role: opts.role, pool: opts.pool },
    { timeoutMs: opts.settingsTimeoutMs ?? BUS.deviceSettings.timeoutMs },
  ).catch(() => null);
  await apply(asked ?? { device_id: opts.deviceId, state: 'enabled', pool: opts.pool });
  const control: BusSubscription = await subscribeTo(opts.bus, BUS.deviceControl, (c) => void apply(c), { worker: opts.deviceId });

  return {
    state: () => state,
    pool: () => pool,
    onChange: (l) => void (listener = l),
    apply,
    stop: async () => {
      await control.unsubscribe();
      await chain;
      await serving?.stop();
      serving = null;
    },
  };
}
