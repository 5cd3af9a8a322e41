/**
 * The in-process workers' settings from the environment: MT_THREADS and MT_SPIN as the
 * standalone MT worker reads them (spinning onnxruntime threads, off unless asked), and which
 * workers run inside the gateway's process (RUN_MT_WORKER, RUN_DOC_WORKER).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('in-process MT worker settings', () => {
  it('reads MT_THREADS and MT_SPIN, spinning off by default', () => {
    expect(loadConfig({}).mtSpin).toBe(false);
    expect(loadConfig({}).mtThreads).toBeUndefined();
    const config = loadConfig({ MT_SPIN: '1', MT_THREADS: '3' });
    expect(config.mtSpin).toBe(true);
    expect(config.mtThreads).toBe(3);
  });

  it('refuses an MT_SPIN other than 0 or 1', () => {
    expect(() => loadConfig({ MT_SPIN: 'yes' })).toThrow(/MT_SPIN must be 0 or 1/);
  });

  it('runs the workers in-process on a single machine, and leaves them to their own processes on NATS unless asked', () => {
    expect(loadConfig({})).toMatchObject({ runMtWorker: true, runDocWorker: true });
    expect(loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toMatchObject({ runMtWorker: false, runDocWorker: false });
    expect(loadConfig({ RUN_DOC_WORKER: '0' })).toMatchObject({ runMtWorker: true, runDocWorker: false });
    expect(loadConfig({ NATS_URL: 'nats://127.0.0.1:4222', RUN_DOC_WORKER: '1' }).runDocWorker).toBe(true);
    expect(() => loadConfig({ RUN_DOC_WORKER: 'no' })).toThrow(/RUN_DOC_WORKER must be 0 or 1/);
  });
});
