/**
 * One gateway replica's view of the traffic limits: every row of both tables, read at most once
 * per `cacheMs` (3 s by default) and shared by all requests meanwhile, so a request costs no
 * query beyond its counter hit, and a change made on any replica reaches every other within a
 * few seconds. The replica that makes a change drops its copy at once (`invalidate`).
 */
import type { Db } from '@mtp/platform';
import { overrideKey, resolveLimit, type AppliedLimit, type FrequencyLimit, type LoginLimits, type TrafficIdentity } from './traffic-rules';
import { readAllLimits } from './traffic-store';

/** What applies when nobody has set a value: the environment's (TRAFFIC_DEFAULT_*, RATE_LIMIT_LOGIN). */
export type TrafficDefaults = {
  frequency: FrequencyLimit;
  /** The window may be a fraction of a minute here (RATE_LIMIT_LOGIN is in seconds). */
  login: LoginLimits;
};

export type TrafficSnapshot = {
  defaultLimit: FrequencyLimit & { fromEnv: boolean };
  login: LoginLimits & { fromEnv: boolean };
  overrides: ReadonlyMap<string, FrequencyLimit>;
};

export const TRAFFIC_CACHE_MS = 3_000;

export class TrafficSettings {
  private cached: { at: number; snapshot: TrafficSnapshot } | null = null;
  private loading: Promise<TrafficSnapshot> | null = null;
  private generation = 0;

  constructor(
    private readonly db: Db,
    readonly defaults: TrafficDefaults,
    private readonly cacheMs = TRAFFIC_CACHE_MS,
  ) {}

  /** The settings as this replica knows them (at most `cacheMs` old). */
  async snapshot(): Promise<TrafficSnapshot> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs) return this.cached.snapshot;
    // One read for all the requests that find the copy stale at the same moment.
    if (!this.loading) {
      const loading = this.load().finally(() => {
        if (this.loading === loading) this.loading = null;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  /** The frequency limit of one caller (precedence: app key > user > site > default). */
  async limitFor(who: TrafficIdentity): Promise<AppliedLimit> {
    const s = await this.snapshot();
    return resolveLimit(s.overrides, s.defaultLimit, who);
  }

  async loginLimits(): Promise<LoginLimits> {
    return (await this.snapshot()).login;
  }

  /** Forget the copy: the next request reads the tables (after a change on this replica). */
  invalidate(): void {
    this.cached = null;
    this.loading = null;
    this.generation += 1;
  }

  private async load(): Promise<TrafficSnapshot> {
    const generation = this.generation;
    const rows = await readAllLimits(this.db);
    const snapshot: TrafficSnapshot = {
      defaultLimit: rows.defaultLimit ? { ...rows.defaultLimit, fromEnv: false } : { ...this.defaults.frequency, fromEnv: true },
      login: rows.login ? { ...rows.login, fromEnv: false } : { ...this.defaults.login, fromEnv: true },
      overrides: new Map(
        rows.overrides.map((o) => [overrideKey(o.scope, o.subject), { maxRequests: o.maxRequests, windowMinutes: o.windowMinutes }]),
      ),
    };
    // A read that started before an invalidation may predate the change: use it once, keep it not.
    if (generation === this.generation) this.cached = { at: Date.now(), snapshot };
    return snapshot;
  }
}
