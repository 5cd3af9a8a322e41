/**
 * /systemlog: sign-ins and every administrator and manager action (`admin/system_log`), newest
 * first, twenty a page; searched by actor, action, target and dates, the filters in the URL; the
 * filtered lines as CSV (`admin/system_log/export`). A manager sees their own enterprise's lines
 * only: the server decides.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { exportSystemLog, systemLogQueryOptions } from './system-log-api';
import { systemLogFilterOf, systemLogQueryOf, validateSystemLogSearch, type SystemLogSearch } from './system-log-search';
import { SystemLogTable } from './system-log-table';

type Props = { search: SystemLogSearch; onSearch: (next: SystemLogSearch) => void };

type Draft = { actor: string; action: string; target: string; from: string; to: string };

const draftOf = (s: SystemLogSearch): Draft => ({
  actor: s.actor ?? '',
  action: s.action ?? '',
  target: s.target ?? '',
  from: s.from ?? '',
  to: s.to ?? '',
});

export function SystemLogPage({ search, onSearch }: Props) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(systemLogQueryOptions(currentSessionUser(), systemLogQueryOf(search)));
  const [exporting, setExporting] = useState(false);
  // The form edits a draft; searching writes it to the URL (back to page 1), so Enter or the
  // button runs one search instead of one per keystroke.
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    // Back/forward or a link changed the filters: the form follows.
    setShown(search);
    setDraft(draftOf(search));
  }
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: e.currentTarget.value }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(validateSystemLogSearch({ ...draft, page: undefined }));
  };

  const exportCsv = () => {
    setExporting(true);
    void exportSystemLog(systemLogFilterOf(search))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md" data-testid="system-log-page">
      <Title order={2}>{t('systemLog.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <form onSubmit={submit} data-testid="system-log-filters">
            <Group align="flex-end" gap="sm">
              <TextInput label={t('systemLog.actor')} {...field('actor')} data-testid="system-log-actor" w={{ base: '100%', sm: 200 }} />
              <TextInput
                label={t('systemLog.action')}
                placeholder={t('systemLog.actionHint')}
                {...field('action')}
                data-testid="system-log-action"
                w={{ base: '100%', sm: 180 }}
              />
              <TextInput label={t('systemLog.target')} {...field('target')} data-testid="system-log-target" w={{ base: '100%', sm: 160 }} />
              <TextInput
                type="date"
                label={t('systemLog.from')}
                {...field('from')}
                data-testid="system-log-from"
                w={{ base: '100%', sm: 'auto' }}
              />
              <TextInput
                type="date"
                label={t('systemLog.to')}
                {...field('to')}
                data-testid="system-log-to"
                w={{ base: '100%', sm: 'auto' }}
              />
              <Button type="submit" data-testid="system-log-search">
                {t('systemLog.search')}
              </Button>
              <Button variant="default" onClick={() => onSearch({})} data-testid="system-log-reset">
                {t('systemLog.reset')}
              </Button>
              <Button variant="light" loading={exporting} onClick={exportCsv} data-testid="system-log-export">
                {t('systemLog.export')}
              </Button>
            </Group>
          </form>
          <Text size="sm" c="dimmed" data-testid="system-log-total">
            {t('systemLog.total', { count: data.total })}
          </Text>
          <SystemLogTable lines={data.list} />
          <TablePager
            pages={data.pages}
            page={search.page ?? 1}
            onChange={(page) => onSearch(validateSystemLogSearch({ ...search, page }))}
            testId="system-log-pages"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
