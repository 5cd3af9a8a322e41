/**
 * Document scan end to end on the real platform (issue 21): the gateway stores the upload, the
 * in-process document worker extracts the terms (workers/doc/src/terms), the tasks service stores
 * them with what the caller's termbases and memories know, and the user reviews them in pages of
 * 10, edits, chooses and adds them to a termbase. Also: a file the worker cannot open, and a
 * result delivered twice.
 */
import type { BankItem, EntryList, TermCandidate, TermExtractionResult } from '@mtp/proto';
import { onScanResult, scanDepsOf } from '@mtp/tasks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';
import { createScan, queryScan, waitForScan } from './scan-support';

const NOTES = path.join(import.meta.dirname, 'fixtures/scan-notes.txt');

let gw: TestGateway;
let alice: { token: string; userId: number };
let taskId: string;
let glossary: BankItem;
let memory: BankItem;

async function createBank(token: string, body: Record<string, unknown>): Promise<BankItem> {
  const res = await gw.call<BankItem>('POST', 'tm_term_library/create', { token, body: { src_lang: 'en-us', tgt_lang: 'zh-cn', ...body } });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

async function insertEntry(token: string, bank: BankItem, source: string, translated: string) {
  const res = await gw.call('POST', 'tm_term/es_insert', {
    token,
    body: { flag: bank.flag, system_or_individual: bank.system_or_individual, bank_id: bank.bank_id, source, translated },
  });
  expect(res.code, res.msg).toBe(20000);
}

async function candidate(term: string): Promise<TermCandidate> {
  const answer = await queryScan(gw, alice.token, { task_id: taskId, keyword: term, page_size: '100' });
  const found = answer.data.list.find((c) => c.term.toLowerCase() === term);
  if (!found) throw new Error(`no candidate ${term} among ${answer.data.list.map((c) => c.term).join(', ')}`);
  return found;
}

function update(body: Record<string, unknown>) {
  return gw.call<TermCandidate>('POST', 'saas/term_extraction_update', { token: alice.token, body: { task_id: taskId, ...body } });
}

function toTermbase(bankId: number, termIds?: number[]) {
  return gw.call<{ added: number; skipped: number }>('POST', 'saas/term_extraction_to_termbase', {
    token: alice.token,
    body: { task_id: taskId, bank_id: bankId, ...(termIds ? { term_ids: termIds } : {}) },
  });
}

async function entriesOf(bank: BankItem): Promise<string[]> {
  const res = await gw.call<EntryList>('GET', `tm_term/get_es_list/1/${bank.system_or_individual}`, {
    token: alice.token,
    query: { bank_id: String(bank.bank_id), page_size: '100' },
  });
  return res.data.list.map((e) => `${e.source}=${e.translated}`).sort();
}

beforeAll(async () => {
  gw = await buildTestGateway();
  alice = await gw.registeredUser('scan-flow@example.com');
  // What the caller's banks know before the scan: a term (another case) and a memory entry.
  glossary = await createBank(alice.token, { flag: 1, name: 'Glossary' });
  await insertEntry(alice.token, glossary, 'Translation Memory', '翻译记忆');
  memory = await createBank(alice.token, { flag: 0, name: 'Memory' });
  await insertEntry(alice.token, memory, 'parallel corpus', '平行语料库');
  const created = await createScan(gw, alice.token, { name: 'scan-notes.txt', bytes: await readFile(NOTES) });
  expect(created.code, created.msg).toBe(20000);
  taskId = created.data!.task_id;
}, 120_000);
afterAll(async () => {
  await gw?.close();
});

describe('document scan with the document worker', () => {
  it('extracts candidates, best first, in pages of 10, with what the termbases and memories know', async () => {
    const done = await waitForScan(gw, alice.token, taskId);
    expect(done.status).toBe('done');
    expect(done.total).toBeGreaterThan(10);
    expect(done.list).toHaveLength(10);
    const second = await queryScan(gw, alice.token, { task_id: taskId, page: '2' });
    expect(second.data.list.length).toBeGreaterThan(0);
    const firstIds = new Set(done.list.map((c) => c.term_id));
    expect(second.data.list.some((c) => firstIds.has(c.term_id))).toBe(false);
    // Best first: the worker's order is kept.
    expect(done.list[0]!.score).toBeGreaterThanOrEqual(second.data.list[0]!.score);

    const memoryTerm = await candidate('translation memory');
    expect(memoryTerm).toMatchObject({ in_termbase: true, translation: '翻译记忆', chosen: false });
    expect(memoryTerm.example).toMatch(/translation memory/i);
    expect(await candidate('parallel corpus')).toMatchObject({ in_termbase: false, translation: '平行语料库' });
    expect(await candidate('language pair')).toMatchObject({ in_termbase: false, translation: '' });
  });

  it('keeps a result delivered twice once', async () => {
    const before = await queryScan(gw, alice.token, { task_id: taskId, page_size: '100' });
    await onScanResult(scanDepsOf(gw.translation.docs)!, { kind: 'terms.extracted', task_id: taskId, count: before.data.total });
    const after = await queryScan(gw, alice.token, { task_id: taskId, page_size: '100' });
    expect(after.data.total).toBe(before.data.total);
    expect(after.data.list.map((c) => c.term_id)).toEqual(before.data.list.map((c) => c.term_id));
  });

  it('edits, chooses and adds the chosen terms to a termbase of the pair the caller may write', async () => {
    const pair = await candidate('language pair');
    const edited = await update({ term_id: pair.term_id, translation: '语言对', chosen: true });
    expect(edited.code, edited.msg).toBe(20000);
    expect(edited.data).toMatchObject({ translation: '语言对', chosen: true });
    const corpus = await candidate('parallel corpus');
    expect((await update({ term_id: corpus.term_id, chosen: true })).code).toBe(20000);
    expect((await update({ term_id: 999_999_999, chosen: true })).code).toBe(44083);
    const chosen = await queryScan(gw, alice.token, { task_id: taskId, chosen: 'true' });
    expect(chosen.data.list.map((c) => c.term).sort()).toEqual(['language pair', 'parallel corpus']);

    // A system termbase the caller may not write, or a memory: 44084.
    const admin = await gw.adminToken();
    const system = await createBank(admin, { flag: 1, name: 'System terms', system_or_individual: 0 });
    expect((await toTermbase(system.bank_id)).code).toBe(44084);
    expect((await toTermbase(memory.bank_id)).code).toBe(44084);

    const added = await toTermbase(glossary.bank_id);
    expect(added.code, added.msg).toBe(20000);
    expect(added.data).toEqual({ added: 2, skipped: 0 });
    expect(await entriesOf(glossary)).toEqual(['Translation Memory=翻译记忆', 'language pair=语言对', 'parallel corpus=平行语料库']);
    expect((await candidate('language pair')).in_termbase).toBe(true);
    // Again: both are there already.
    expect((await toTermbase(glossary.bank_id)).data).toEqual({ added: 0, skipped: 2 });
  });

  it('adds nothing when the plan cannot take every chosen term (42005)', async () => {
    const page = await queryScan(gw, alice.token, { task_id: taskId, page: '2' });
    const three = page.data.list.filter((c) => !c.in_termbase).slice(0, 3);
    for (const [i, c] of three.entries()) expect((await update({ term_id: c.term_id, translation: `术语${i}` })).code).toBe(20000);
    // A free plan holds 5 entries a bank; the glossary has 3.
    const refused = await toTermbase(
      glossary.bank_id,
      three.map((c) => c.term_id),
    );
    expect(refused.code).toBe(42005);
    expect(await entriesOf(glossary)).toHaveLength(3);
    const fits = await toTermbase(
      glossary.bank_id,
      three.slice(0, 2).map((c) => c.term_id),
    );
    expect(fits.data).toEqual({ added: 2, skipped: 0 });
    expect(await entriesOf(glossary)).toHaveLength(5);
  });

  it('refuses a termbase of another language pair (44084)', async () => {
    expect((await gw.call('DELETE', `tm_term_library/delete/1/${glossary.bank_id}`, { token: alice.token })).code).toBe(20000);
    const reversed = await createBank(alice.token, { flag: 1, name: 'Reversed', src_lang: 'zh-cn', tgt_lang: 'en-us' });
    expect((await toTermbase(reversed.bank_id)).code).toBe(44084);
  });

  it('fails a file the worker cannot open, with the code message in the caller language', async () => {
    // Another user: a new scan replaces its user's older one.
    const bob = await gw.registeredUser('scan-flow-bob@example.com');
    const broken = await createScan(gw, bob.token, { name: 'broken.docx', bytes: Buffer.from('this is not a zip file at all') });
    expect(broken.code).toBe(20000);
    await waitForScan(gw, bob.token, broken.data!.task_id);
    const answer = await queryScan(gw, bob.token, { task_id: broken.data!.task_id }, 'zh-CN');
    expect(answer.data.status).toBe('failed');
    expect(answer.data.message).toMatch(/[\u4e00-\u9fff]/);
    expect(answer.data.list).toEqual([]);
  });

  it('deletes the scan with its candidates and files', async () => {
    const res = await gw.call('GET', 'saas/term_extraction_deleteall', { token: alice.token, query: { task_id: taskId } });
    expect(res.code).toBe(20000);
    expect((await gw.db.query('SELECT 1 FROM term_candidates WHERE task_id = $1', [taskId])).rows).toHaveLength(0);
    const left: string[] = [];
    for await (const entry of gw.storage.list(`scans/${taskId}/`)) left.push(entry.key);
    expect(left).toEqual([]);
    const latest = await gw.call<TermExtractionResult | null>('GET', 'saas/term_extraction_latest', { token: alice.token });
    expect(latest.data?.task_id).not.toBe(taskId);
  });
});
