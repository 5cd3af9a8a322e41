/**
 * `/publictermbank`: the public termbases, read-only, for everyone including visitors who are
 * not logged in. It reads only the whitelisted `public_term/get_public_term_list[/banks]` calls,
 * so it never needs a token: a bank filter, a search debounced like every table search
 * (TIMINGS.tableSearchDebounceMs), and paging. No export here (spec: read-only browsing).
 */
import { Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import type { NavLabelKey } from '../../nav/nav-items';
import { publicTermBanksQueryOptions, publicTermsQueryOptions } from '../../queries/bank-query-options';
import { useLanguageName } from './bank-dialogs';
import { EntryTable } from './entry-table';

export function PublicTermScreen({ titleKey }: { titleKey: NavLabelKey }) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  // Public data, the same for everybody: not keyed under the account.
  const banks = useQuery(publicTermBanksQueryOptions());
  const [bankId, setBankId] = useState<number | null>(null);
  const { page, setPage, search, keyword, typeSearch } = usePagedSearch();

  const entries = useQuery({ ...publicTermsQueryOptions(bankId, { page, keyword }), placeholderData: keepPreviousData });
  const rows = entries.data?.list ?? [];
  const bankOptions = [
    { value: '', label: t('bank.publicAllBanks') },
    ...(banks.data?.bank_list ?? []).map((b) => ({
      value: String(b.bank_id),
      label: `${b.name} (${t('bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) })})`,
    })),
  ];

  return (
    <Stack gap="md" data-testid="public-term-screen">
      <Group justify="space-between">
        <Title order={2}>{t(titleKey)}</Title>
      </Group>
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Group align="flex-end">
            <NativeSelect
              aria-label={t('bank.publicBank')}
              data={bankOptions}
              value={bankId === null ? '' : String(bankId)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setBankId(v ? Number(v) : null);
                setPage(1);
              }}
              data-testid="public-bank-select"
            />
            <TextInput
              placeholder={t('bank.search')}
              aria-label={t('bank.search')}
              value={search}
              onChange={(e) => typeSearch(e.currentTarget.value)}
              data-testid="entry-search"
              w={240}
            />
          </Group>
          <EntryTable rows={rows} loading={entries.isLoading} extra={{ header: t('bank.publicBank'), cell: (r) => r.bank_name }} />
          <TablePager pages={entries.data?.pages ?? 0} page={page} onChange={setPage} testId="entry-pages" />
        </Stack>
      </Paper>
    </Stack>
  );
}
