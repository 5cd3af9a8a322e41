/**
 * The current scan: its file and pair, its state (extracting, failed with the server's message,
 * or done), and when done the candidates in pages of 10 with "All / Chosen", "Add to termbase"
 * and "Delete all" (asked first: the scan, its candidates and its file go).
 */
import { Alert, Badge, Button, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { LANGUAGE_NAMES, TERM_EXTRACTION_LIMITS, type LanguageCode, type TermExtractionResult, type UiLang } from '@mtp/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { toUiLang } from '../../i18n/lang';
import { DocConfirmModal } from '../documents/doc-confirm-modal';
import { AddToTermbaseDialog } from './add-to-termbase-dialog';
import { candidatePageQueryOptions, deleteScan, scanKeys } from './doc-scan-api';
import { ScanCandidateTable } from './scan-candidate-table';

const languageName = (code: string, ui: UiLang) => LANGUAGE_NAMES[code as LanguageCode]?.[ui] ?? code;

export function ScanPanel({ scan }: { scan: TermExtractionResult }) {
  const { t, i18n } = useTranslation();
  const ui = toUiLang(i18n.language);
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [chosenOnly, setChosenOnly] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const done = scan.status === 'done';
  const shown = useQuery({ ...candidatePageQueryOptions(user, scan.task_id, { page, chosenOnly }), enabled: done });
  const chosen = useQuery({ ...candidatePageQueryOptions(user, scan.task_id, { page: 1, chosenOnly: true }), enabled: done });
  const chosenCount = chosen.data?.total ?? 0;
  const total = shown.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TERM_EXTRACTION_LIMITS.pageSize));

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteScan(scan.task_id);
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: scanKeys.all(user) });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="doc-scan-task" data-status={scan.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Text fw={500} truncate data-testid="doc-scan-file">
              {scan.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('docScan.pairOf', { src: languageName(scan.src_lang, ui), tgt: languageName(scan.tgt_lang, ui) })}
            </Text>
          </Stack>
          <Badge color={done ? 'teal' : scan.status === 'failed' ? 'red' : 'blue'} variant="light">
            {t(`docScan.status.${scan.status}`)}
          </Badge>
        </Group>
        {scan.status === 'working' && (
          <Group gap="xs" data-testid="doc-scan-working">
            <Loader size="sm" />
            <Text size="sm">{t('docScan.scanning')}</Text>
          </Group>
        )}
        {scan.status === 'failed' && (
          <Alert color="red" variant="light" data-testid="doc-scan-failed">
            {scan.message || t('docScan.failed')}
          </Alert>
        )}
        {done && (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <SegmentedControl
                size="xs"
                value={chosenOnly ? 'chosen' : 'all'}
                onChange={(v) => {
                  setChosenOnly(v === 'chosen');
                  setPage(1);
                }}
                data={[
                  { value: 'all', label: t('docScan.filterAll') },
                  { value: 'chosen', label: t('docScan.filterChosen', { count: chosenCount }) },
                ]}
                data-testid="doc-scan-filter"
              />
              <Text size="sm" c="dimmed" data-testid="doc-scan-total">
                {t('docScan.total', { count: scan.total })}
              </Text>
            </Group>
            <ScanCandidateTable taskId={scan.task_id} rows={shown.data?.list ?? []} />
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="doc-scan-pages" />}
          </>
        )}
        <Group gap="sm">
          {done && (
            <Button onClick={() => setAdding(true)} disabled={chosenCount === 0} data-testid="doc-scan-add">
              {t('docScan.addToTermbase', { count: chosenCount })}
            </Button>
          )}
          {scan.status !== 'working' && (
            <Button variant="light" color="red" onClick={() => setConfirmDelete(true)} data-testid="doc-scan-delete">
              {t('docScan.deleteAll')}
            </Button>
          )}
        </Group>
      </Stack>
      <AddToTermbaseDialog opened={adding} scan={scan} chosen={chosenCount} onClose={() => setAdding(false)} />
      <DocConfirmModal
        opened={confirmDelete}
        title={t('docScan.deleteTitle')}
        message={t('docScan.deleteBody', { name: scan.file_name })}
        confirmLabel={t('docScan.deleteConfirm')}
        cancelLabel={t('docScan.cancel')}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
        testId="doc-scan-confirm-delete"
      />
    </Paper>
  );
}
