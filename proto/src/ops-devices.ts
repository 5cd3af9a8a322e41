/**
 * Device management (issue 19, `/device-mgr`; platform administrator only):
 * - `GET admin/devices`: every worker (MT and document) the platform has heard from, online or
 *   not, with its latest record, its admin state and the enterprise it is assigned to.
 * - `POST admin/devices/{device_id}/state {state}`: enable, disable or drain a device.
 * - `POST admin/devices/{device_id}/pool {site_id}`: assign an MT device to an enterprise's pool
 *   (`site-<site_id>`), or back to the shared pool with `null`.
 * - `DELETE admin/devices/{device_id}`: forget an offline device's record and settings.
 * - `GET admin/device_pools`: each enterprise with devices or a fallback set, its devices and its
 *   fallback; `POST admin/device_pools {site_id, fallback}` sets the fallback.
 * Fallback when an enterprise's pool has no enabled online device: `wait` (its work queues on
 * its pool until a device returns; interactive text answers DEVICE_POOL_OFFLINE) or `shared`
 * (its work goes to the shared devices meanwhile). The default is `wait`: see services/ops README.
 */
import { Type, type Static } from 'typebox';
import { DEVICE_ADMIN_STATES, DEVICE_ROLES, DEVICE_STATES, GpuInfo } from './bus-devices';
import { literalUnion } from './literal-union';

export const POOL_FALLBACKS = ['wait', 'shared'] as const;
export type PoolFallback = (typeof POOL_FALLBACKS)[number];
export const DEFAULT_POOL_FALLBACK: PoolFallback = 'wait';

/** The pool of an enterprise's dedicated devices. */
export function enterprisePool(siteId: number): string {
  return `site-${siteId}`;
}

export const DeviceItem = Type.Object({
  device_id: Type.String(),
  role: literalUnion(DEVICE_ROLES),
  host: Type.String(),
  pool: Type.String(),
  online: Type.Boolean(),
  /** What the device reports (`enabled` for one that never said). */
  state: literalUnion(DEVICE_STATES),
  /** What the administrator set. */
  admin_state: literalUnion(DEVICE_ADMIN_STATES),
  /** The enterprise whose pool it serves; null: the shared pool. */
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  cpu_model: Type.String(),
  cpu_count: Type.Integer(),
  total_mem_bytes: Type.Integer(),
  gpu: Type.Union([GpuInfo, Type.Null()]),
  execution_provider: Type.String(),
  loaded_pairs: Type.Array(Type.String()),
  model_versions: Type.Record(Type.String(), Type.String()),
  in_flight: Type.Integer(),
  jobs_done: Type.Integer(),
  jobs_per_min: Type.Number(),
  chars_per_min: Type.Number(),
  /** Busy fraction 0-1 over the last few minutes. */
  utilisation: Type.Number(),
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
});
export type DeviceItem = Static<typeof DeviceItem>;

export const DevicesData = Type.Object({
  list: Type.Array(DeviceItem),
  /** The shared pool's name (what unassigned MT devices serve). */
  shared_pool: Type.String(),
  default_fallback: literalUnion(POOL_FALLBACKS),
});
export type DevicesData = Static<typeof DevicesData>;

export const DeviceIdParams = Type.Object({ device_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type DeviceIdParams = Static<typeof DeviceIdParams>;

export const DeviceStateBody = Type.Object({ state: literalUnion(DEVICE_ADMIN_STATES) });
export type DeviceStateBody = Static<typeof DeviceStateBody>;

export const DevicePoolBody = Type.Object({ site_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) });
export type DevicePoolBody = Static<typeof DevicePoolBody>;

export const DevicePoolItem = Type.Object({
  site_id: Type.Integer(),
  pool: Type.String(),
  fallback: literalUnion(POOL_FALLBACKS),
  /** Devices assigned, and how many of them are online and enabled now. */
  devices: Type.Integer(),
  serving: Type.Integer(),
});
export type DevicePoolItem = Static<typeof DevicePoolItem>;

export const DevicePoolsData = Type.Object({ list: Type.Array(DevicePoolItem), default_fallback: literalUnion(POOL_FALLBACKS) });
export type DevicePoolsData = Static<typeof DevicePoolsData>;

export const PoolFallbackBody = Type.Object({ site_id: Type.Integer({ minimum: 1 }), fallback: literalUnion(POOL_FALLBACKS) });
export type PoolFallbackBody = Static<typeof PoolFallbackBody>;
