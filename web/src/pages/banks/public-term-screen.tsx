/**
 * `/publictermbank`: the public termbases, read-only, for everyone including visitors who are
 * not logged in. It reads only the whitelisted `public_term/get_public_term_list[/banks]` calls,
 * so it never needs a token: a bank filter, a search debounced like every table search
 * (TIMINGS.tableSearchDebounceMs), and paging. No export here (spec: read-only browsing).
 */
import { Group, NativeSelect, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TIMINGS } from '@mtp/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicTermBanks, fetchPublicTerms } from '../../api/bank-endpoints';
import { createDebouncer } from '../../banks/bank-rules';
import type { NavLabelKey } from '../../nav/nav-items';
import { useLanguageName } from './bank-dialogs';

export function PublicTermScreen({ titleKey }: { titleKey: NavLabelKey }) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const banks = useQuery({ queryKey: ['public-term-banks'], queryFn: fetchPublicTermBanks });
  const [bankId, setBankId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const debouncer = useMemo(
    () =>
      createDebouncer<string>((value) => {
        setKeyword(value.trim());
        setPage(1);
      }, TIMINGS.tableSearchDebounceMs),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const entries = useQuery({
    queryKey: ['public-terms', bankId, page, keyword] as const,
    queryFn: () => fetchPublicTerms({ page, ...(keyword ? { keyword } : {}), ...(bankId ? { bank_id: bankId } : {}) }),
    placeholderData: keepPreviousData,
  });
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
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSearch(v);
                debouncer.push(v);
              }}
              data-testid="entry-search"
              w={240}
            />
          </Group>
          <Table striped highlightOnHover data-testid="entry-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.source')}</Table.Th>
                <Table.Th>{t('bank.target')}</Table.Th>
                <Table.Th>{t('bank.note')}</Table.Th>
                <Table.Th>{t('bank.publicBank')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.entry_id} data-testid="entry-row">
                  <Table.Td>{r.source}</Table.Td>
                  <Table.Td>{r.translated}</Table.Td>
                  <Table.Td>{r.note}</Table.Td>
                  <Table.Td>{r.bank_name}</Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && !entries.isLoading && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" size="sm">
                      {t('bank.noEntries')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {(entries.data?.pages ?? 0) > 1 && (
            <Group justify="flex-end">
              <Pagination total={entries.data?.pages ?? 1} value={page} onChange={setPage} size="sm" data-testid="entry-pages" />
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
