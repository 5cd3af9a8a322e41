/**
 * "Add to memory": pick a system memory of the report's pair (those the server says the caller
 * may write: an administrator any, a manager their site's), read what will be added, confirm.
 * The entry and the report's resolution are one change on the server.
 */
import { useState } from 'react';
import { Alert, Loader, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorReportItem } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { FormDialog } from '../../../components/form-dialog';
import { showSuccess } from '../../../components/toast';
import { addReportToMemory, reportMemoriesQueryOptions } from './error-reports-api';

type Props = { report: ErrorReportItem | null; onClose: () => void; onAdded: () => void };

const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

export function ToMemoryDialog({ report, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const pair = { src_lang: report?.src_lang ?? '', tgt_lang: report?.tgt_lang ?? '' };
  const memories = useQuery({ ...reportMemoriesQueryOptions(currentSessionUser(), pair), enabled: report !== null });
  const list = memories.data?.list ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const bankId = chosen !== null && list.some((b) => b.bank_id === chosen) ? chosen : (list[0]?.bank_id ?? null);

  const close = () => {
    setChosen(null);
    onClose();
  };
  const submit = () => {
    if (!report || bankId === null) return;
    setBusy(true);
    void addReportToMemory(report.report_id, bankId)
      .then((done) => {
        showSuccess(t('errorReports.added', { name: done.report.bank_name ?? '' }));
        setChosen(null);
        onAdded();
      })
      // The client has shown the server's message already.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <FormDialog
      opened={report !== null}
      title={t('errorReports.toMemoryTitle')}
      submitLabel={t('errorReports.add')}
      cancelLabel={t('errorReports.cancel')}
      onSubmit={submit}
      onCancel={close}
      busy={busy || bankId === null}
      testId="to-memory-dialog"
    >
      {memories.isPending && report !== null && <Loader size="sm" />}
      {memories.isSuccess && list.length === 0 && (
        <Alert color="orange" variant="light" data-testid="to-memory-none">
          {t('errorReports.noMemory')}
        </Alert>
      )}
      {list.length > 0 && (
        <NativeSelect
          label={t('errorReports.memory')}
          data={list.map((b) => ({ value: String(b.bank_id), label: b.name }))}
          value={bankId === null ? '' : String(bankId)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data-testid="to-memory-bank"
        />
      )}
      {report && (
        <Text size="sm" style={WRAP} data-testid="to-memory-confirm">
          {t('errorReports.toMemoryConfirm', { source: report.source, proposal: report.proposal })}
        </Text>
      )}
    </FormDialog>
  );
}
