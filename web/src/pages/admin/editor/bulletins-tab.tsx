/**
 * The bulletins tab: every bulletin the editor may change (a manager: their site's), newest
 * first, with its site, window and state; new, edit and delete (after a confirmation).
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { AdminBulletin } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { createBulletin, deleteBulletin, updateBulletin } from '../../../content/content-endpoints';
import { adminBulletinsQueryOptions, contentKeys, sitesQueryOptions } from '../../../content/content-query-options';
import { currentLang } from '../../../i18n';
import { BulletinDialog } from './bulletin-dialog';
import { ConfirmDelete } from './confirm-delete';
import { bulletinBody, bulletinDraftOf, bulletinState, emptyBulletin, type BulletinDraft } from './editor-form';

const STATE_COLOR = { live: 'green', scheduled: 'blue', ended: 'gray' } as const;

export function BulletinsTab({ isAdmin, siteId }: { isAdmin: boolean; siteId: number }) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data } = useSuspenseQuery(adminBulletinsQueryOptions(user, page));
  const sites = useQuery({ ...sitesQueryOptions(user), enabled: isAdmin }).data?.site_list ?? [];
  const [editing, setEditing] = useState<{ id: number | null; draft: BulletinDraft } | null>(null);
  const [deleting, setDeleting] = useState<AdminBulletin | null>(null);
  const lang = currentLang();
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: contentKeys.adminBulletinsRoot(user) });
    showSuccess(t('content.saved'));
  };
  const save = useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: BulletinDraft }) =>
      id === null ? createBulletin(bulletinBody(draft)) : updateBulletin({ bulletin_id: id, ...bulletinBody(draft) }),
    onSuccess: async () => {
      setEditing(null);
      await done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBulletin(id),
    onSuccess: async () => {
      setDeleting(null);
      await done();
    },
  });
  const siteName = (id: number | null) =>
    id === null ? t('content.allSites') : (sites.find((s) => s.site_id === id)?.site_name ?? `#${id}`);

  return (
    <Stack data-testid="bulletins-tab">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ id: null, draft: emptyBulletin(isAdmin ? null : siteId) })} data-testid="bulletin-new">
          {t('content.newBulletin')}
        </Button>
      </Group>
      {data.list.length === 0 ? (
        <Text c="dimmed">{t('content.noBulletins')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('content.title')}</Table.Th>
                {isAdmin && <Table.Th>{t('content.site')}</Table.Th>}
                <Table.Th>{t('content.window')}</Table.Th>
                <Table.Th>{t('content.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.list.map((b) => {
                const state = bulletinState(b);
                return (
                  <Table.Tr key={b.bulletin_id} data-testid="bulletin-row">
                    <Table.Td>{b.title[lang]}</Table.Td>
                    {isAdmin && <Table.Td>{siteName(b.site_id)}</Table.Td>}
                    <Table.Td>
                      {new Date(b.publish_from).toLocaleString()} –{' '}
                      {b.publish_until ? new Date(b.publish_until).toLocaleString() : t('content.noEnd')}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[state]}>{t(`content.state_${state}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing({ id: b.bulletin_id, draft: bulletinDraftOf(b) })}>
                          {t('content.edit')}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setDeleting(b)} data-testid="bulletin-delete">
                          {t('content.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager pages={data.pages} page={page} onChange={setPage} testId="bulletin-pager" />
      <BulletinDialog
        initial={editing?.draft ?? null}
        editing={editing?.id != null}
        sites={isAdmin ? sites : null}
        busy={save.isPending}
        onSave={(draft) => save.mutate({ id: editing!.id, draft })}
        onCancel={() => setEditing(null)}
      />
      <ConfirmDelete
        name={deleting ? deleting.title[lang] : null}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.bulletin_id)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
