/**
 * The in-process MT worker's settings from the environment, as the standalone worker reads them:
 * MT_THREADS and MT_SPIN (spinning onnxruntime threads, off unless asked).
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
});
