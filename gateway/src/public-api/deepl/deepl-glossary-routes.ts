/**
 * DeepL glossaries as termbases (gateway/README.md "DeepL-compatible API"): a glossary is one of
 * the key owner's own individual termbases (flag 1), one-way, of the glossary's language pair;
 * `glossary_id` is the bank id. Creating one creates the bank and imports the entries in one
 * all-or-nothing import (services/language), under the owner's plan limits (over them: 456, as
 * DeepL answers for too many glossaries). The same banks show in the web app's termbase list,
 * and one made there is a glossary here. Someone else's bank, a system bank or a memory is 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { remaining } from '@mtp/billing';
import { createBank, deleteBank, importEntries, listBanks, listEntries, loadBank, type BankRow } from '@mtp/language';
import { neutralizeFormula } from '@mtp/platform';
import {
  AppError,
  DeeplError,
  DeeplGlossary,
  DeeplGlossaryCreateBody,
  DeeplGlossaryList,
  DeeplGlossaryPairs,
  DeeplGlossaryParams,
  type BankItem,
  type LanguageCode,
} from '@mtp/proto';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { requireApiCaller, type ApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { deeplNotFound } from './deepl-errors';
import { deeplBaseCode, glossaryLanguagePairs, sourceLanguageOf } from './deepl-languages';
import { entriesToTsv, parseGlossaryEntries, type GlossaryEntry } from './glossary-entries';

const DEEPL_AUTH = { apiAuth: 'deepl' as const };
const ERRORS = { 400: DeeplError, 403: DeeplError, 404: DeeplError, 429: DeeplError, 456: DeeplError };
const ENTRIES_PAGE = 1000;

function glossaryOf(bank: Pick<BankItem, 'bank_id' | 'name' | 'src_lang' | 'tgt_lang' | 'entry_count' | 'created_at'>): DeeplGlossary {
  return {
    glossary_id: String(bank.bank_id),
    name: bank.name,
    ready: true,
    source_lang: deeplBaseCode(bank.src_lang as LanguageCode).toLowerCase(),
    target_lang: deeplBaseCode(bank.tgt_lang as LanguageCode).toLowerCase(),
    creation_time: bank.created_at,
    entry_count: bank.entry_count,
  };
}

const rowAsItem = (row: BankRow) => ({ ...row, created_at: row.created_at.toISOString() });

/** The caller's own termbase a glossary id names, else 404. */
async function ownGlossary(deps: PublicApiDeps, caller: ApiCaller, glossaryId: string): Promise<BankRow> {
  if (!/^\d{1,9}$/.test(glossaryId)) throw deeplNotFound('glossary');
  const bank = await loadBank(deps.db, caller, { bankId: Number(glossaryId), flag: 1, systemOrIndividual: 1 }, 'read').catch(
    (err: unknown) => {
      throw err instanceof AppError ? deeplNotFound('glossary') : err;
    },
  );
  if (bank.user_id !== caller.userId) throw deeplNotFound('glossary');
  return bank;
}

/** Entries as the termbase import reads them (`source<TAB>target`, see services/language's txt reader). */
function importLines(entries: GlossaryEntry[]): Readable {
  // A leading "#" would read as a comment line: a space first (entries are trimmed on import).
  const cell = (s: string) => (s.startsWith('#') ? ` ${s}` : neutralizeFormula(s));
  return Readable.from([Buffer.from(entries.map((e) => `${cell(e.source)}\t${cell(e.target)}`).join('\n'), 'utf8')]);
}

async function allEntries(deps: PublicApiDeps, caller: ApiCaller, bankId: number): Promise<GlossaryEntry[]> {
  const out: GlossaryEntry[] = [];
  for (let page = 1; ; page++) {
    const list = await listEntries(deps.db, caller, 1, 1, { bank_id: bankId, page, page_size: ENTRIES_PAGE });
    out.push(...list.list.map((e) => ({ source: e.source, target: e.translated })));
    if (page >= list.pages) break;
  }
  // Newest first there; DeepL answers entries in the order they were given.
  return out.reverse();
}

export const deeplGlossaryRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  const planOf = async (userId: number) => (await remaining(deps.db, userId)).plan_code;

  app.post(
    '/glossaries',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Create a glossary (DeepL v2)',
        description:
          'Creates one of your termbases from `entries` (`entries_format` tsv: `source<TAB>target` lines; csv: ' +
          '`source,target[,source_lang,target_lang]`). Names follow termbase names (at most 20 characters).',
        body: DeeplGlossaryCreateBody,
        response: { 201: DeeplGlossary, ...ERRORS },
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const body = req.body;
      const src = sourceLanguageOf(body.source_lang);
      const tgt = sourceLanguageOf(body.target_lang);
      const pair = { source: deeplBaseCode(src).toLowerCase(), target: deeplBaseCode(tgt).toLowerCase() };
      const entries = parseGlossaryEntries(body.entries, body.entries_format ?? 'tsv', pair);
      const created = await createBank({ db: deps.db, planOf }, caller, {
        flag: 1,
        system_or_individual: 1,
        name: body.name,
        src_lang: src,
        tgt_lang: tgt,
        tow_way: 0,
      });
      try {
        await importEntries(deps.db, caller, planOf, {
          flag: 1,
          systemOrIndividual: 1,
          bankId: created.bank_id,
          format: 'txt',
          stream: importLines(entries),
        });
      } catch (err) {
        // All or nothing: a glossary whose entries were refused does not stay behind empty.
        await deleteBank(deps.db, caller, 1, created.bank_id).catch((e: unknown) =>
          req.log.error({ err: e }, 'removing a refused glossary failed'),
        );
        throw err;
      }
      return reply.status(201).send(glossaryOf({ ...created, entry_count: entries.length }));
    },
  );

  app.get(
    '/glossaries',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'List glossaries (DeepL v2)',
        description: 'Your own termbases, as glossaries.',
        response: { 200: DeeplGlossaryList, ...ERRORS },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      const banks = await listBanks(deps.db, caller, 1, { system_or_individual: 1 });
      return { glossaries: banks.map(glossaryOf) };
    },
  );

  app.get(
    '/glossaries/:glossary_id',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Glossary details (DeepL v2)',
        description: 'One of your glossaries (a termbase of yours): its name, language pair, entry count and creation time.',
        params: DeeplGlossaryParams,
        response: { 200: DeeplGlossary, ...ERRORS },
      },
    },
    async (req) => glossaryOf(rowAsItem(await ownGlossary(deps, requireApiCaller(req), req.params.glossary_id))),
  );

  app.get(
    '/glossaries/:glossary_id/entries',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Glossary entries (DeepL v2)',
        description: 'The entries as `text/tab-separated-values`: one `source<TAB>target` a line.',
        params: DeeplGlossaryParams,
        response: { 200: Type.String(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const bank = await ownGlossary(deps, caller, req.params.glossary_id);
      const tsv = entriesToTsv(await allEntries(deps, caller, bank.bank_id));
      return reply.type('text/tab-separated-values; charset=utf-8').send(tsv);
    },
  );

  app.delete(
    '/glossaries/:glossary_id',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Delete a glossary (DeepL v2)',
        description: 'Deletes the termbase and its entries.',
        params: DeeplGlossaryParams,
        response: { 204: Type.Null(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const bank = await ownGlossary(deps, caller, req.params.glossary_id);
      await deleteBank(deps.db, caller, 1, bank.bank_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/glossary-language-pairs',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Glossary language pairs (DeepL v2)',
        description: 'The source and target language pairs a glossary may have: every ordered pair of the languages here.',
        response: { 200: DeeplGlossaryPairs, ...ERRORS },
      },
    },
    async (req) => {
      requireApiCaller(req);
      return { supported_languages: glossaryLanguagePairs() };
    },
  );
};
