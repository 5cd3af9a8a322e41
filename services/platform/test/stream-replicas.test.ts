import { describe, expect, it } from 'vitest';
import { streamReplicasSetting } from '../src/bus/create-bus';

describe('NATS_STREAM_REPLICAS', () => {
  it('defaults to one copy and takes 1 to 5', () => {
    expect(streamReplicasSetting({})).toBe(1);
    expect(streamReplicasSetting({ NATS_STREAM_REPLICAS: '' })).toBe(1);
    expect(streamReplicasSetting({ NATS_STREAM_REPLICAS: '3' })).toBe(3);
    expect(streamReplicasSetting({ NATS_STREAM_REPLICAS: '5' })).toBe(5);
  });

  it('stops the process on a value JetStream would refuse, naming the setting', () => {
    for (const bad of ['0', '6', '2.5', 'three', '-1']) {
      expect(() => streamReplicasSetting({ NATS_STREAM_REPLICAS: bad })).toThrow(/NATS_STREAM_REPLICAS/);
    }
  });
});
