/**
 * `/translationedit?project_id=`: opens the document (the first open waits for a worker to read
 * it: a loader meanwhile; 44077, no worker could, is said with a retry), then loads its segments
 * and shows the editor.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { currentSessionUser } from '../../auth/session-user';
import { PeEditor } from './pe-editor';
import { PE_OPEN_FAILED, peOpenQueryOptions, peSegmentsQueryOptions } from './post-edit-api';

export function PeOpener({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const open = useQuery(peOpenQueryOptions(user, projectId));
  const segments = useQuery({ ...peSegmentsQueryOptions(user, projectId), enabled: open.isSuccess });
  const failed = open.error ?? segments.error;
  if (failed) {
    const code = failed instanceof ApiError ? failed.code : 0;
    const message =
      code === PE_OPEN_FAILED
        ? t('postEdit.openFailed')
        : failed instanceof ApiError && failed.message
          ? failed.message
          : t('postEdit.loadFailed');
    return (
      <Alert color="red" variant="light" data-testid="pe-open-error" data-code={code}>
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          <Group>
            <Button size="xs" onClick={() => void (open.error ? open.refetch() : segments.refetch())} data-testid="pe-open-retry">
              {t('postEdit.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!open.data || !segments.data) {
    return (
      <Group gap="sm" data-testid="pe-opening">
        <Loader size="sm" />
        <Text size="sm">{open.data ? t('postEdit.loadingSegments') : t('postEdit.opening')}</Text>
      </Group>
    );
  }
  return <PeEditor key={projectId} project={open.data} segments={segments.data.segments} />;
}
