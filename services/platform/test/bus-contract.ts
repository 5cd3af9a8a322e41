/**
 * The bus contract: what every adapter must do, checked against a real broker. Each adapter's
 * test file calls registerBusContract with a way to connect clients to one shared broker (each
 * client stands for a process: a worker, the gateway).
 */
import { describe } from 'vitest';
import { registerMessagingContract } from './bus-contract-messaging';
import { registerQueueContract } from './bus-contract-queues';
import { registerRequestIdContract } from './bus-contract-request-id';
import type { BusFixture, SuiteContext } from './bus-contract-support';

export { sleep, waitFor, type BusFixture, type TestBus } from './bus-contract-support';

export function registerBusContract(fixture: BusFixture): void {
  // Concurrent: each test has its own clients, queues and subjects, and most of its time is
  // spent waiting on timers, so the suite takes as long as its slowest test.
  describe.concurrent(`bus contract: ${fixture.name}`, () => {
    let n = 0;
    const ctx: SuiteContext = {
      name: (kind) => `${fixture.prefix}.${kind}${++n}`,
      connector: (onTestFinished) => async () => {
        const bus = await fixture.connect();
        onTestFinished(() => bus.close({ deadlineMs: 100 }));
        return bus;
      },
    };
    registerQueueContract(ctx);
    registerMessagingContract(ctx);
    registerRequestIdContract(ctx);
  });
}
