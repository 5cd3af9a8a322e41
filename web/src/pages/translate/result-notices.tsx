/**
 * What the result panel says about how a translation came about, beside the translation:
 * the target auto turned over, a source that plainly does not match the text (held back before
 * anything is charged, with the one-click way out either side), and translation memory or
 * termbase entries that made the output.
 */
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUTO } from '../../translate/languages';
import type { TextTranslation } from './use-text-translation';

export function AutoTargetNotice({ tr }: { tr: TextTranslation }) {
  const { t } = useTranslation();
  if (!tr.autoTarget || tr.notice) return null;
  return (
    <Alert color="blue" variant="light" data-testid="auto-target-notice">
      {t('translate.autoTarget', { from: tr.languageName(tr.autoTarget.from), to: tr.languageName(tr.autoTarget.to) })}
    </Alert>
  );
}

export function MismatchNotice({ tr }: { tr: TextTranslation }) {
  const { t } = useTranslation();
  if (tr.notice !== 'source-mismatch' || !tr.mismatch || tr.src === AUTO) return null;
  const detected = tr.languageName(tr.mismatch);
  const chosen = tr.languageName(tr.src);
  return (
    <Alert color="orange" variant="light" data-testid="source-mismatch-notice">
      <Text size="sm">{t('translate.sourceMismatch', { detected, chosen })}</Text>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" onClick={tr.switchToDetected} data-testid="use-detected-source">
          {t('translate.useDetected', { language: detected })}
        </Button>
        <Button size="compact-sm" variant="default" onClick={tr.translateAnyway} data-testid="translate-anyway">
          {t('translate.translateAnyway', { language: chosen })}
        </Button>
      </Group>
    </Alert>
  );
}

/** Memory answers carry `tm_score` (100 exact, 101 in context); applied terms are listed. */
export function MemoryBadges({ tr }: { tr: TextTranslation }) {
  const { t } = useTranslation();
  const data = tr.notice ? null : tr.result?.data;
  if (!data) return null;
  const applied = (data.terms ?? []).filter((term) => term.applied);
  if (data.tm_score === undefined && applied.length === 0) return null;
  return (
    <Group gap="xs">
      {data.tm_score !== undefined && (
        <Badge color="teal" variant="light" tt="none" data-testid="tm-badge">
          {data.tm_score > 100 ? t('translate.fromMemoryContext') : t('translate.fromMemory', { score: data.tm_score })}
        </Badge>
      )}
      {applied.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="terms-applied">
          {t('translate.termsApplied', { terms: applied.map((term) => `${term.source} → ${term.target}`).join(', ') })}
        </Text>
      )}
    </Group>
  );
}
