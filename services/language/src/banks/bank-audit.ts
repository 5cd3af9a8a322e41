/**
 * The system-log lines of staff changes to banks (issue 18: every administrator and manager
 * action is logged in the same transaction as the change). A change is staff's when the bank is
 * not the actor's own individual bank: someone else's bank they moderate, or a system bank. An
 * owner changing their own bank writes nothing. The line goes through the caller's `audit` port
 * with the change's transaction client, so a line that cannot be written undoes the change.
 */
import type { BankRow } from './banks';
import type { Actor, BankAudit, BankAuditEntry, TxClient } from './types';

/** Whether a change to this bank is logged: an audit port is given and the bank is not the actor's own. */
export function auditsChange(actor: Actor, bank: Pick<BankRow, 'user_id'>, audit: BankAudit | undefined): audit is BankAudit {
  return audit !== undefined && bank.user_id !== actor.userId;
}

export async function auditBankChange(
  client: TxClient,
  actor: Actor,
  bank: Pick<BankRow, 'user_id' | 'site_id'>,
  audit: BankAudit | undefined,
  entry: Omit<BankAuditEntry, 'siteId'>,
): Promise<void> {
  if (!auditsChange(actor, bank, audit)) return;
  await audit(client, { ...entry, siteId: bank.site_id });
}

/** What a log line keeps of a bank: enough to say whose bank it was and what it held. */
export function bankSummary(bank: BankRow) {
  return {
    name: bank.name,
    flag: bank.flag,
    system_or_individual: bank.system_or_individual,
    owner_id: bank.user_id,
    src_lang: bank.src_lang,
    tgt_lang: bank.tgt_lang,
    entry_count: bank.entry_count,
  };
}

/** An entry's texts as a log line keeps them. */
export type LoggedEntry = { entry_id: number | string; source: string; translated: string };
export const entryText = (e: LoggedEntry) => ({ entry_id: Number(e.entry_id), source: e.source, translated: e.translated });
