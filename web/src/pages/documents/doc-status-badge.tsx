/** A file's status as a colored badge, shared by `/file` and `/myfile`. */
import { Badge } from '@mantine/core';
import type { DocFileStatus } from '@mtp/proto';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DocFileStatus, string> = {
  queued: 'gray',
  translating: 'blue',
  done: 'teal',
  failed: 'red',
  interrupted: 'orange',
};

export function DocStatusBadge({ status, testId }: { status: DocFileStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    // Never narrower than its word: a squeezed table column would cut it to "排…".
    <Badge color={COLORS[status]} variant="light" data-testid={testId} data-status={status} style={{ minWidth: 'max-content' }}>
      {t(`documents.status.${status}`)}
    </Badge>
  );
}
