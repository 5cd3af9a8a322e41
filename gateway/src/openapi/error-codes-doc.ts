/**
 * Every response code of `proto/src/error-codes.ts` as the API document shows it: a table in
 * the document's description (any renderer shows Markdown) and the same list as the
 * `x-error-codes` extension (for tools and for the test that checks none is missing). Built from
 * CODES itself, so a new code is documented the moment it exists.
 */
import { CODES, type CodeName } from '@mtp/proto';

export type DocumentedCode = { name: CodeName; code: number; http: number; en_US: string; zh_CN: string };

/** All codes, by number (20000 first: it is the one every success carries). */
export function documentedCodes(): DocumentedCode[] {
  const all = (Object.keys(CODES) as CodeName[]).map((name) => ({ name, ...CODES[name] }));
  return all.sort((a, b) => (a.code === 20000 ? -1 : b.code === 20000 ? 1 : a.code - b.code));
}

// A `|` inside a message would end its table cell.
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A Markdown table: code, HTTP status, name, English and Chinese message. */
export function errorCodeTable(): string {
  const rows = documentedCodes().map((c) => `| ${c.code} | ${c.http} | \`${c.name}\` | ${cell(c.en_US)} | ${cell(c.zh_CN)} |`);
  return ['| code | HTTP | name | message (en_US) | message (zh_CN) |', '| ---: | ---: | --- | --- | --- |', ...rows].join('\n');
}
