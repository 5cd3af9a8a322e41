import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBus, MemoryBroker, MemoryBus } from '../src/bus';
import { registerBusContract, waitFor } from './bus-contract';

const broker = new MemoryBroker();

registerBusContract({
  name: 'in-process',
  prefix: `t-${randomBytes(4).toString('hex')}`,
  connect: async () => new MemoryBus(broker),
});

describe('createBus without NATS_URL', () => {
  it('gives in-process clients that share the process broker', async () => {
    const worker = await createBus();
    const gateway = await createBus({ natsUrl: '' });
    expect(worker.kind).toBe('memory');
    await worker.serve('mt.translate.t-shared', ({ texts }: { texts: string[] }) => ({ translations: texts }));
    await expect(gateway.request('mt.translate.t-shared', { texts: ['a'] }, { timeoutMs: 1_000 })).resolves.toEqual({
      translations: ['a'],
    });
    const jobs: unknown[] = [];
    await worker.consume('t-shared.jobs', (job) => void jobs.push(job.payload), { ackWaitMs: 1_000, maxDeliver: 2 });
    await gateway.publishJob('t-shared.jobs', { n: 1 });
    await waitFor(() => jobs.length === 1);
    await Promise.all([worker.close(), gateway.close()]);
  });

  it('rejects names that are not ASCII subject tokens', async () => {
    const bus = new MemoryBus(broker);
    await expect(bus.publishJob('mt.jobs.企业', {})).rejects.toMatchObject({ code: 'invalid' });
    await expect(bus.publish('mt..progress', {})).rejects.toMatchObject({ code: 'invalid' });
    await expect(bus.subscribe('devices.>', () => {})).resolves.toBeDefined();
    await bus.close();
  });
});
