/**
 * Picture translation end to end (issue 22 item 1), with the real in-process document worker
 * (re-encoding, tesseract, drawing), the tiny test MT models and PostgreSQL: a picture drawn from
 * known English text comes back redrawn with its lines translated and charged as text; each bad
 * picture answers its own code in the caller's language with nothing charged, no trial used and
 * nothing left in storage; the free plan's three trials.
 */
import { remaining } from '@mtp/billing';
import { verticalPicture } from '@mtp/doc-worker/testing';
import { LIMITS } from '@mtp/proto';
import { loadImage } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { storedFiles } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';
import { blankPicture, bombPicture, renderPictureCall, textPicture, translatePictureCall } from './picture-support';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const LINES = ['Machine translation', 'Hello world'];

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
}, 60_000);
afterAll(async () => {
  await gw.close();
});

/** The non-empty lines tesseract (the system CLI the worker uses) reads in a picture. */
async function ocrLines(png: Buffer, lang: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'picture-test-'));
  try {
    await writeFile(path.join(dir, 'p.png'), png);
    const text = await new Promise<string>((resolve, reject) =>
      execFile('tesseract', [path.join(dir, 'p.png'), 'stdout', '-l', lang, '--psm', '3'], (err, out) =>
        err ? reject(err) : resolve(out),
      ),
    );
    return text
      .split('\n')
      .map((l) => l.replace(/\s/g, ''))
      .filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function footprint(userId: number) {
  const count = async (sql: string) => Number((await gw.db.query<{ n: string }>(sql, [userId])).rows[0]!.n);
  return {
    left: (await remaining(gw.db, userId)).total_left,
    trials: await count(`SELECT coalesce(sum(used), 0) AS n FROM feature_trials WHERE user_id = $1 AND feature = 'picture'`),
    open: await count(`SELECT count(*) AS n FROM quota_reservations WHERE user_id = $1 AND state = 'reserved'`),
  };
}

describe('picture/translate', () => {
  it('reads, translates, charges and redraws a picture of English text', async () => {
    const { token, userId } = await gw.registeredUser('picture1@example.com');
    const before = await footprint(userId);
    const picture = textPicture(LINES);
    const answer = await translatePictureCall(gw, token, { name: 'slide.png', bytes: picture });
    expect(answer.code, answer.msg).toBe(20000);
    const { data } = answer;
    expect(data.lines.map((l) => l.source)).toEqual(LINES);
    for (const line of data.lines) {
      expect(line.confidence).toBeGreaterThanOrEqual(60);
      expect(line.translated.trim().length).toBeGreaterThan(0);
      expect(line.translated).not.toBe(line.source);
      expect(line.box.width).toBeGreaterThan(100);
    }
    expect(data.chars).toBe(LINES.join('').length);
    expect(data.image.startsWith('data:image/png;base64,')).toBe(true);
    const drawn = Buffer.from(data.image.slice('data:image/png;base64,'.length), 'base64');
    const image = await loadImage(drawn);
    expect([image.width, image.height]).toEqual([data.width, data.height]);
    expect(drawn.equals(picture)).toBe(false);
    // OCR'd again in the target language: the English is gone and the translation is there. The
    // tiny test model answers the same few Chinese characters for every line ("一千一十五"), and
    // tesseract misreads some of them at this size, so most (not all) of its characters must be read.
    const reread = await ocrLines(drawn, 'chi_sim');
    expect(reread.join(' ')).not.toMatch(/Machine|Hello|world/i);
    expect(reread).toHaveLength(LINES.length);
    reread.forEach((text, i) => {
      const wanted = [...data.lines[i]!.translated.replace(/\s/g, '')];
      const found = wanted.filter((ch) => text.includes(ch)).length;
      expect(found / wanted.length, `${text} vs ${data.lines[i]!.translated}`).toBeGreaterThanOrEqual(0.6);
    });
    const after = await footprint(userId);
    expect(after).toEqual({ left: before.left - data.chars, trials: before.trials + 1, open: 0 });
    expect(await storedFiles(gw.storageDir)).toEqual([]);
  }, 120_000);

  it('reads Chinese columns as vertical lines and says so in the answer', async () => {
    const { token } = await gw.registeredUser('picture7@example.com');
    const columns = ['机器翻译把一种语言', '的文字转换成另一种', '语言。'];
    const answer = await translatePictureCall(
      gw,
      token,
      { name: 'columns.png', bytes: verticalPicture(columns) },
      {
        src_lang: 'zh-cn',
        tgt_lang: 'en-us',
      },
    );
    expect(answer.code, answer.msg).toBe(20000);
    expect(answer.data.lines).toHaveLength(columns.length);
    for (const line of answer.data.lines) {
      expect(line.vertical).toBe(true);
      expect(line.box.height).toBeGreaterThan(line.box.width);
    }
  }, 120_000);

  it('re-renders edited translations into the original, charging nothing', async () => {
    const { token, userId } = await gw.registeredUser('picture6@example.com');
    const picture = { name: 'slide.png', bytes: textPicture(LINES) };
    const translated = await translatePictureCall(gw, token, picture);
    expect(translated.code, translated.msg).toBe(20000);
    const before = await footprint(userId);
    const edited = translated.data.lines.map((l, i) => ({ box: l.box, text: i === 0 ? 'EDITED TEXT' : l.translated }));
    const answer = await renderPictureCall(gw, token, picture, edited);
    expect(answer.code, answer.msg).toBe(20000);
    const png = Buffer.from(answer.data.image.slice('data:image/png;base64,'.length), 'base64');
    const reread = await ocrLines(png, 'eng');
    expect(reread[0]).toBe('EDITEDTEXT');
    expect(reread.join(' ')).not.toMatch(/Machine|Hello/);
    expect(await footprint(userId)).toEqual(before);

    const outside = await renderPictureCall(gw, token, picture, [{ box: { left: 800, top: 0, width: 500, height: 30 }, text: 'x' }]);
    expect(outside.code).toBe(40000);
    expect((await renderPictureCall(gw, token, picture, 'not json')).code).toBe(40000);
    const fake = await renderPictureCall(gw, token, { name: 'fake.png', bytes: Buffer.from('not a picture') }, edited);
    expect(fake.code).toBe(44104);
    expect(await storedFiles(gw.storageDir)).toEqual([]);
  }, 120_000);

  it('answers each bad picture with its own code, charging nothing and keeping nothing', async () => {
    const { token, userId } = await gw.registeredUser('picture2@example.com');
    const before = await footprint(userId);
    const png = textPicture(['Truncated picture']);
    const cases: [string, Buffer, number][] = [
      ['notes.gif', png, 44101],
      ['huge.png', Buffer.concat([png, Buffer.alloc(Math.round(3.1 * 1024 * 1024) - png.length, 7)]), 44102],
      ['wide.png', blankPicture(5000, 5000), 44103],
      ['fake.png', Buffer.from('<html><script>alert(1)</script></html>'), 44104],
      ['cut.png', png.subarray(0, Math.floor(png.length / 2)), 44105],
      ['bomb.png', bombPicture(30000), 44106],
      ['blank.png', blankPicture(400, 300), 44107],
    ];
    for (const [name, bytes, code] of cases) {
      const answer = await translatePictureCall(gw, token, { name, bytes }, {}, 'zh-CN');
      expect([name, answer.code]).toEqual([name, code]);
      expect(answer.msg).toMatch(/[\u4e00-\u9fff]/u);
    }
    const english = await translatePictureCall(gw, token, { name: 'bomb.png', bytes: bombPicture(30000) });
    expect(english.msg).toMatch(/decompression bomb/);
    expect(LIMITS.pictureBytes).toBe(3 * 1024 * 1024);
    expect(await footprint(userId)).toEqual(before);
    expect(await storedFiles(gw.storageDir)).toEqual([]);
  }, 120_000);

  it('offers the site pairs and refuses others before any work', async () => {
    const { token, userId } = await gw.registeredUser('picture3@example.com');
    const pairs = await gw.call<{ list: { src_lang: string; tgt_lang: string }[] }>('GET', 'picture/language_pairs', { token });
    expect(pairs.data.list).toEqual([
      { src_lang: 'en-us', tgt_lang: 'zh-cn' },
      { src_lang: 'zh-cn', tgt_lang: 'en-us' },
    ]);
    const before = await footprint(userId);
    const ja = await translatePictureCall(gw, token, { name: 'a.png', bytes: textPicture(['Hello']) }, { tgt_lang: 'ja' });
    expect(ja.code).toBe(44108);
    expect(await footprint(userId)).toEqual(before);
  }, 60_000);

  it('gives a free user three picture trials', async () => {
    const { token } = await gw.registeredUser('picture4@example.com');
    const picture = { name: 'hello.png', bytes: textPicture(['Hello world']) };
    for (let i = 0; i < 3; i++) expect((await translatePictureCall(gw, token, picture)).code).toBe(20000);
    const fourth = await translatePictureCall(gw, token, picture);
    expect(fourth.code).toBe(42005);
  }, 120_000);

  it('is refused where the site hides pictures', async () => {
    const { token } = await gw.registeredUser('picture5@example.com');
    await gw.db.query(`UPDATE sites SET site_config = site_config || '{"hidePicture": true}'::jsonb`);
    try {
      const answer = await translatePictureCall(gw, token, { name: 'hello.png', bytes: textPicture(['Hello']) });
      expect(answer.code).toBe(44109);
    } finally {
      await gw.db.query(`UPDATE sites SET site_config = site_config || '{"hidePicture": false}'::jsonb`);
    }
  }, 60_000);
});
