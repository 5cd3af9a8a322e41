/**
 * One segment of the table: number, source, target, status. The active one edits its target in
 * place (a textarea); the others show it with its protected tokens as chips. On a phone the row
 * stacks the source over the target. An edit that would break a token is refused and said so.
 */
import { Group, Text, Textarea } from '@mantine/core';
import type { PeSegment } from '@mtp/proto';
import { forwardRef, memo, useEffect, useRef, useState, type ChangeEvent, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { breaksToken, editRegion } from './pe-tokens';
import { PeStatusBadge } from './pe-status-badge';
import { PeTokenText } from './pe-token-text';

export type PeSegmentRowProps = {
  segment: PeSegment;
  active: boolean;
  phone: boolean;
  onActivate: (segIndex: number) => void;
  onType: (segIndex: number, target: string) => void;
  style?: CSSProperties;
  'data-index'?: number;
};

export const DESKTOP_COLUMNS = '3.5rem minmax(0, 1fr) minmax(0, 1fr) 7.5rem';

const RowImpl = forwardRef<HTMLDivElement, PeSegmentRowProps>(function PeSegmentRow(
  { segment, active, phone, onActivate, onType, style, ...rest },
  ref,
) {
  const number = (
    <Text size="xs" c="dimmed" data-testid="pe-seg-number">
      {segment.seg_index + 1}
    </Text>
  );
  const source = (
    <Text size="sm" component="div" data-testid="pe-source">
      <PeTokenText text={segment.source} />
    </Text>
  );
  const target = active ? (
    <TargetEditor segment={segment} onType={onType} />
  ) : (
    <Text size="sm" component="div" data-testid="pe-target" c={segment.target ? undefined : 'dimmed'}>
      <PeTokenText text={segment.target} />
    </Text>
  );
  const rowStyle: CSSProperties = {
    ...style,
    padding: '6px 8px',
    borderBottom: '1px solid var(--mantine-color-default-border)',
    background: active ? 'var(--mantine-color-blue-light)' : undefined,
    cursor: active ? undefined : 'pointer',
  };
  const data = {
    'data-testid': 'pe-row',
    'data-seg': segment.seg_index,
    'data-status': segment.status,
    'data-active': active || undefined,
    role: 'row',
    'aria-selected': active,
  };
  if (phone) {
    return (
      <div ref={ref} {...rest} {...data} style={rowStyle} onClick={() => !active && onActivate(segment.seg_index)}>
        <Group justify="space-between" gap="xs" mb={4}>
          {number}
          <PeStatusBadge segment={segment} />
        </Group>
        {source}
        <div style={{ marginTop: 4 }}>{target}</div>
      </div>
    );
  }
  return (
    <div
      ref={ref}
      {...rest}
      {...data}
      style={{ ...rowStyle, display: 'grid', gridTemplateColumns: DESKTOP_COLUMNS, gap: 12, alignItems: 'start' }}
      onClick={() => !active && onActivate(segment.seg_index)}
    >
      {number}
      {source}
      <div>{target}</div>
      <div>
        <PeStatusBadge segment={segment} />
      </div>
    </div>
  );
});

export const PeSegmentRow = memo(RowImpl);

function TargetEditor({ segment, onType }: Pick<PeSegmentRowProps, 'segment' | 'onType'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    // The row just became active (a click, Ctrl+Down, a confirm): type straight away.
    ref.current?.focus({ preventScroll: true });
  }, [segment.seg_index]);
  const onChange = (e: ChangeEvent<HTMLTextAreaElement>) => {
    const next = e.currentTarget.value;
    const caret = e.currentTarget.selectionStart;
    if (breaksToken(segment.target, next, caret)) {
      // Not passed on: React puts the old value back; the caret goes where the edit was.
      const { start } = editRegion(segment.target, next, caret);
      setRefused(true);
      requestAnimationFrame(() => ref.current?.setSelectionRange(start, start));
      return;
    }
    setRefused(false);
    onType(segment.seg_index, next);
  };
  return (
    <>
      <Textarea
        ref={ref}
        value={segment.target}
        onChange={onChange}
        autosize
        minRows={1}
        size="sm"
        aria-label={t('postEdit.targetOf', { n: segment.seg_index + 1 })}
        data-testid="pe-target-editor"
        styles={{ input: { paddingTop: 4, paddingBottom: 4 } }}
      />
      {refused && (
        <Text size="xs" c="red" data-testid="pe-token-refused" role="status">
          {t('postEdit.tokenProtected')}
        </Text>
      )}
    </>
  );
}
