/**
 * OpenDocument uploads end to end, with the in-process MT worker on the tiny test models
 * (en-us -> zh-cn: English number words to Chinese numerals) and the in-process document worker:
 * the create call takes an .odt, the file is translated through LibreOffice and comes back as an
 * .odt holding the numerals; a password-protected .ods ends failed with the encrypted-file code,
 * and the unknown-format refusal names the OpenDocument formats.
 */
import { remaining } from '@mtp/billing';
import { DOCUMENT_FORMATS } from '@mtp/doc-worker';
import { convertWithLibreOffice } from '@mtp/platform';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { download, uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const LINES = ['twenty one', 'thirty eight', 'fifty eight', 'one hundred'];
const NUMERALS = ['二十一', '三十八', '五十八', '一百'];
const ODT_MIMETYPE = 'mimetypeapplication/vnd.oasis.opendocument.text';

let gw: TestGateway;
let odt: Buffer;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  // A real .odt written by LibreOffice Writer from plain text, one paragraph per line.
  odt = await convertWithLibreOffice(Buffer.from(LINES.join('\n') + '\n'), 'txt', 'odt');
}, 60_000);
afterAll(async () => {
  await gw.close();
});

describe('OpenDocument translation', () => {
  it('takes an .odt, charges its characters and serves an .odt holding the translation', async () => {
    const { token, userId } = await gw.registeredUser('odf1@example.com');
    const before = (await remaining(gw.db, userId)).total_left;
    const created = await uploadDocuments(gw, token, [{ name: 'numbers.odt', bytes: odt }]);
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id, 120_000);
    const item = task.translate_list[0]!;
    expect([item.file_name, item.status, item.code]).toEqual(['numbers.odt', 'done', 0]);
    const chars = LINES.join('').length;
    expect(before - (await remaining(gw.db, userId)).total_left).toBe(chars);

    const res = await download(gw, token, item.projectId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('numbers_zh-cn.odt');
    // The same format back: an OpenDocument text, mimetype first, as LibreOffice writes one.
    expect(res.rawPayload.subarray(30, 30 + ODT_MIMETYPE.length).toString('latin1')).toBe(ODT_MIMETYPE);
    const reopened = await DOCUMENT_FORMATS.odt.open(res.rawPayload, { srcLang: 'zh-cn' });
    expect(reopened.paragraphs.map((p) => p.text)).toEqual(NUMERALS);
  }, 180_000);

  it('names the OpenDocument formats when it refuses one it does not take (a flat .fodt)', async () => {
    const { token } = await gw.registeredUser('odf3@example.com');
    const refused = await uploadDocuments(gw, token, [{ name: 'flat.fodt', bytes: Buffer.from('<office:document/>') }]);
    expect(refused.code).toBe(1205);
    expect(refused.msg).toMatch(/^Unknown file format\. Supported formats: .*\bodt\b.*\bodp\b.*\bods\b/);
  });

  it('refuses a password-protected .ods with the encrypted-file code and charges nothing', async () => {
    const { token, userId } = await gw.registeredUser('odf2@example.com');
    const before = (await remaining(gw.db, userId)).total_left;
    const encrypted = await readFile(path.join(REPO_ROOT, 'workers/doc/fixtures/legacy/encrypted-pw-password.ods'));
    const created = await uploadDocuments(gw, token, [{ name: 'secret.ods', bytes: encrypted }]);
    expect(created.code, created.msg).toBe(20000);
    const task = await waitForTask(gw, token, created.data.task_id);
    expect(task.translate_list.map((f) => [f.file_name, f.status, f.code, f.message])).toEqual([
      ['secret.ods', 'failed', 1204, 'Confidential file rejected: please decrypt it first'],
    ]);
    expect((await remaining(gw.db, userId)).total_left).toBe(before);
  });
});
