/**
 * `/translationedit` without a document: the user's post-editing projects, newest edit first,
 * ten a page, each opening the editor; and how to start one (a translated document's
 * "Post-edit" in My Documents).
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { TablePager } from '../../components/table-pager';
import { bcp47, toUiLang } from '../../i18n/lang';
import { PE_PROJECTS_PAGE_SIZE, peProjectsQueryOptions } from './post-edit-api';

export function PeProjectList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const { data } = useSuspenseQuery(peProjectsQueryOptions(currentSessionUser(), page));
  const time = (iso: string) => new Date(iso).toLocaleString(bcp47(toUiLang(i18n.language)));
  return (
    <Stack gap="sm" data-testid="pe-projects">
      <Alert variant="light" color="blue" data-testid="pe-hint">
        {t('postEdit.hint')}{' '}
        <Anchor component={Link} to="/myfile" size="sm">
          {t('postEdit.toMyFiles')}
        </Anchor>
      </Alert>
      {data.list.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="pe-projects-empty">
          {t('postEdit.noProjects')}
        </Text>
      )}
      {data.list.map((p) => {
        const done = (p.counts.translated ?? 0) + (p.counts.approved ?? 0);
        return (
          <Paper key={p.project_id} withBorder p="sm" radius="md" data-testid="pe-project" data-project-id={p.project_id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.file_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.src_lang} → {p.tgt_lang} · {t('postEdit.confirmedOf', { done, total: p.segments })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('postEdit.editedAt', { time: time(p.updated_at) })} · {t('postEdit.keptUntil', { time: time(p.expires_at) })}
                </Text>
              </Stack>
              <Button
                component={Link}
                to="/translationedit"
                search={{ project_id: p.project_id } as never}
                size="xs"
                data-testid="pe-project-open"
              >
                {t('postEdit.open')}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <TablePager pages={Math.ceil(data.total / PE_PROJECTS_PAGE_SIZE)} page={page} onChange={onPage} testId="pe-projects-pages" />
    </Stack>
  );
}
