/**
 * QA before export (`post_edit/qa`): missing termbase terms, numbers that differ, lost tags, empty
 * targets, each a link to its segment. Pending edits are saved first so the check sees them.
 */
import { Badge, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PeQaIssue } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { peQaQueryOptions } from './post-edit-api';
import type { PeEditorState } from './use-pe-editor';

/**
 * A number_mismatch's detail lists `-n` for each number the translation lacks and `+n` for each
 * it has that the source does not (services/tasks README): said in words here.
 */
export function numberDetail(detail: string, t: TFunction): string {
  const tokens = detail.split(' ').filter(Boolean);
  const side = (mark: string) =>
    tokens
      .filter((token) => token.startsWith(mark))
      .map((token) => token.slice(1))
      .join(', ');
  const [missing, extra] = [side('-'), side('+')];
  return [missing && t('postEdit.qaNumbersMissing', { numbers: missing }), extra && t('postEdit.qaNumbersExtra', { numbers: extra })]
    .filter(Boolean)
    .join(' · ');
}

export function PeQaDrawer({ editor, opened, onClose }: { editor: PeEditorState; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const options = peQaQueryOptions(currentSessionUser(), editor.project.project_id);
  const qa = useQuery({
    ...options,
    queryFn: async (ctx) => {
      await editor.flush().catch(() => undefined);
      return options.queryFn!(ctx);
    },
    enabled: opened,
  });
  const jump = (issue: PeQaIssue) => {
    editor.setFilter({ statuses: [], text: '', side: 'both' });
    editor.setActive(issue.seg_index);
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('postEdit.qaTitle')} data-testid="pe-qa-drawer">
      {qa.isFetching && <Text size="sm">{t('postEdit.loading')}</Text>}
      {qa.data && qa.data.issues.length === 0 && !qa.isFetching && (
        <Text size="sm" c="teal" data-testid="pe-qa-clean">
          {t('postEdit.qaClean')}
        </Text>
      )}
      <Stack gap={6}>
        {qa.data?.issues.map((issue, i) => (
          <UnstyledButton key={i} onClick={() => jump(issue)} data-testid="pe-qa-issue" data-kind={issue.kind} data-seg={issue.seg_index}>
            <Text size="sm">
              <Badge size="xs" variant="light" color="red" mr={6}>
                #{issue.seg_index + 1}
              </Badge>
              {t(`postEdit.qa.${issue.kind}`)}
            </Text>
            {issue.detail && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {issue.kind === 'number_mismatch' ? numberDetail(issue.detail, t) : issue.detail}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </Stack>
    </Drawer>
  );
}
