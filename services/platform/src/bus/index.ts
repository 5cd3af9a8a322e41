export * from './port';
export * from './create-bus';
export { MemoryBroker, MemoryBus, processBroker } from './memory-bus';
export { connectNatsBus, NatsBus, type NatsBusOptions } from './nats-bus';
export { streamName } from './nats-jobs';
export * from './device-reporter';
export * from './catalog-bus';
export * from './work-meter';
export * from './controlled-serving';
