/**
 * A segment's text with its protected tokens (inline tags, placeholders) shown as chips, so the
 * translator sees at a glance what must stay as it is.
 */
import { splitProtected } from '@mtp/proto';
import type { CSSProperties } from 'react';

export const CHIP_STYLE: CSSProperties = {
  display: 'inline-block',
  padding: '0 4px',
  margin: '0 1px',
  borderRadius: 4,
  fontFamily: 'monospace',
  fontSize: '0.85em',
  background: 'var(--mantine-color-violet-light)',
  color: 'var(--mantine-color-violet-light-color)',
  whiteSpace: 'pre',
};

export function PeTokenText({ text, testId }: { text: string; testId?: string }) {
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
      {splitProtected(text).map((part, i) =>
        part.token ? (
          <span key={i} style={CHIP_STYLE} data-testid="pe-token">
            {part.text === '\t' ? '⇥' : part.text}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}
