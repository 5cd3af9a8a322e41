/** In-flight and finished work of a worker, its throughput and utilisation, for its device record. */
export { WorkMeter as WorkerStats } from '@mtp/platform';
