/**
 * @mtp/gateway: the Fastify edge and the single-machine host. Other packages (the cross-package
 * suites, the benchmarks) start it through these, never through its files.
 */
export { buildApp, type AppDeps, type RouteEntry } from './app';
export { loadConfig, REPO_ROOT, type Config } from './config';
export { startPlatform, allMigrations, type Platform, type StartOptions } from './platform';
export { DEFAULT_RATE_LIMITS, RATE_LIMIT_VARS, type RateLimits, type RateRule, type TrustProxy } from './security-settings';
