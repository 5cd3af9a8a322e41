/**
 * /error-reports: the translation error reports users sent (`admin/error_reports`), newest first,
 * ten a page, filtered by status, type, languages, keyword and days (the filters in the URL);
 * resolve a selection, or add one report's proposal to a system memory. The platform
 * administrator sees every site's reports, a manager their own site's: the server decides.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_TYPES, LANGUAGES, LANGUAGE_NAMES, type ErrorReportItem } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { toUiLang } from '../../../i18n/lang';
import { errorReportsKey, errorReportsQueryOptions, resolveReports } from './error-reports-api';
import { errorReportQueryOf, validateErrorReportSearch, type ErrorReportSearch } from './error-reports-search';
import { ErrorReportsTable } from './error-reports-table';
import { ToMemoryDialog } from './to-memory-dialog';

type Props = { search: ErrorReportSearch; onSearch: (next: ErrorReportSearch) => void };

type Draft = Record<'status' | 'type' | 'src' | 'tgt' | 'keyword' | 'from' | 'to', string>;

const draftOf = (s: ErrorReportSearch): Draft => ({
  status: s.status ?? '',
  type: s.type ? String(s.type) : '',
  src: s.src ?? '',
  tgt: s.tgt ?? '',
  keyword: s.keyword ?? '',
  from: s.from ?? '',
  to: s.to ?? '',
});

/** A filter's width: the whole row on a phone, its own size from `sm` up. */
const W = (sm: number | 'auto') => ({ base: '100%', sm });

export function ErrorReportsPage({ search, onSearch }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(errorReportsQueryOptions(user, errorReportQueryOf(search)));
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [shown, setShown] = useState(search);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [toMemory, setToMemory] = useState<ErrorReportItem | null>(null);
  const [resolving, setResolving] = useState(false);
  if (shown !== search) {
    // Back/forward or a link changed the filters: the form follows, the selection is dropped.
    setShown(search);
    setDraft(draftOf(search));
    setSelected(new Set());
  }
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: e.currentTarget.value }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(validateErrorReportSearch({ ...draft, page: undefined }));
  };
  const refresh = () => {
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: errorReportsKey(user) });
  };
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
    setSelected(next);
  };
  const resolve = () => {
    setResolving(true);
    void resolveReports([...selected])
      .then((r) => {
        showSuccess(t('errorReports.resolvedCount', { count: r.resolved }));
        refresh();
      })
      .catch(() => undefined)
      .finally(() => setResolving(false));
  };

  const languages = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code][lang] }));
  return (
    <Stack gap="md" data-testid="error-reports-page">
      <Title order={2}>{t('errorReports.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <form onSubmit={submit} data-testid="error-reports-filters">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('errorReports.status')}
                data={[
                  { value: '', label: t('errorReports.any') },
                  { value: 'open', label: t('errorReports.open') },
                  { value: 'resolved', label: t('errorReports.resolved') },
                ]}
                {...field('status')}
                w={W(140)}
                data-testid="error-reports-status"
              />
              <NativeSelect
                label={t('errorReports.type')}
                data={[{ value: '', label: t('errorReports.any') }, ...ERROR_TYPES.map((e) => ({ value: String(e.id), label: e[lang] }))]}
                {...field('type')}
                w={W(200)}
                data-testid="error-reports-type"
              />
              <NativeSelect
                label={t('errorReports.srcLang')}
                data={[{ value: '', label: t('errorReports.any') }, ...languages]}
                {...field('src')}
                w={W(140)}
                data-testid="error-reports-src"
              />
              <NativeSelect
                label={t('errorReports.tgtLang')}
                data={[{ value: '', label: t('errorReports.any') }, ...languages]}
                {...field('tgt')}
                w={W(140)}
                data-testid="error-reports-tgt"
              />
              <TextInput
                label={t('errorReports.keyword')}
                placeholder={t('errorReports.keywordHint')}
                {...field('keyword')}
                w={W(220)}
                data-testid="error-reports-keyword"
              />
              <TextInput type="date" label={t('errorReports.from')} {...field('from')} w={W('auto')} data-testid="error-reports-from" />
              <TextInput type="date" label={t('errorReports.to')} {...field('to')} w={W('auto')} data-testid="error-reports-to" />
              <Button type="submit" data-testid="error-reports-search">
                {t('errorReports.search')}
              </Button>
              <Button variant="default" onClick={() => onSearch({})} data-testid="error-reports-reset">
                {t('errorReports.reset')}
              </Button>
            </Group>
          </form>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="error-reports-total">
              {t('errorReports.total', { count: data.total })}
            </Text>
            <Button size="sm" disabled={selected.size === 0} loading={resolving} onClick={resolve} data-testid="error-reports-resolve">
              {t('errorReports.resolveSelected', { count: selected.size })}
            </Button>
          </Group>
          <ErrorReportsTable reports={data.list} selected={selected} onSelect={select} onToMemory={setToMemory} />
          <TablePager
            pages={data.pages}
            page={search.page ?? 1}
            onChange={(page) => onSearch(validateErrorReportSearch({ ...search, page }))}
            testId="error-reports-pages"
          />
        </Stack>
      </Paper>
      <ToMemoryDialog
        report={toMemory}
        onClose={() => setToMemory(null)}
        onAdded={() => {
          setToMemory(null);
          refresh();
        }}
      />
    </Stack>
  );
}
