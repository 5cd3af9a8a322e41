/**
 * The segments as a virtualized table (`@tanstack/react-virtual`): only the rows on screen and a
 * few around them are in the DOM, so a 5,000-segment document scrolls like a short one. Rows
 * have their own heights (long sentences wrap) and are measured as they render. The box is
 * shorter than the page (spec section 2: tables of a smaller height), the header outside it.
 */
import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_COLUMNS, PeSegmentRow } from './pe-segment-row';
import type { PeEditorState } from './use-pe-editor';

export function PeSegmentTable({ editor, phone }: { editor: PeEditorState; phone: boolean }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, active } = editor;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? 110 : 48),
    overscan: 8,
    getItemKey: (i) => rows[i]?.seg_index ?? i,
  });

  useEffect(() => {
    const at = rows.findIndex((r) => r.seg_index === active);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
    // Only when the active row changes: scrolling elsewhere while it stays put is the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  return (
    <div role="grid" aria-rowcount={rows.length} data-testid="pe-table" data-rows={rows.length}>
      {!phone && (
        <div
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: DESKTOP_COLUMNS,
            gap: 12,
            padding: '6px 8px',
            borderBottom: '2px solid var(--mantine-color-default-border)',
            paddingRight: 20,
          }}
        >
          {(['number', 'source', 'target', 'statusColumn'] as const).map((c) => (
            <Text key={c} size="xs" fw={600} role="columnheader">
              {t(`postEdit.${c}`)}
            </Text>
          ))}
        </div>
      )}
      <div
        ref={scrollRef}
        data-testid="pe-scroll"
        style={{ height: phone ? '58dvh' : 'clamp(320px, calc(100dvh - 330px), 620px)', overflowY: 'auto', contain: 'strict' }}
      >
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" p="md" data-testid="pe-no-rows">
            {t('postEdit.noRows')}
          </Text>
        )}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const segment = rows[item.index]!;
            return (
              <PeSegmentRow
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                segment={segment}
                active={segment.seg_index === active}
                phone={phone}
                onActivate={editor.setActive}
                onType={editor.type}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
