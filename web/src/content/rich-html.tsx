/**
 * HTML the server has sanitized (services/accounts/src/content/sanitize.ts: no script, handler
 * or foreign link survives), shown with Mantine's typography styles.
 */
import { Typography } from '@mantine/core';

export function RichHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography data-testid={testId}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
