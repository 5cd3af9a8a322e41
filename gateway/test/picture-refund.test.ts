/**
 * Picture translation when drawing fails after the lines were translated (issue 22 item 1): the
 * reservation is refunded and the trial given back. No document worker runs here; a STAND-IN for
 * one (named so: it is not the real worker) answers `doc.picture.read` with one line and fails
 * `doc.picture.render`, as a worker that crashes while drawing would. MT and the ledger are real.
 */
import { remaining } from '@mtp/billing';
import { serveRequestsOf } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';
import { textPicture, translatePictureCall } from './picture-support';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

let gw: TestGateway;
let renders = 0;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR, docWorker: false });
  const picture = textPicture(['Hello world']);
  await serveRequestsOf(gw.bus, BUS.readPicture, async (req) => {
    await gw.storage.put(req.png_key, picture, { contentType: 'image/png' });
    return {
      outcome: 'ok' as const,
      width: 900,
      height: 104,
      lines: [{ text: 'Hello world', box: { left: 30, top: 20, width: 200, height: 30 }, confidence: 95 }],
    };
  });
  await serveRequestsOf(gw.bus, BUS.renderPicture, async () => {
    renders += 1;
    throw new Error('stand-in worker: drawing failed');
  });
}, 60_000);
afterAll(async () => {
  await gw.close();
});

describe('picture/translate when drawing fails', () => {
  it('refunds the characters and gives the trial back', async () => {
    const { token, userId } = await gw.registeredUser('picture-refund@example.com');
    const left = (await remaining(gw.db, userId)).total_left;
    const answer = await translatePictureCall(gw, token, { name: 'hello.png', bytes: textPicture(['Hello world']) });
    expect(answer.code).toBe(1201);
    expect(renders).toBe(1);
    expect((await remaining(gw.db, userId)).total_left).toBe(left);
    const { rows } = await gw.db.query<{ state: string; chars_reserved: string }>(
      'SELECT state, chars_reserved FROM quota_reservations WHERE user_id = $1',
      [userId],
    );
    // The lines were reserved (so the translation really ran) and then refunded.
    expect(rows).toEqual([{ state: 'refunded', chars_reserved: '11' }]);
    const trials = await gw.db.query('SELECT used FROM feature_trials WHERE user_id = $1', [userId]);
    expect(trials.rows.map((r) => Number(r.used))).toEqual([0]);
  }, 60_000);
});
