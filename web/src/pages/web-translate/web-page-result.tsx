/**
 * A translated page beside its original: a toggle between the translation, the original and
 * both (side by side from `sm` up, stacked on phones). While the task works and its first screen
 * is translated, the partial page is shown with the progress; when the whole page is done the
 * frame is loaded again with it (the partial one stays until then). The scroll position is not
 * kept across that reload: a frame sandboxed without `allow-same-origin` cannot be read from here. Each page is shown through `srcdoc` in an
 * iframe sandboxed with no permissions at all (no scripts, no same origin, no forms), beside
 * the server's own `sandbox` CSP on the page's address: two locks, so neither alone is trusted.
 */
import { Anchor, Group, Loader, Progress, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WebTaskStatus } from '@mtp/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../auth/session-user';

// Inline rather than a CSS module: a stylesheet this small would be the app's one uncompressed asset.
const FRAME_STYLE = {
  width: '100%',
  height: '70vh',
  minHeight: 320,
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
  background: 'white',
} as const;
import { webPageHtmlQueryOptions, type PageStage, type PageVersion } from './web-translate-api';

type View = PageVersion | 'both';

type FrameProps = { user: SessionUser; taskId: string; version: PageVersion; stage: PageStage };

function PageFrame({ user, taskId, version, stage }: FrameProps) {
  const { t } = useTranslation();
  // The partial page stays in the frame while the whole one loads.
  const html = useQuery({ ...webPageHtmlQueryOptions(user, taskId, version, stage), placeholderData: keepPreviousData });
  if (!html.data) return <Loader size="sm" />;
  return (
    <iframe
      style={FRAME_STYLE}
      sandbox=""
      srcDoc={html.data}
      referrerPolicy="no-referrer"
      title={t(version === 'translated' ? 'webTranslate.frameTranslated' : 'webTranslate.frameOriginal')}
      data-testid={`web-translate-frame-${version}`}
      data-stage={version === 'original' || !html.isPlaceholderData ? stage : 'partial'}
    />
  );
}

export function WebPageResult({ user, task }: { user: SessionUser; task: WebTaskStatus }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('translated');
  const stage: PageStage = task.status === 'done' ? 'done' : 'partial';
  return (
    <Stack gap="sm" data-testid="web-translate-result">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as View)}
          data={(['translated', 'original', 'both'] as const).map((value) => ({ value, label: t(`webTranslate.view.${value}`) }))}
          data-testid="web-translate-view"
        />
        <Text size="sm" c="dimmed">
          {t(stage === 'done' ? 'webTranslate.charged' : 'webTranslate.reserved', { chars: task.chars })}
        </Text>
      </Group>
      {stage === 'partial' && (
        <Stack gap={4} data-testid="web-translate-partial">
          <Text size="sm">{t('webTranslate.partial', { progress: task.progress })}</Text>
          <Progress value={task.progress} size="sm" aria-label={t('webTranslate.partial', { progress: task.progress })} />
        </Stack>
      )}
      <Anchor href={task.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('webTranslate.openOriginal')}: {task.url}
      </Anchor>
      {view === 'both' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PageFrame user={user} taskId={task.task_id} version="original" stage={stage} />
          <PageFrame user={user} taskId={task.task_id} version="translated" stage={stage} />
        </SimpleGrid>
      ) : (
        <PageFrame user={user} taskId={task.task_id} version={view} stage={stage} />
      )}
    </Stack>
  );
}
