/**
 * What the bank screen changes: create/rename a bank, add/edit an entry, delete (a bank, an
 * entry, the selected entries, all entries) and import a file. Each success says so, closes its
 * dialog and refreshes the account's lists of this screen; failures were already shown by the
 * API client, so they only leave the dialog open. An import's refusal is not toasted: it is kept
 * as `importError` for the import dialog, where the user is looking and can try another file.
 */
import type { BankItem } from '@mtp/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBank,
  deleteAllEntries,
  deleteBank,
  deleteChosenEntries,
  deleteEntry,
  importBankFile,
  insertEntry,
  renameBank,
  updateEntry,
} from '../../api/bank-endpoints';
import type { SessionUser } from '../../auth/session-user';
import { systemOrIndividual, type BankFlag, type BankScope, type EntryInput } from '../../banks/bank-rules';
import { ApiError } from '../../api/api-error';
import { envelopeMessage } from '../../api/transfer';
import { showSuccess } from '../../components/toast';
import { queryKeys } from '../../queries/query-keys';
import type { BankFormValue } from './bank-dialogs';
import type { BankDialogs, ConfirmTarget } from './bank-screen-dialogs';

type Options = {
  user: SessionUser;
  flag: BankFlag;
  scope: BankScope;
  /** The bank shown, which entry changes and imports go to. */
  bank: BankItem | null;
  selected: ReadonlySet<number>;
  clearSelected: () => void;
  dialogs: BankDialogs;
  /** The shown bank was deleted: the screen forgets the choice. */
  onShownBankDeleted: () => void;
};

export function useBankMutations({ user, flag, scope, bank, selected, clearSelected, dialogs, onShownBankDeleted }: Options) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const soi = systemOrIndividual(scope);
  const [importProgress, setImportProgress] = useState<number | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const refreshBanks = () => queryClient.invalidateQueries({ queryKey: queryKeys.banks(user, flag, scope) });
  // Entry counts show in the bank list, so entry changes refresh both.
  const refreshEntries = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.bankEntries(user, flag, scope) }), refreshBanks()]);

  const saveBank = useMutation({
    mutationFn: async (v: BankFormValue) => {
      const target = dialogs.bankDialog;
      if (target?.mode === 'rename') return renameBank({ flag, bank_id: target.bank.bank_id, name: v.name });
      if (v.src === '' || v.tgt === '') return;
      const isPublic = scope === 'public' ? { is_public: 1 } : {};
      return createBank({
        flag,
        name: v.name,
        src_lang: v.src,
        tgt_lang: v.tgt,
        tow_way: v.twoWay ? 1 : 0,
        system_or_individual: soi,
        ...isPublic,
      });
    },
    onSuccess: async () => {
      showSuccess(t(dialogs.bankDialog?.mode === 'rename' ? 'bank.saved' : 'bank.created'));
      dialogs.setBankDialog(null);
      await refreshBanks();
    },
  });

  const saveEntry = useMutation({
    mutationFn: (v: EntryInput) => {
      const base = { flag, system_or_individual: soi, bank_id: bank!.bank_id, ...v };
      const editing = dialogs.entryDialog?.entry;
      return editing ? updateEntry({ ...base, entry_id: editing.entry_id }) : insertEntry(base);
    },
    onSuccess: async () => {
      showSuccess(t('bank.saved'));
      dialogs.setEntryDialog(null);
      await refreshEntries();
    },
  });

  const remove = useMutation({
    mutationFn: async (c: ConfirmTarget) => {
      const ref = { flag, system_or_individual: soi, bank_id: bank?.bank_id ?? 0 };
      switch (c.kind) {
        case 'bank':
          return deleteBank(flag, c.bank.bank_id);
        case 'entry':
          return deleteEntry({ ...ref, entry_id: c.entry.entry_id });
        case 'selected':
          return deleteChosenEntries({ ...ref, choices: [...selected] });
        case 'all':
          return deleteAllEntries(ref);
      }
    },
    onSuccess: async (_data, c) => {
      showSuccess(t('bank.deleted'));
      dialogs.setConfirm(null);
      if (c.kind === 'bank' && c.bank.bank_id === bank?.bank_id) onShownBankDeleted();
      clearSelected();
      await refreshEntries();
    },
  });

  const runImport = async (file: File) => {
    if (!bank) return;
    setImportError(null);
    setImportProgress(0);
    try {
      const res = await importBankFile(
        flag,
        { system_or_individual: soi, bank_id: bank.bank_id, src_lang: bank.src_lang, tgt_lang: bank.tgt_lang },
        file,
        setImportProgress,
      );
      showSuccess(t('bank.imported', { count: res?.imported ?? 0 }));
      dialogs.setImportOpen(false);
      await refreshEntries();
    } catch (err) {
      // Session and network failures were toasted by the transfer helper; a refusal was not.
      if (err instanceof ApiError && !err.handled) setImportError(envelopeMessage({ code: err.code, msg: err.msg }, (k) => t(k)));
    } finally {
      setImportProgress(null);
    }
  };

  return { saveBank, saveEntry, remove, runImport, importProgress, importError, clearImportError: () => setImportError(null) };
}

export type BankMutations = ReturnType<typeof useBankMutations>;
