/**
 * @mtp/gateway: the Fastify edge and the single-machine host. Other packages (the cross-package
 * suites, the benchmarks) start it through these, never through its files.
 */
export { buildApp, type AppDeps, type RouteEntry } from './app';
export { loadConfig, REPO_ROOT, type Config } from './config';
export { startPlatform, allMigrations, type Platform, type StartOptions } from './platform';
export {
  DEFAULT_RATE_LIMITS,
  DEFAULT_TRAFFIC,
  RATE_LIMIT_VARS,
  type RateLimits,
  type RateRule,
  type TrafficConfig,
  type TrustProxy,
} from './security-settings';
export { statsSourcesOf, rebuildStats } from './stats-sources';
