/**
 * Issue 14, item 1: SSRF through LibreOffice. A .doc whose INCLUDEPICTURE field, or an .xls
 * whose picture, is linked to a URL made soffice fetch it while converting (OPTIONS, HEAD, GET,
 * from the server, to any address). Both files point at a listener on 127.0.0.1; the .doc is
 * translated through the platform and the .xls imported into a termbase, the real routes a
 * user takes; each must go through, and the listener must hear nothing.
 *
 * The fixtures are made as a user's desktop would make them: plain LibreOffice (not the
 * platform's sandboxed converter, whose settings drop such links) saves an HTML page and a flat
 * ODS with a linked picture as .doc (INCLUDEPICTURE) and .xls (a linked picture). That
 * conversion is not what is tested, so the listener's count starts after it.
 */
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUpload, importTerms, MODELS_DIR, translateDocuments } from './upload-helpers';

// Each conversion starts a fresh LibreOffice (seconds on a loaded machine).
const OFFICE_MS = 300_000;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c80000000049454e44ae426082',
  'hex',
);

let gw: TestGateway;
let listener: Server;
let heard: string[] = [];
let serving = false;
let url: string;

beforeAll(async () => {
  listener = createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    // While the fixtures are made the picture is missing, so LibreOffice keeps it as a link
    // (a picture it could load, it would embed in the .xls).
    if (!serving) return void res.writeHead(404).end();
    res.setHeader('content-type', 'image/png');
    res.end(PNG);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/x.png`;
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
}, OFFICE_MS);

afterAll(async () => {
  await gw?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

/** Plain `soffice --convert-to`, with a profile of its own, as on a desktop. */
async function desktopConvert(source: string, ext: string, filter: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssrf-fixture-'));
  try {
    const input = path.join(dir, `input.${ext}`);
    await writeFile(input, source);
    const profile = `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`;
    await new Promise<void>((resolve, reject) =>
      execFile(
        'soffice',
        ['--headless', '--norestore', profile, '--convert-to', filter, '--outdir', dir, input],
        { timeout: 120_000 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    return await readFile(path.join(dir, `input.${filter.split(':')[0]}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A Word 97 file: two paragraphs to translate and a picture linked to `url` (INCLUDEPICTURE). */
async function linkedDoc(): Promise<Buffer> {
  const html = `<html><body><p>twenty one</p><p><img src="${url}" width="10" height="10"></p><p>thirty eight</p></body></html>`;
  const doc = await desktopConvert(html, 'html', 'doc:MS Word 97');
  expect(doc.includes(Buffer.from(`INCLUDEPICTURE  "${url}"`, 'utf16le'))).toBe(true);
  return doc;
}

/** An Excel 97 workbook: a header, one term, and a picture linked to `url`. */
async function linkedXls(): Promise<Buffer> {
  const cell = (text: string) => `<table:table-cell office:value-type="string"><text:p>${text}</text:p></table:table-cell>`;
  const fods = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
 office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="Terms">
<table:shapes><draw:frame svg:width="1cm" svg:height="1cm" svg:x="3cm" svg:y="3cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></table:shapes>
<table:table-row>${cell('source')}${cell('target')}</table:table-row>
<table:table-row>${cell('twenty one')}${cell('二十一')}</table:table-row>
</table:table></office:spreadsheet></office:body></office:document>`;
  const xls = await desktopConvert(fods, 'fods', 'xls:MS Excel 97');
  // BIFF keeps the link's address in UTF-16.
  expect(xls.includes(Buffer.from(url, 'utf16le'))).toBe(true);
  return xls;
}

describe('LibreOffice never reaches the network', () => {
  it(
    'translates a .doc whose INCLUDEPICTURE names a listener on 127.0.0.1; the listener hears nothing',
    async () => {
      const doc = await linkedDoc();
      heard = [];
      serving = true;
      const { token } = await gw.registeredUser('ssrf-doc@example.com');
      const task = await translateDocuments(gw, token, await documentUpload([{ name: 'linked.doc', bytes: doc }]));
      expect(task.translate_list.map((f) => [f.file_name, f.status, f.code])).toEqual([['linked.doc', 'done', 0]]);
      expect(heard).toEqual([]);
    },
    OFFICE_MS,
  );

  it(
    'imports an .xls term file whose picture is linked to the listener; the listener hears nothing',
    async () => {
      serving = false;
      const xls = await linkedXls();
      heard = [];
      serving = true;
      const answer = await importTerms(gw, await gw.adminToken(), 'Linked', { name: 'linked.xls', bytes: xls });
      expect(answer, answer.msg).toMatchObject({ code: 20000, data: { imported: 1 } });
      expect(heard).toEqual([]);
    },
    OFFICE_MS,
  );
});
