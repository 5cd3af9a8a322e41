/**
 * What the plan still allows on the bank screens (spec section 6: free 1 memory/termbase of 5
 * entries, standard and professional 10 of 50). The numbers come from the server's `get_list`
 * (`limits`, read from the same plan its 42005 refusals read), so the screen shows them before
 * an action is refused and never guesses the plan from a cached profile.
 */
import type { BankItem, BankLimits } from '@mtp/proto';
import type { BankScope } from './bank-rules';

export type EntryRoom = { limit: number; left: number };

/** Whether the plan's limits apply: the user's own banks on their own screen. */
const limited = (bank: Pick<BankItem, 'system_or_individual'>, scope: BankScope) =>
  scope === 'individual' && bank.system_or_individual === 1;

/** Entries the plan still allows in this bank, or null where no plan limit applies (system banks). */
export function entryRoom(
  bank: Pick<BankItem, 'system_or_individual' | 'entry_count'>,
  limits: BankLimits | undefined,
  scope: BankScope,
): EntryRoom | null {
  if (!limits || !limited(bank, scope)) return null;
  return { limit: limits.entries_per_bank, left: Math.max(0, limits.entries_per_bank - bank.entry_count) };
}

/** Whether the plan allows the user another bank of the listed kind (system screens: always). */
export function canCreateBank(banks: readonly Pick<BankItem, 'system_or_individual'>[], limits: BankLimits | undefined, scope: BankScope) {
  if (!limits || scope !== 'individual') return true;
  return banks.filter((b) => b.system_or_individual === 1).length < limits.banks;
}
