/**
 * Real LibreOffice runs (soffice must be installed; the suite skips when it is not on PATH).
 * Temp files go to a private TMPDIR so the test can see that every call cleans up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice, OfficeConversionError, officeSandboxOf } from '../src/office/index';

const hasSoffice = (() => {
  try {
    execFileSync('which', ['soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('convertWithLibreOffice', () => {
  let privateTmp: string;
  const originalTmp = process.env.TMPDIR;
  beforeAll(() => {
    privateTmp = mkdtempSync(join(tmpdir(), 'office-test-'));
    process.env.TMPDIR = privateTmp;
  });
  afterAll(() => {
    process.env.TMPDIR = originalTmp;
    rmSync(privateTmp, { recursive: true, force: true });
  });

  it('reports a missing soffice clearly', async () => {
    const err = await convertWithLibreOffice(Buffer.from('x'), 'txt', 'docx', { sofficePath: '/nonexistent/soffice' }).catch((e) => e);
    expect(err).toBeInstanceOf(OfficeConversionError);
    expect(err).toMatchObject({ reason: 'missing' });
    expect(readdirSync(privateTmp)).toEqual([]);
  });

  it('refuses to convert where no network namespace can be made, unless OFFICE_SANDBOX=none', async () => {
    const noNamespace = { unsharePath: '/nonexistent/unshare', sofficePath: '/nonexistent/soffice' };
    const refused = await convertWithLibreOffice(Buffer.from('x'), 'txt', 'docx', noNamespace).catch((e) => e);
    expect(refused).toBeInstanceOf(OfficeConversionError);
    expect(refused).toMatchObject({ reason: 'sandbox', message: expect.stringMatching(/no network namespace.*OFFICE_SANDBOX=none/) });
    // The operator's word that the network is closed another way: soffice runs without unshare.
    const unsandboxed = await convertWithLibreOffice(Buffer.from('x'), 'txt', 'docx', { ...noNamespace, sandbox: 'none' }).catch((e) => e);
    expect(unsandboxed).toMatchObject({ reason: 'missing' });
    expect(officeSandboxOf({ OFFICE_SANDBOX: 'none' })).toBe('none');
    expect(officeSandboxOf({})).toBe('netns');
    expect(readdirSync(privateTmp)).toEqual([]);
  });

  it.runIf(hasSoffice)(
    'converts txt -> docx -> doc -> txt in parallel-safe private profiles, cleaning up',
    async () => {
      // Two conversions at once: each has its own profile, so neither blocks the other.
      const [docxA, docxB] = await Promise.all([
        convertWithLibreOffice(Buffer.from('Alpha paragraph\n'), 'txt', 'docx'),
        convertWithLibreOffice(Buffer.from('Beta paragraph\n'), 'txt', 'docx'),
      ]);
      expect(docxA.subarray(0, 2).toString()).toBe('PK');
      expect(docxB.subarray(0, 2).toString()).toBe('PK');
      const doc = await convertWithLibreOffice(docxA, 'docx', 'doc');
      expect(doc.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
      const text = await convertWithLibreOffice(doc, 'doc', 'txt:Text (encoded):UTF8');
      expect(text.toString()).toContain('Alpha paragraph');
      expect(readdirSync(privateTmp)).toEqual([]);
    },
    90_000,
  );

  it.runIf(hasSoffice)(
    'fails clearly when nothing is produced, and kills soffice on timeout',
    async () => {
      // A .png cannot become a spreadsheet: soffice exits 0 without writing the output.
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c80000000049454e44ae426082',
        'hex',
      );
      const failed = await convertWithLibreOffice(png, 'png', 'xlsx').catch((e) => e);
      expect(failed).toMatchObject({ reason: 'failed' });
      const slow = await convertWithLibreOffice(Buffer.from('x'), 'txt', 'docx', { timeoutMs: 1 }).catch((e) => e);
      expect(slow).toMatchObject({ reason: 'timeout' });
      expect(readdirSync(privateTmp)).toEqual([]);
    },
    60_000,
  );
});
