export * from './device-registry';
