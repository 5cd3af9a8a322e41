export * from './ports';
export * from './text-translation';
export * from './translation-cache';
export { tasksMigrations } from './migrations';
export { BusMtClient } from './bus-mt-client';
export * from './text-jobs';
export * from './result-consumer';
export * from './documents/index';
export * from './trials';
