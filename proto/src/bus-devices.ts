/** What worker processes say about themselves on `devices.heartbeat` (admin device management). */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';

/** Pool names double as NATS subject tokens and stream-name parts: lower-case ASCII, no dots. */
export const POOL_PATTERN = '^[a-z0-9][a-z0-9-]{0,31}$';

export const GpuInfo = Type.Object({ name: Type.String(), memory_bytes: Type.Integer({ minimum: 0 }) });
export type GpuInfo = Static<typeof GpuInfo>;

export const EXECUTION_PROVIDERS = ['cpu', 'cuda'] as const;
export type ExecutionProvider = (typeof EXECUTION_PROVIDERS)[number];

/** What a device does: `mt` translates (engines), `doc` reads and writes documents. */
export const DEVICE_ROLES = ['mt', 'doc'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/**
 * A device's state as it reports it: `enabled` takes work; `draining` stopped taking new work and
 * finishes what is in flight; `drained` / `disabled` took nothing more (after a drain or a disable).
 */
export const DEVICE_STATES = ['enabled', 'draining', 'drained', 'disabled'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** What an administrator sets: a drain ends in `drained`, a disable in `disabled`. */
export const DEVICE_ADMIN_STATES = ['enabled', 'draining', 'disabled'] as const;
export type DeviceAdminState = (typeof DEVICE_ADMIN_STATES)[number];

/** devices.<id>.control and the answer to devices.settings: the state and pool a worker must take. */
export const DeviceControl = Type.Object({
  device_id: Type.String({ minLength: 1 }),
  state: literalUnion(DEVICE_ADMIN_STATES),
  pool: Type.String({ pattern: POOL_PATTERN }),
});
export type DeviceControl = Static<typeof DeviceControl>;

/** devices.settings: a starting worker asks what it was told before (its state and pool). */
export const DeviceSettingsRequest = Type.Object({
  device_id: Type.String({ minLength: 1 }),
  role: literalUnion(DEVICE_ROLES),
  /** The pool the worker was started with (MT_POOL): kept when no administrator set one. */
  pool: Type.String({ pattern: POOL_PATTERN }),
});
export type DeviceSettingsRequest = Static<typeof DeviceSettingsRequest>;

/** devices.heartbeat: what a worker process says about itself (admin device management). */
export const DeviceRecord = Type.Object({
  /** Stable per process: host and pid, or a pod name. */
  device_id: Type.String({ minLength: 1 }),
  /** Absent in records of older workers, which were all MT workers. */
  role: Type.Optional(literalUnion(DEVICE_ROLES)),
  host: Type.String(),
  pid: Type.Integer(),
  pool: Type.String({ pattern: POOL_PATTERN }),
  cpu_model: Type.String(),
  cpu_count: Type.Integer({ minimum: 0 }),
  total_mem_bytes: Type.Integer({ minimum: 0 }),
  gpu: Type.Union([GpuInfo, Type.Null()]),
  execution_provider: literalUnion(EXECUTION_PROVIDERS),
  /** Language pairs with a model loaded, as `src_tgt` (`en-us_zh-cn`); none for a document worker. */
  loaded_pairs: Type.Array(Type.String()),
  /** The model version of each loaded pair (`src_tgt` → version): translation caches key on it. */
  model_versions: Type.Optional(Type.Record(Type.String(), Type.String())),
  in_flight: Type.Integer({ minimum: 0 }),
  jobs_done: Type.Integer({ minimum: 0 }),
  /** Where the worker stands with the admin's settings (absent: older workers, always enabled). */
  state: Type.Optional(literalUnion(DEVICE_STATES)),
  /** Jobs and interactive requests finished per minute, over the last few minutes. */
  jobs_per_min: Type.Optional(Type.Number({ minimum: 0 })),
  /** Source characters translated per minute over the same window (MT workers). */
  chars_per_min: Type.Optional(Type.Number({ minimum: 0 })),
  /** The busy fraction (0-1) over the same window: time with at least one job in flight. */
  utilisation: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  /** `offline` is the last record a worker sends when it stops cleanly. */
  status: literalUnion(['online', 'offline'] as const),
  /** The device's own heartbeat interval, so a registry knows when it has gone quiet. */
  heartbeat_ms: Type.Integer({ minimum: 1 }),
  started_at: Type.String({ format: 'date-time' }),
  reported_at: Type.String({ format: 'date-time' }),
});
export type DeviceRecord = Static<typeof DeviceRecord>;
