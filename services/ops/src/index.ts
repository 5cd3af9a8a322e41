export * from './device-registry';
export { opsMigrations } from './migrations';
export { RateCounter, type RateHit } from './rate-counter';
export { countDevicesUp } from './device-summary';
