/**
 * `/myfile` (My Documents, feature key MyDocuments): the user's translated documents, paged,
 * searched by name (debounced 500 ms like the bank screens), with status badges, the expiry
 * (results are kept 24 hours), a download per done file and delete selected with confirmation.
 *
 * The page and keyword are the route's search params (`?page=2&keyword=report`), so back/forward
 * and a reload come back to them; the route's loader has already cached that page of the list.
 */
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TIMINGS } from '@mtp/proto';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import { deleteMyFiles } from '../../api/document-endpoints';
import { currentSessionUser } from '../../auth/session-user';
import { showSuccess } from '../../components/toast';
import { bcp47, toUiLang } from '../../i18n/lang';
import { myFilesPages, myFilesQueryOptions } from '../../queries/my-files-query-options';
import { queryKeys } from '../../queries/query-keys';
import { pageFilterOf, tableSearchOf, type TableSearch } from '../../routes/table-search';
import { isLanguageCode, languageName } from '../../translate/languages';
import { useIsPhone } from '../../components/use-phone';
import { DocConfirmModal } from './doc-confirm-modal';
import { MyFileCard, MyFileRow } from './my-file-item';

export type MyFilesPageProps = {
  /** The route's validated search params. */
  search: TableSearch;
  /** Moves to other search params (a new history entry). */
  onSearch: (next: TableSearch) => void;
};

export function MyFilesPage({ search: params, onSearch }: MyFilesPageProps) {
  const { t, i18n } = useTranslation();
  const uiLang = toUiLang(i18n.language);
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const { page, setPage, search, keyword, typeSearch } = usePagedSearch({
    value: pageFilterOf(params),
    onChange: (next) => onSearch(tableSearchOf(next)),
  });

  const { data: files } = useSuspenseQuery(myFilesQueryOptions(user, { page, keyword }));
  const rows = files.list;
  const pages = myFilesPages(files);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [page, keyword]);
  const [confirming, setConfirming] = useState(false);
  const phone = useIsPhone();

  const remove = useMutation({
    mutationFn: () => deleteMyFiles({ project_ids: [...selected] }),
    onSuccess: async () => {
      showSuccess(t('documents.deleted'));
      setConfirming(false);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: queryKeys.myFiles(user) });
    },
  });

  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.projectId));
  // One select-all state for the phone's cards and the desktop's table header.
  const selectAll = {
    checked: allChecked,
    indeterminate: !allChecked && rows.some((r) => selected.has(r.projectId)),
    onChange: () => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.projectId))),
  };
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
          w={{ base: '100%', xs: 260 }}
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
      {/* Eight columns do not fit a phone: there each file is a card. */}
      {phone ? (
        <Stack gap="xs" data-testid="my-files-cards">
          {rows.length > 0 && <Checkbox label={t('documents.selectAll')} {...selectAll} />}
          {rows.map((r) => (
            <MyFileCard
              key={r.projectId}
              file={r}
              checked={selected.has(r.projectId)}
              onToggle={() => toggle(r.projectId)}
              langName={langName}
              time={time}
            />
          ))}
          {rows.length === 0 && (
            <Text c="dimmed" ta="center" size="sm" data-testid="my-files-empty">
              {t('documents.empty')}
            </Text>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover data-testid="my-files-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox aria-label={t('documents.selectAll')} {...selectAll} />
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
              {rows.length === 0 && (
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
        </Table.ScrollContainer>
      )}
      <TablePager pages={pages} page={page} onChange={setPage} testId="my-files-pages" />
      {confirming && (
        <DocConfirmModal
          opened
          title={t('documents.confirmTitle')}
          message={t('documents.deleteConfirm', { count: selected.size })}
          confirmLabel={t('documents.confirm')}
          cancelLabel={t('documents.cancel')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
          testId="my-files-delete-dialog"
          confirmTestId="confirm-delete"
        />
      )}
    </Stack>
  );
}
