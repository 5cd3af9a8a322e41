/**
 * Import one file into the shown bank: the file is checked against the flag's extensions, then
 * uploaded with a progress bar. A refusal from the server (a broken file, a bad entry, the plan's
 * limit) is shown here, in the dialog, in the interface's language (the server's `msg` follows
 * Accept-Language), and the dialog stays usable: choosing another file clears it for a new try.
 * Before anything is sent, the dialog says how many entries the plan still allows in the bank.
 */
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryRoom } from '../../banks/bank-limits';
import { checkImportFile, IMPORT_EXTENSIONS, type BankFlag, type RuleError } from '../../banks/bank-rules';
import { onFormSubmit, useRuleText } from './bank-dialogs';

export function ImportDialog(props: {
  opened: boolean;
  flag: BankFlag;
  progress: number | null;
  /** The plan's room in the bank, or null where no plan limit applies. */
  room: EntryRoom | null;
  /** The server's refusal of the last try, already in the interface's language. */
  serverError: string | null;
  onFileChange: () => void;
  onSubmit: (file: File) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<RuleError | null>(null);
  const types = IMPORT_EXTENSIONS[props.flag];
  const busy = props.progress !== null;
  const full = props.room !== null && props.room.left === 0;

  const submit = () => {
    if (busy || full) return;
    const err = checkImportFile(props.flag, file?.name);
    setError(err);
    if (!err && file) props.onSubmit(file);
  };

  return (
    <Modal opened={props.opened} onClose={busy ? () => undefined : props.onClose} title={t('bank.importTitle')} centered>
      <form onSubmit={onFormSubmit(submit)} data-testid="import-form">
        <Stack>
          {props.room && (
            <Text size="sm" c={full ? 'red' : undefined} data-testid="import-limit">
              {full
                ? t('bank.entryLimitReached', { limit: props.room.limit })
                : t('bank.importLimitHint', { limit: props.room.limit, left: props.room.left })}
            </Text>
          )}
          <Text size="sm" fw={500} component="label" htmlFor="bank-import-file">
            {t('bank.importFile')}
          </Text>
          <input
            id="bank-import-file"
            type="file"
            accept={types.join(',')}
            disabled={busy}
            style={{ maxWidth: '100%' }}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setError(null);
              props.onFileChange();
            }}
            data-testid="import-file"
          />
          <Text size="xs" c="dimmed">
            {t('bank.importHint', { types: types.join(' ') })}
          </Text>
          {error && (
            <Text c="red" size="sm" data-testid="import-error">
              {ruleText(error)}
            </Text>
          )}
          {props.serverError && !busy && (
            <Alert color="red" role="alert" data-testid="import-error">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('bank.importFailed', { message: props.serverError })}
              </Text>
              <Text size="xs" mt={4}>
                {t('bank.chooseAnotherFile')}
              </Text>
            </Alert>
          )}
          {busy && <Progress value={props.progress ?? 0} animated data-testid="import-progress" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} disabled={busy}>
              {t('bank.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={full} data-testid="import-submit">
              {t('bank.importSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
