/**
 * A translated page beside its original: a toggle between the translation, the original and
 * both (side by side from `sm` up, stacked on phones). Each page is shown through `srcdoc` in an
 * iframe sandboxed with no permissions at all (no scripts, no same origin, no forms), beside
 * the server's own `sandbox` CSP on the page's address: two locks, so neither alone is trusted.
 */
import { Anchor, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WebTaskStatus } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
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
import { webPageHtmlQueryOptions, type PageVersion } from './web-translate-api';

type View = PageVersion | 'both';

function PageFrame({ user, taskId, version }: { user: SessionUser; taskId: string; version: PageVersion }) {
  const { t } = useTranslation();
  const html = useQuery(webPageHtmlQueryOptions(user, taskId, version));
  if (!html.data) return <Loader size="sm" />;
  return (
    <iframe
      style={FRAME_STYLE}
      sandbox=""
      srcDoc={html.data}
      referrerPolicy="no-referrer"
      title={t(version === 'translated' ? 'webTranslate.frameTranslated' : 'webTranslate.frameOriginal')}
      data-testid={`web-translate-frame-${version}`}
    />
  );
}

export function WebPageResult({ user, task }: { user: SessionUser; task: WebTaskStatus }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('translated');
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
          {t('webTranslate.charged', { chars: task.chars })}
        </Text>
      </Group>
      <Anchor href={task.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('webTranslate.openOriginal')}: {task.url}
      </Anchor>
      {view === 'both' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PageFrame user={user} taskId={task.task_id} version="original" />
          <PageFrame user={user} taskId={task.task_id} version="translated" />
        </SimpleGrid>
      ) : (
        <PageFrame user={user} taskId={task.task_id} version={view} />
      )}
    </Stack>
  );
}
