/**
 * Post-editing test setup shared by the post-editing suites: a site with CAT (and one without),
 * a professional user on it, a docx translated by the real in-process workers on the tiny test
 * models (English number words -> Chinese numerals), and the project opened.
 */
import { createSite } from '@mtp/accounts';
import { grantPlan } from '@mtp/billing';
import { convertWithLibreOffice } from '@mtp/platform';
import type { PeProject, PeSegment } from '@mtp/proto';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { uploadDocuments, waitForTask, type UploadFile } from './doc-support';
import type { TestGateway } from './helper';

export const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

const TEST_ACTOR = { userId: null, account: 'post-edit-test', siteId: null };

/** A site (`do_cat` as given) users can register on; answers its code. */
export async function siteWithCat(gw: TestGateway, code: string, doCat: boolean): Promise<string> {
  await createSite(gw.db, { site_code: code, site_name: code, site_config: { do_cat: doCat }, allow_register: true }, TEST_ACTOR);
  return code;
}

/** A user registered on `siteCode` with the plan given (professional by default; 'free' grants nothing). */
export async function postEditor(
  gw: TestGateway,
  account: string,
  siteCode: string,
  plan: 'professional-m' | 'standard-m' | 'free' = 'professional-m',
): Promise<{ token: string; userId: number }> {
  const tokens = await gw.registerUser(account, 'Passw0rd', 'editor', siteCode);
  const { rows } = await gw.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [account.toLowerCase()]);
  const userId = rows[0]!.user_id;
  if (plan !== 'free') await grantPlan(gw.db, { userId, sku: plan });
  return { token: tokens.access_token, userId };
}

/** A real .docx written by LibreOffice from plain text, one paragraph per line. */
export async function docxOf(lines: string[]): Promise<UploadFile> {
  return { name: 'numbers.docx', bytes: await convertWithLibreOffice(Buffer.from(lines.join('\n') + '\n'), 'txt', 'docx') };
}

/** Uploads and translates one file (en-us -> zh-cn) and answers its project id. */
export async function translatedFile(gw: TestGateway, token: string, file: UploadFile): Promise<string> {
  const created = await uploadDocuments(gw, token, [file]);
  if (created.code !== 20000) throw new Error(`upload failed: ${created.code} ${created.msg}`);
  const task = await waitForTask(gw, token, created.data.task_id);
  const item = task.translate_list[0]!;
  if (item.status !== 'done') throw new Error(`translation ended ${item.status}: ${item.message}`);
  return item.projectId;
}

export const openProject = (gw: TestGateway, token: string, projectId: string) =>
  gw.call<PeProject>('POST', 'post_edit/open', { token, body: { project_id: projectId } });

export async function segmentsOf(gw: TestGateway, token: string, projectId: string): Promise<PeSegment[]> {
  const res = await gw.call<{ segments: PeSegment[]; total: number }>('GET', 'post_edit/segments', {
    token,
    query: { project_id: projectId },
  });
  if (res.code !== 20000) throw new Error(`segments failed: ${res.code} ${res.msg}`);
  return res.data.segments;
}
