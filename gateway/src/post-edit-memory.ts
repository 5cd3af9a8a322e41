/**
 * The post-editing memory port (@mtp/tasks' `PeMemoryPort`) on the language service: a bank is
 * checked with `loadBank` for writing (the caller's own memory, or a system memory they manage)
 * and the pair, and a confirmed segment is written with `insertEntry`, so a confirm obeys every
 * rule of adding an entry by hand (the plan's entries per memory, the texts' limits) and staff's
 * writes to system memories leave their system-log line, as in the memory pages.
 */
import { insertEntry, loadBank, type BankAudit, type PlanOf } from '@mtp/language';
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import type { PeMemoryPort } from '@mtp/tasks';

export function createPeMemoryPort(opts: { db: Db; planOf: PlanOf; audit?: BankAudit; log?: (line: string) => void }): PeMemoryPort {
  const { db, planOf, audit } = opts;
  return {
    async checkBank(actor, bankId, src, tgt) {
      try {
        const bank = await loadBank(db, actor, { bankId, flag: 0 }, 'write');
        const forward = bank.src_lang === src && bank.tgt_lang === tgt;
        const backward = bank.tow_way === 1 && bank.src_lang === tgt && bank.tgt_lang === src;
        return forward || backward ? { ok: true, name: bank.name } : { ok: false };
      } catch (err) {
        if (err instanceof AppError) return { ok: false };
        throw err;
      }
    },
    async write(actor, bankId, entry) {
      try {
        const bank = await loadBank(db, actor, { bankId, flag: 0 }, 'write');
        const written = await insertEntry(
          { db, planOf },
          actor,
          {
            flag: 0,
            system_or_individual: bank.system_or_individual,
            bank_id: bankId,
            source: entry.source,
            translated: entry.target,
            prev_source: entry.prevSource,
            src_lang: entry.srcLang,
            tgt_lang: entry.tgtLang,
          },
          audit,
        );
        return { ok: true, entryId: written.entry_id };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, error: err };
        // The segment is saved already: a fault here must not read as a failed save.
        opts.log?.(`post-editing: writing to memory ${bankId} failed: ${(err as Error).message}`);
        return { ok: false, error: new AppError('SERVER_ERROR', undefined, { cause: err }) };
      }
    },
    async bankName(bankId) {
      // A name for display only; the language service's own checks guard every write.
      const { rows } = await db.query<{ name: string }>('SELECT name FROM tm_banks WHERE bank_id = $1 AND flag = 0', [bankId]);
      return rows[0]?.name ?? null;
    },
  };
}
