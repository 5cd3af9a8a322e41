/**
 * The overrides of /traffic: one line per user, site or API key with its own limit, the most
 * recently changed first, ten a page, filtered by kind; add, change, and delete after a
 * confirmation. On a phone the table scrolls sideways inside its card.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrafficOverrideItem, TrafficScope } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { toUiLang } from '../../../i18n/lang';
import { FormDialog } from '../../../components/form-dialog';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { OverrideDialog } from './override-dialog';
import { removeOverride, trafficKey, trafficOverridesQueryOptions } from './traffic-api';

export function OverridesCard() {
  const { t, i18n } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [scope, setScope] = useState<TrafficScope | null>(null);
  const { data } = useSuspenseQuery(trafficOverridesQueryOptions(user, { page, ...(scope ? { scope } : {}) }));
  // undefined: no dialog; null: adding; an item: changing it.
  const [editing, setEditing] = useState<TrafficOverrideItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TrafficOverrideItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trafficKey(user) });
  const remove = useMutation({
    mutationFn: removeOverride,
    onSuccess: async () => {
      setDeleting(null);
      showSuccess(t('traffic.deleted'));
      await refresh();
    },
  });

  const rows = data.list.map((o) => (
    <Table.Tr key={`${o.scope}:${o.subject}`} data-testid="traffic-override-row">
      <Table.Td>{t(`traffic.scopes.${o.scope}`)}</Table.Td>
      <Table.Td>{o.label}</Table.Td>
      <Table.Td>{t('traffic.perMinutes', { max: o.max_requests, minutes: o.window_minutes })}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.updated_at, toUiLang(i18n.language))}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(o)} data-testid="traffic-override-edit">
            {t('traffic.edit')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(o)} data-testid="traffic-override-delete">
            {t('traffic.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Paper withBorder p="md" data-testid="traffic-overrides">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={4}>{t('traffic.overrides')}</Title>
          <Group gap="sm">
            <Select
              aria-label={t('traffic.scope')}
              placeholder={t('traffic.allScopes')}
              data={(['user', 'site', 'app'] as const).map((s) => ({ value: s, label: t(`traffic.scopes.${s}`) }))}
              value={scope}
              onChange={(v) => {
                setScope(v as TrafficScope | null);
                setPage(1);
              }}
              clearable
              w={150}
              data-testid="traffic-override-filter"
            />
            <Button onClick={() => setEditing(null)} data-testid="traffic-override-add">
              {t('traffic.addOverride')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('traffic.overridesNote')}
        </Text>
        {data.total === 0 ? (
          <Text data-testid="traffic-overrides-empty">{t('traffic.noOverrides')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped data-testid="traffic-overrides-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('traffic.scope')}</Table.Th>
                  <Table.Th>{t('traffic.who')}</Table.Th>
                  <Table.Th>{t('traffic.limit')}</Table.Th>
                  <Table.Th>{t('traffic.updated')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <TablePager pages={data.pages} page={page} onChange={setPage} testId="traffic-overrides-pages" />
      </Stack>
      {editing !== undefined && (
        <OverrideDialog
          key={editing ? `${editing.scope}:${editing.subject}` : 'new'}
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess(t('traffic.saved'));
            void refresh();
          }}
        />
      )}
      <FormDialog
        opened={deleting !== null}
        title={t('traffic.deleteTitle')}
        submitLabel={t('traffic.delete')}
        cancelLabel={t('traffic.cancel')}
        onSubmit={() => deleting && remove.mutate({ scope: deleting.scope, subject: deleting.subject })}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
        testId="traffic-delete-confirm"
      >
        <Text>{t('traffic.deleteBody', { name: deleting?.label ?? '' })}</Text>
      </FormDialog>
    </Paper>
  );
}
