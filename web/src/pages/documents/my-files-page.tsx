/**
 * `/myfile` (My Documents, feature key MyDocuments): the user's translated documents, paged,
 * searched by name (debounced 500 ms like the bank screens), with status badges, the expiry
 * (results are kept 24 hours), a download per done file and delete selected with confirmation.
 */
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TIMINGS, type MyFileItem } from '@mtp/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import { deleteMyFiles, downloadDocResult, fetchMyFiles, MY_FILES_PAGE_SIZE } from '../../api/document-endpoints';
import { hasAuthToken } from '../../auth/session';
import { showSuccess } from '../../components/toast';
import { isExpired } from '../../documents/doc-task-rules';
import { bcp47, toUiLang } from '../../i18n/lang';
import { isLanguageCode, languageName } from '../../translate/languages';
import { ConfirmDialog } from '../banks/bank-dialogs';
import { DocStatusBadge } from './doc-status-badge';
import { MY_FILES_QUERY_KEY } from './doc-task-instance';

export function MyFilesPage() {
  const { t, i18n } = useTranslation();
  const uiLang = toUiLang(i18n.language);
  const queryClient = useQueryClient();
  const loggedIn = hasAuthToken();
  const { page, setPage, search, keyword, typeSearch } = usePagedSearch();

  const files = useQuery({
    queryKey: [...MY_FILES_QUERY_KEY, page, keyword] as const,
    queryFn: () => fetchMyFiles({ page, page_size: MY_FILES_PAGE_SIZE, ...(keyword ? { keyword } : {}) }),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
  const rows = files.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((files.data?.total ?? 0) / (files.data?.page_size || MY_FILES_PAGE_SIZE)));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [page, keyword]);
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteMyFiles({ project_ids: [...selected] }),
    onSuccess: async () => {
      showSuccess(t('documents.deleted'));
      setConfirming(false);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: MY_FILES_QUERY_KEY });
    },
  });

  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.projectId));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const langName = (code: string) => (isLanguageCode(code) ? languageName(code, undefined, uiLang) : code);
  const time = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(bcp47(uiLang));
  };

  return (
    <Stack gap="md" data-testid="my-files-page">
      <Title order={2}>{t('nav.myFile')}</Title>
      <Group justify="space-between" align="flex-end">
        <TextInput
          placeholder={t('documents.search')}
          aria-label={t('documents.search')}
          value={search}
          onChange={(e) => typeSearch(e.currentTarget.value)}
          data-testid="my-files-search"
          w={260}
        />
        <Button
          color="red"
          variant="light"
          disabled={selected.size === 0}
          onClick={() => setConfirming(true)}
          data-testid="my-files-delete-selected"
        >
          {t('documents.deleteSelected')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('documents.keptHours', { hours: TIMINGS.docRetentionHours })}
      </Text>
      <Table striped highlightOnHover data-testid="my-files-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('documents.selectAll')}
                checked={allChecked}
                indeterminate={!allChecked && rows.some((r) => selected.has(r.projectId))}
                onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.projectId)))}
              />
            </Table.Th>
            <Table.Th>{t('documents.fileName')}</Table.Th>
            <Table.Th>{t('documents.languages')}</Table.Th>
            <Table.Th>{t('documents.statusColumn')}</Table.Th>
            <Table.Th>{t('documents.chars')}</Table.Th>
            <Table.Th>{t('documents.createdAt')}</Table.Th>
            <Table.Th>{t('documents.expiresAt')}</Table.Th>
            <Table.Th>{t('documents.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <MyFileRow
              key={r.projectId}
              file={r}
              checked={selected.has(r.projectId)}
              onToggle={() => toggle(r.projectId)}
              langName={langName}
              time={time}
            />
          ))}
          {rows.length === 0 && !files.isLoading && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed" ta="center" size="sm" data-testid="my-files-empty">
                  {t('documents.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <TablePager pages={pages} page={page} onChange={setPage} testId="my-files-pages" />
      {confirming && (
        <ConfirmDialog
          opened
          message={t('documents.deleteConfirm', { count: selected.size })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

type RowProps = {
  file: MyFileItem;
  checked: boolean;
  onToggle: () => void;
  langName: (code: string) => string;
  time: (iso: string) => string;
};

function MyFileRow({ file, checked, onToggle, langName, time }: RowProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const expired = isExpired(file.expires_at, Date.now());
  const save = async () => {
    setBusy(true);
    try {
      await downloadDocResult(file.projectId, null);
    } catch {
      // download() already showed the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Table.Tr data-testid="my-file-row" data-status={file.status} data-project-id={file.projectId}>
      <Table.Td>
        <Checkbox aria-label={t('documents.select', { name: file.file_name })} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{file.file_name}</Text>
        {file.status === 'failed' && file.message && (
          <Text size="xs" c="red">
            {file.message}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{`${langName(file.src_lang)} → ${langName(file.tgt_lang)}`}</Table.Td>
      <Table.Td>
        <DocStatusBadge status={file.status} testId="my-file-status" />
      </Table.Td>
      <Table.Td>{file.chars.toLocaleString()}</Table.Td>
      <Table.Td>{time(file.created_at)}</Table.Td>
      <Table.Td data-testid="my-file-expiry">
        {expired ? (
          <Text size="sm" c="dimmed">
            {t('documents.expired')}
          </Text>
        ) : (
          time(file.expires_at)
        )}
      </Table.Td>
      <Table.Td>
        {file.status === 'done' && !expired && (
          <Button
            size="compact-sm"
            variant="light"
            loading={busy}
            onClick={() => void save()}
            aria-label={t('documents.downloadFile', { name: file.file_name })}
            data-testid="my-file-download"
          >
            {t('documents.download')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
