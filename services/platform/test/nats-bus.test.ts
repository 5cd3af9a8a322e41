import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectNatsBus, createBus, streamName } from '../src/bus';
import type {} from '../src/bus/testing';
import { registerBusContract, waitFor } from './bus-contract';

const natsUrl = inject('natsUrl');
const prefix = `t-${randomBytes(4).toString('hex')}`;

registerBusContract({ name: 'NATS JetStream', prefix, connect: () => connectNatsBus({ url: natsUrl, name: 'bus-contract' }) });

describe('NATS adapter', () => {
  it('is what createBus gives for a NATS_URL', async () => {
    const bus = await createBus({ natsUrl });
    expect(bus.kind).toBe('nats');
    await bus.close();
  });

  it('creates streams and the durable consumer idempotently, and takes the latest timings', async () => {
    const queue = `${prefix}.idem`;
    const a = await connectNatsBus({ url: natsUrl });
    const b = await connectNatsBus({ url: natsUrl });
    const seen: number[] = [];
    await a.publishJob(queue, { n: 1 });
    await b.publishJob(queue, { n: 2 });
    const ca = await a.consume<{ n: number }>(queue, (job) => void seen.push(job.payload.n), { ackWaitMs: 1_000, maxDeliver: 2 });
    const cb = await b.consume<{ n: number }>(queue, (job) => void seen.push(job.payload.n), { ackWaitMs: 2_000, maxDeliver: 4 });
    await waitFor(() => seen.length === 2);
    const jsm = await a.connection.jetstreamManager();
    const info = await jsm.consumers.info(streamName(queue), 'workers');
    expect(info.config).toMatchObject({ ack_wait: 2_000_000_000, max_deliver: 4, ack_policy: 'explicit' });
    expect((await jsm.streams.info(streamName(queue))).config.retention).toBe('workqueue');
    // WorkQueue retention: acked jobs are gone from the stream.
    await waitFor(() => info.num_ack_pending === 0);
    expect((await jsm.streams.info(streamName(queue))).state.messages).toBe(0);
    await Promise.all([ca.stop(), cb.stop()]);
    await Promise.all([a.close(), b.close()]);
  });
});

afterAll(async () => {
  // The server may be shared (NATS_TEST_URL): remove this file's streams.
  const nc = await connect({ servers: natsUrl });
  const jsm = await nc.jetstreamManager();
  for (const s of await jsm.streams.list().next()) {
    const n = s.config.name;
    if (n.startsWith(`mtp_${prefix}`) || n.startsWith(`mtp_dead_${prefix}`)) await jsm.streams.delete(n);
  }
  await nc.close();
});
