/**
 * Which dialog of the bank screen is open (create/rename a bank, add/edit an entry, import, the
 * delete confirmation) and the dialogs themselves, wired to the screen's mutations. The state is
 * a hook of its own so the list, the entry panel and the mutations can open and close dialogs
 * without knowing about each other.
 */
import type { BankItem, BankLimits, EntryItem } from '@mtp/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryRoom } from '../../banks/bank-limits';
import type { BankFlag, BankScope } from '../../banks/bank-rules';
import { BankDialog, ConfirmDialog, EntryDialog } from './bank-dialogs';
import { ImportDialog } from './import-dialog';
import type { BankMutations } from './use-bank-mutations';

/** What a confirmed delete removes. */
export type ConfirmTarget = { kind: 'bank'; bank: BankItem } | { kind: 'entry'; entry: EntryItem } | { kind: 'selected' } | { kind: 'all' };

export type BankDialogTarget = { mode: 'create' } | { mode: 'rename'; bank: BankItem };

export function useBankDialogs() {
  const [bankDialog, setBankDialog] = useState<BankDialogTarget | null>(null);
  const [entryDialog, setEntryDialog] = useState<{ entry: EntryItem | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  return { bankDialog, setBankDialog, entryDialog, setEntryDialog, confirm, setConfirm, importOpen, setImportOpen };
}

export type BankDialogs = ReturnType<typeof useBankDialogs>;

type Props = {
  flag: BankFlag;
  scope: BankScope;
  /** The plan's limits from `get_list`, for the entries left shown before importing. */
  limits: BankLimits | undefined;
  /** The bank the entry and import dialogs work on. */
  bank: BankItem | null;
  selectedCount: number;
  dialogs: BankDialogs;
  mutations: BankMutations;
};

export function BankScreenDialogs({ flag, scope, limits, bank, selectedCount, dialogs, mutations }: Props) {
  const { t } = useTranslation();
  const { bankDialog, entryDialog, confirm, importOpen } = dialogs;

  const confirmMessage = (c: ConfirmTarget): string => {
    switch (c.kind) {
      case 'bank':
        return t('bank.deleteBankConfirm', { name: c.bank.name });
      case 'entry':
        return t('bank.deleteEntryConfirm');
      case 'selected':
        return t('bank.deleteSelectedConfirm', { count: selectedCount });
      case 'all':
        return t('bank.deleteAllConfirm', { name: bank?.name ?? '' });
    }
  };

  return (
    <>
      {bankDialog && (
        <BankDialog
          opened
          mode={bankDialog.mode}
          initialName={bankDialog.mode === 'rename' ? bankDialog.bank.name : ''}
          busy={mutations.saveBank.isPending}
          onSubmit={(v) => mutations.saveBank.mutate(v)}
          onClose={() => dialogs.setBankDialog(null)}
        />
      )}
      {entryDialog && bank && (
        <EntryDialog
          opened
          editing={entryDialog.entry !== null}
          initial={{
            source: entryDialog.entry?.source ?? '',
            translated: entryDialog.entry?.translated ?? '',
            note: entryDialog.entry?.note ?? '',
          }}
          srcLang={bank.src_lang}
          busy={mutations.saveEntry.isPending}
          onSubmit={(v) => mutations.saveEntry.mutate(v)}
          onClose={() => dialogs.setEntryDialog(null)}
        />
      )}
      {importOpen && bank && (
        <ImportDialog
          opened
          flag={flag}
          progress={mutations.importProgress}
          room={entryRoom(bank, limits, scope)}
          serverError={mutations.importError}
          onFileChange={mutations.clearImportError}
          onSubmit={(f) => void mutations.runImport(f)}
          onClose={() => {
            mutations.clearImportError();
            dialogs.setImportOpen(false);
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          opened
          message={confirmMessage(confirm)}
          busy={mutations.remove.isPending}
          onConfirm={() => mutations.remove.mutate(confirm)}
          onClose={() => dialogs.setConfirm(null)}
        />
      )}
    </>
  );
}
