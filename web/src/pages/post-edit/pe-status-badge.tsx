/** A segment's status as Matecat colours it, with the memory score for TM 100, context 101 and fuzzy. */
import { Badge } from '@mantine/core';
import type { PeSegment, PeSegmentStatus } from '@mtp/proto';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PeSegmentStatus, string> = {
  new: 'gray',
  mt: 'grape',
  tm100: 'green',
  context101: 'teal',
  fuzzy: 'yellow',
  draft: 'orange',
  translated: 'blue',
  approved: 'indigo',
};

const SCORED: ReadonlySet<PeSegmentStatus> = new Set(['tm100', 'context101', 'fuzzy']);

export function PeStatusBadge({ segment }: { segment: Pick<PeSegment, 'status' | 'score'> }) {
  const { t } = useTranslation();
  const label = t(`postEdit.status.${segment.status}`);
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[segment.status]}
      data-testid="pe-status"
      data-status={segment.status}
      style={{ minWidth: 'max-content' }}
    >
      {SCORED.has(segment.status) ? `${label} ${segment.score}%` : label}
    </Badge>
  );
}
