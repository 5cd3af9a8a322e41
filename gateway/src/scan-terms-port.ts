/**
 * Document scan's ports (@mtp/tasks `ScanTermsPort`, `TermbaseWriter`) on @mtp/language, which
 * the tasks service does not import. Lookups are one batch per scan: the termbase entries whose
 * source is a candidate (ignoring case), and exact memory entries for the candidates no
 * termbase knows. Writes go through `insertEntryWith` (the entry rules, the plan's entries per
 * bank, the system-log audit of staff writing a system termbase), all in one transaction.
 */
import {
  findExactMatches,
  findTermbaseEntries,
  insertEntryWith,
  limitingPlan,
  loadBank,
  type Actor,
  type BankAudit,
  type BankRow,
  type BanksDeps,
} from '@mtp/language';
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, type LanguageCode } from '@mtp/proto';
import type { NewTermEntry, ScanTermsPort, TermbaseWriter } from '@mtp/tasks';

export function scanTermsPort(db: Db): ScanTermsPort {
  return {
    async lookup(userId, src, tgt, terms) {
      const query = { userId, srcLang: src, tgtLang: tgt };
      const entries = await findTermbaseEntries(db, { ...query, terms });
      const unknown = terms.filter((_, i) => !entries[i]);
      const memories = unknown.length > 0 ? await findExactMatches(db, { ...query, segments: unknown }) : [];
      const fromMemory = new Map(unknown.map((term, i) => [term, memories[i]?.translated ?? '']));
      return terms.map((term, i) => ({ inTermbase: !!entries[i], translation: entries[i]?.translated ?? fromMemory.get(term) ?? '' }));
    },
  };
}

/** The bank as a termbase of the pair the actor may write, or 44084 (missing, another's, read-only, another pair). */
async function writableTermbase(db: Db, actor: Actor, bankId: number, src: LanguageCode, tgt: LanguageCode): Promise<BankRow> {
  let bank: BankRow;
  try {
    bank = await loadBank(db, actor, { bankId, flag: 1 }, 'write');
  } catch (err) {
    if (err instanceof AppError && (err.codeName === 'NOT_FOUND' || err.codeName === 'NO_PERMISSION'))
      throw new AppError('TERM_BANK_INVALID');
    throw err;
  }
  const forward = bank.src_lang === src && bank.tgt_lang === tgt;
  const backward = bank.tow_way === 1 && bank.src_lang === tgt && bank.tgt_lang === src;
  if (!forward && !backward) throw new AppError('TERM_BANK_INVALID');
  return bank;
}

/** A writer for one caller; `audit` writes staff's system-log lines (routes bind it to the request). */
export function termbaseWriter(deps: BanksDeps, actor: Actor, audit?: BankAudit): TermbaseWriter {
  return {
    async addEntries(bankId, src, tgt, entries) {
      const bank = await writableTermbase(deps.db, actor, bankId, src, tgt);
      const there = await findTermbaseEntries(deps.db, {
        userId: actor.userId,
        srcLang: src,
        tgtLang: tgt,
        terms: entries.map((e) => e.term),
        bankId,
      });
      const existing: string[] = [];
      const fresh: NewTermEntry[] = [];
      const seen = new Set<string>();
      entries.forEach((entry, i) => {
        const key = entry.term.trim().toLowerCase();
        if (there[i] || seen.has(key)) existing.push(entry.term);
        else fresh.push(entry);
        seen.add(key);
      });
      // Read the plan before the transaction (billing's tables); the entry limit is checked per insert.
      const plan = await limitingPlan(deps.planOf, actor, bank.system_or_individual === 1);
      await inTransaction(deps.db, async (client) => {
        for (const entry of fresh) {
          const body = {
            flag: 1,
            system_or_individual: bank.system_or_individual,
            bank_id: bankId,
            source: entry.term,
            translated: entry.translation,
            src_lang: src,
            tgt_lang: tgt,
          };
          await insertEntryWith(client, deps.db, actor, body, { plan, audit });
        }
      });
      return { added: fresh.map((e) => e.term), existing };
    },
  };
}
