/**
 * XLIFF 1.2 validation against OASIS's strict schema (with W3C's xml.xsd), for the post-editing
 * export tests here and in the gateway (`@mtp/doc-worker/testing`). The schemas come from
 * Debian's php-symfony-translation, unpacked by `ensure_xliff_schema` (scripts/lib.sh) into
 * XLIFF_SCHEMA_DIR (default .cache/xliff-schema); a missing schema fails loudly, never skips.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const XLIFF_SCHEMA_DIR = process.env.XLIFF_SCHEMA_DIR ?? join(ROOT, '.cache/xliff-schema');

export async function validateXliff(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const strict = join(XLIFF_SCHEMA_DIR, 'xliff-core-1.2-strict.xsd');
  if (!existsSync(strict)) throw new Error(`no XLIFF schema at ${strict}: run "source scripts/lib.sh && ensure_xliff_schema"`);
  // The schema imports xml.xsd by its web address; xmllint reads the local copy instead.
  const xsd = readFileSync(strict, 'utf8').replace('schemaLocation="http://www.w3.org/2001/xml.xsd"', 'schemaLocation="xml.xsd"');
  const result = await validateXML({
    xml: { fileName: 'export.xlf', contents: xml },
    schema: { fileName: 'xliff-core-1.2-strict.xsd', contents: xsd },
    preload: { fileName: 'xml.xsd', contents: readFileSync(join(XLIFF_SCHEMA_DIR, 'xml.xsd'), 'utf8') },
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}
