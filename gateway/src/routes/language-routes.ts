/**
 * Translation memories and termbases (`/api/v1.0/tm_term_library/...`, `/api/v1.0/tm_term/...`,
 * `/api/v1.0/check/term_language`). `flag` 0 = memory, 1 = termbase; `system_or_individual`
 * 0 = system, 1 = individual. Plan limits read the caller's plan through `planOf`.
 * `public_term/get_public_term_list[/banks]` answer visitors without a token (the whitelist
 * names that segment); `tm_term_library/get_all_list/{flag}` is staff moderation. Staff's changes
 * to banks not their own (moderation, system banks) write their system-log line through the
 * `audit` port, in the change's transaction (language does not import accounts).
 */
import { recordAction } from '@mtp/accounts';
import {
  checkTermLanguage,
  createBank,
  deleteAllEntries,
  deleteBank,
  deleteEntriesByChoice,
  deleteEntry,
  insertEntry,
  listAllBanks,
  bankLimitsOf,
  listBanks,
  listEntries,
  listPublicTermBanks,
  listPublicTerms,
  renameBank,
  updateEntry,
  type BankAudit,
  type Flag,
  type PlanOf,
} from '@mtp/language';
import type { Db } from '@mtp/platform';
import {
  AllBankList,
  AllBankListQuery,
  BankItem,
  BankList,
  BankListParams,
  BankListQuery,
  CreateBankBody,
  DeleteAllBody,
  DeleteBankParams,
  DeleteChoiceBody,
  DeletedData,
  DeleteEntryBody,
  EntryItem,
  EntryList,
  EntryListParams,
  EntryListQuery,
  InsertEntryBody,
  PublicTermListQuery,
  RenameBankBody,
  Reply,
  TermLanguageData,
  TermLanguageQuery,
  UpdateEntryBody,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';

/** The caller's log lines, written with the transaction client the language service passes. */
const auditOf =
  (req: FastifyRequest): BankAudit =>
  (client, entry) =>
    recordAction(client, requestActor(req), entry);

export type LanguageRouteDeps = { db: Db; planOf: PlanOf };

export const languageRoutes: FastifyPluginAsyncTypebox<LanguageRouteDeps> = async (app, { db, planOf }) => {
  const deps = { db, planOf };

  app.get(
    '/tm_term_library/get_list/:flag',
    { schema: { params: BankListParams, querystring: BankListQuery, response: { 200: Reply(BankList) } } },
    async (req) => {
      const actor = requireUser(req);
      const flag = req.params.flag as Flag;
      return ok(req, { bank_list: await listBanks(db, actor, flag, req.query), limits: await bankLimitsOf(deps, actor, flag) });
    },
  );

  app.get(
    '/tm_term_library/get_all_list/:flag',
    { schema: { params: BankListParams, querystring: AllBankListQuery, response: { 200: Reply(AllBankList) } } },
    async (req) => ok(req, await listAllBanks(db, requireUser(req), req.params.flag as Flag, req.query)),
  );

  // Public termbases: a token is optional (the whitelist names get_public_term_list); nobody's own data is read.
  app.get(
    '/public_term/get_public_term_list',
    { config: { auth: 'optional' }, schema: { querystring: PublicTermListQuery, response: { 200: Reply(EntryList) } } },
    async (req) => ok(req, await listPublicTerms(db, req.query)),
  );

  app.get(
    '/public_term/get_public_term_list/banks',
    { config: { auth: 'optional' }, schema: { response: { 200: Reply(BankList) } } },
    async (req) => ok(req, { bank_list: await listPublicTermBanks(db) }),
  );

  app.post('/tm_term_library/create', { schema: { body: CreateBankBody, response: { 200: Reply(BankItem) } } }, async (req) =>
    ok(req, await createBank(deps, requireUser(req), req.body, auditOf(req))),
  );

  app.post('/tm_term_library/rename', { schema: { body: RenameBankBody, response: { 200: Reply(BankItem) } } }, async (req) =>
    ok(req, await renameBank(db, requireUser(req), req.body, auditOf(req))),
  );

  app.delete(
    '/tm_term_library/delete/:flag/:bankId',
    { schema: { params: DeleteBankParams, response: { 200: Reply(Type.Object({ bank_id: Type.Integer() })) } } },
    async (req) => ok(req, await deleteBank(db, requireUser(req), req.params.flag as Flag, req.params.bankId, auditOf(req))),
  );

  app.get(
    '/tm_term/get_es_list/:flag/:systemOrIndividual',
    { schema: { params: EntryListParams, querystring: EntryListQuery, response: { 200: Reply(EntryList) } } },
    async (req) => ok(req, await listEntries(db, requireUser(req), req.params.flag as Flag, req.params.systemOrIndividual, req.query)),
  );

  app.post('/tm_term/es_insert', { schema: { body: InsertEntryBody, response: { 200: Reply(EntryItem) } } }, async (req) =>
    ok(req, await insertEntry(deps, requireUser(req), req.body, auditOf(req))),
  );

  app.post('/tm_term/es_update', { schema: { body: UpdateEntryBody, response: { 200: Reply(EntryItem) } } }, async (req) =>
    ok(req, await updateEntry(db, requireUser(req), req.body, auditOf(req))),
  );

  app.delete('/tm_term/es_delete', { schema: { body: DeleteEntryBody, response: { 200: Reply(DeletedData) } } }, async (req) =>
    ok(req, await deleteEntry(db, requireUser(req), req.body, auditOf(req))),
  );

  app.delete(
    '/tm_term/es_delete_data_by_choice',
    { schema: { body: DeleteChoiceBody, response: { 200: Reply(DeletedData) } } },
    async (req) => ok(req, await deleteEntriesByChoice(db, requireUser(req), req.body, auditOf(req))),
  );

  app.delete('/tm_term/es_delete_all', { schema: { body: DeleteAllBody, response: { 200: Reply(DeletedData) } } }, async (req) =>
    ok(req, await deleteAllEntries(db, requireUser(req), req.body, auditOf(req))),
  );

  app.get(
    '/check/term_language',
    { schema: { querystring: TermLanguageQuery, response: { 200: Reply(TermLanguageData) } } },
    async (req) => {
      requireUser(req);
      return ok(req, checkTermLanguage(req.query.language_pair));
    },
  );
};
