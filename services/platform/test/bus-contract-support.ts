/**
 * What the parts of the bus contract share: the fixture an adapter's test file provides, the
 * per-test client factory, and polling helpers.
 */
import type { TestContext } from 'vitest';
import type { Bus } from '../src/bus';

export type TestBus = Bus & { simulateCrash(): Promise<void> };

export type BusFixture = {
  name: string;
  /** Lower-case ASCII, unique per run: every queue and subject of the suite starts with it. */
  prefix: string;
  connect(): Promise<TestBus>;
};

export type SuiteContext = {
  /** A fresh queue or subject name under the fixture's prefix. */
  name(kind: string): string;
  /** A client factory whose clients are closed when the test ends. */
  connector(onTestFinished: TestContext['onTestFinished']): () => Promise<TestBus>;
};

/** Short, so the suite is fast; the gaps the tests assert leave room for a loaded machine. */
export const ACK_WAIT_MS = 500;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}
