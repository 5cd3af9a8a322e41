/**
 * What the admin device screen does (`/device-mgr`): the device list with each device's
 * settings, and the changes (state, enterprise, fallback, delete). Each change commits with the
 * audit line the gateway writes (`audit` runs in the change's transaction), then the controller
 * reloads the settings and tells the device at once rather than at its next heartbeat.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, enterprisePool, type DeviceAdminState, type DeviceItem, type DevicePoolItem, type PoolFallback } from '@mtp/proto';
import type { DeviceController } from './device-control';
import type { DeviceRegistry, DeviceView } from './device-registry';
import { savePoolFallback, saveDeviceSetting, type Queryable } from './device-store';

/** Writes the system-log line of a change, in its transaction. */
export type AuditChange = (client: Queryable, change: { before: unknown; after: unknown }) => Promise<void>;

export type DeviceAdminDeps = { db: Db; registry: DeviceRegistry; controller: DeviceController };

function itemOf(d: DeviceView, controller: DeviceController): DeviceItem {
  const setting = controller.settingOf(d.device_id);
  return {
    device_id: d.device_id,
    role: d.role ?? 'mt',
    host: d.host,
    pool: d.pool,
    online: d.online,
    state: d.state ?? 'enabled',
    admin_state: setting?.state ?? 'enabled',
    site_id: setting?.site_id ?? null,
    cpu_model: d.cpu_model,
    cpu_count: d.cpu_count,
    total_mem_bytes: d.total_mem_bytes,
    gpu: d.gpu,
    execution_provider: d.execution_provider,
    loaded_pairs: d.loaded_pairs,
    model_versions: d.model_versions ?? {},
    in_flight: d.online ? d.in_flight : 0,
    jobs_done: d.jobs_done,
    jobs_per_min: d.online ? (d.jobs_per_min ?? 0) : 0,
    chars_per_min: d.online ? (d.chars_per_min ?? 0) : 0,
    utilisation: d.online ? (d.utilisation ?? 0) : 0,
    first_seen_at: d.first_seen_at,
    last_seen_at: d.last_seen_at,
  };
}

/** Every device, online ones first, then by role and id. */
export function listDeviceItems(deps: Pick<DeviceAdminDeps, 'registry' | 'controller'>): DeviceItem[] {
  return deps.registry
    .list()
    .map((d) => itemOf(d, deps.controller))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.role.localeCompare(b.role) || a.device_id.localeCompare(b.device_id));
}

function knownDevice(registry: DeviceRegistry, deviceId: string): DeviceView {
  const device = registry.get(deviceId);
  if (!device) throw new AppError('DEVICE_NOT_FOUND');
  return device;
}

async function change(
  deps: DeviceAdminDeps,
  deviceId: string,
  set: { state: DeviceAdminState } | { site_id: number | null },
  audit: AuditChange,
) {
  await inTransaction(deps.db, async (client) => {
    const { before, after } = await saveDeviceSetting(client, deviceId, set);
    await audit(client, { before, after });
  });
  await deps.controller.refresh();
  await deps.controller
    .push(deviceId)
    .catch((err) => console.error(`devices: telling ${deviceId} failed (the next heartbeat retries):`, err));
  return itemOf(knownDevice(deps.registry, deviceId), deps.controller);
}

export function setDeviceState(deps: DeviceAdminDeps, deviceId: string, state: DeviceAdminState, audit: AuditChange): Promise<DeviceItem> {
  knownDevice(deps.registry, deviceId);
  return change(deps, deviceId, { state }, audit);
}

/** Assigns an MT device to an enterprise's pool, or (`null`) back to the shared pool. */
export function assignDevice(deps: DeviceAdminDeps, deviceId: string, siteId: number | null, audit: AuditChange): Promise<DeviceItem> {
  if ((knownDevice(deps.registry, deviceId).role ?? 'mt') !== 'mt') throw new AppError('DEVICE_POOL_MT_ONLY');
  return change(deps, deviceId, { site_id: siteId }, audit);
}

/** Forgets an offline device (a worker taken away for good); an online one is refused. */
export async function deleteDevice(deps: Pick<DeviceAdminDeps, 'registry'>, deviceId: string, audit: AuditChange, db: Db): Promise<void> {
  const device = knownDevice(deps.registry, deviceId);
  if (device.online) throw new AppError('DEVICE_ONLINE');
  if (!(await deps.registry.forget(deviceId))) throw new AppError('DEVICE_ONLINE');
  await audit(db, { before: { role: device.role ?? 'mt', host: device.host, last_seen_at: device.last_seen_at }, after: null });
}

export function listDevicePools(deps: Pick<DeviceAdminDeps, 'controller'>): DevicePoolItem[] {
  return deps.controller.enterprises().map((siteId) => {
    const { assigned, serving } = deps.controller.poolDevices(siteId);
    return {
      site_id: siteId,
      pool: enterprisePool(siteId),
      fallback: deps.controller.fallbackOf(siteId),
      devices: assigned.length,
      serving: serving.length,
    };
  });
}

export async function setPoolFallback(deps: DeviceAdminDeps, siteId: number, fallback: PoolFallback, audit: AuditChange): Promise<void> {
  await inTransaction(deps.db, async (client) => {
    const before = await savePoolFallback(client, siteId, fallback);
    await audit(client, { before: { fallback: before }, after: { fallback } });
  });
  await deps.controller.refresh();
}
