export type {
  ChargeClass,
  ChargeFact,
  NewUsersFact,
  PaidOrderFact,
  SignInFact,
  StatsSources,
  StatsUser,
  TaskOutcomeFact,
} from './stats-sources';
export { checkRange, dayOf, STATS_MAX_DAYS } from './stats-days';
export { computeStatsDay, FINAL_AFTER_MS, VISITOR_SITE } from './stats-rollup';
export { runStatsPass, refreshRecent, startStatsRollup, ROLLUP_EVERY_MS, type StatsJob } from './stats-job';
export { readStats, TOP_PAIRS, TOP_USERS, type StatsScope } from './stats-query';
export { statsCsv } from './stats-csv';
