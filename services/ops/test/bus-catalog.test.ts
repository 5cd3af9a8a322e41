import { assertQueueName, assertSubject } from '@mtp/platform';
import { BUS, checkBusMessage, DeviceRecord, poolSubject, segmentJobId, SegmentJob, TranslateTextRequest } from '@mtp/proto';
import { describe, expect, it } from 'vitest';

describe('the bus catalog', () => {
  it('names only valid ASCII subjects and queues, pooled ones per pool', () => {
    for (const entry of Object.values(BUS)) {
      const base = 'queue' in entry ? entry.queue : entry.subject;
      const names = entry.pooled ? [poolSubject(base), poolSubject(base, 'acme-corp')] : [base];
      for (const n of names) ('queue' in entry ? assertQueueName : assertSubject)(n);
    }
    expect(poolSubject(BUS.translateText.subject)).toBe('mt.translate.default');
    expect(() => poolSubject('mt.jobs', 'Acme.Corp')).toThrow(/pool/);
  });

  it('keeps retries inside the ack wait story: delays shorter than the queue gives up', () => {
    for (const entry of [BUS.translateSegments, BUS.segmentResults]) {
      expect(entry.maxDeliver).toBeGreaterThan(1);
      expect(entry.retryDelaysMs.length).toBeLessThan(entry.maxDeliver);
    }
  });

  it('checks messages against their schemas', () => {
    const job: SegmentJob = { task_id: 't1', chunk_index: 0, segments: ['你好'], src_lang: 'zh-cn', tgt_lang: 'en-us' };
    expect(checkBusMessage(SegmentJob, job)).toBe(true);
    expect(segmentJobId(job)).toBe('t1:0');
    expect(checkBusMessage(TranslateTextRequest, { texts: ['hi'], src_lang: 'en-us', tgt_lang: 'ja', domain: 'it' })).toBe(true);
    expect(checkBusMessage(TranslateTextRequest, { texts: [], src_lang: 'en-us', tgt_lang: 'ja' })).toBe(false);
    // Detection happens before the bus: workers get resolved languages only.
    expect(checkBusMessage(TranslateTextRequest, { texts: ['hi'], src_lang: 'auto', tgt_lang: 'ja' })).toBe(false);
    const now = new Date().toISOString();
    const device: DeviceRecord = {
      device_id: 'd1',
      host: 'h',
      pid: 1,
      pool: 'default',
      cpu_model: 'x',
      cpu_count: 4,
      total_mem_bytes: 1,
      gpu: null,
      execution_provider: 'cpu',
      loaded_pairs: [],
      in_flight: 0,
      jobs_done: 0,
      status: 'online',
      heartbeat_ms: 5_000,
      started_at: now,
      reported_at: now,
    };
    expect(checkBusMessage(DeviceRecord, device)).toBe(true);
    expect(checkBusMessage(DeviceRecord, { ...device, execution_provider: 'rocm' })).toBe(false);
  });
});
