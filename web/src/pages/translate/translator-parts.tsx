/**
 * The pieces of a translation page, shared by the desktop page and the mobile trial: the
 * language bar (native selects, so browser tests can `selectOption`), the source panel with its
 * counter, and the read-only result panel with copy.
 */
import { ActionIcon, Alert, Box, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/toast';
import { AUTO, isDomain, isLanguageCode, isSourceLang } from '../../translate/languages';
import { TEXT_LIMIT } from '../../translate/text-limits';
import { copyText } from './copy-text';
import { AutoTargetNotice, MemoryBadges, MismatchNotice } from './result-notices';
import type { TextTranslation } from './use-text-translation';

type PartProps = { tr: TextTranslation; compact?: boolean };
/** `actions`: more buttons beside Copy (the desktop page's "Report an error"). */
type ResultProps = PartProps & { actions?: ReactNode };

export function LanguageBar({ tr, compact = false }: PartProps) {
  const { t } = useTranslation();
  const sourceData = [
    { value: AUTO, label: t('translate.detect') },
    ...tr.languages.map((code) => ({ value: code, label: tr.languageName(code) })),
  ];
  const targetData = tr.languages.map((code) =>
    tr.disabledTargets.has(code)
      ? { value: code, label: t('translate.unavailableOption', { language: tr.languageName(code) }), disabled: true }
      : { value: code, label: tr.languageName(code) },
  );
  const swapLabel = tr.swapEnabled ? t('translate.swap') : t('translate.swapDisabled');
  const width = compact ? '100%' : 220;

  const sourceSelect = (
    <NativeSelect
      label={t('translate.sourceLang')}
      data={sourceData}
      value={tr.src}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isSourceLang(value)) tr.setSrc(value);
      }}
      data-testid="src-lang"
      w={width}
    />
  );
  const swapButton = (
    <Tooltip label={swapLabel}>
      <ActionIcon
        variant="default"
        size="lg"
        mb={compact ? undefined : 2}
        aria-label={t('translate.swap')}
        disabled={!tr.swapEnabled}
        onClick={tr.swap}
        data-testid="swap-langs"
      >
        <span aria-hidden>{compact ? '⇅' : '⇄'}</span>
      </ActionIcon>
    </Tooltip>
  );
  const targetSelect = (
    <NativeSelect
      label={t('translate.targetLang')}
      data={targetData}
      value={tr.tgt}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isLanguageCode(value)) tr.setTgt(value);
      }}
      data-testid="tgt-lang"
      w={width}
    />
  );
  const domainSelect = (
    <NativeSelect
      label={t('translate.domain')}
      data={tr.domainOptions}
      value={tr.domain}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isDomain(value)) tr.setDomain(value);
      }}
      data-testid="domain"
      w={compact ? '100%' : 200}
    />
  );

  if (compact) {
    // A phone (360-430 px) cannot fit two language names side by side ("Chinese (Simplified)"
    // was clipped at 412 px): the selects take the whole width, one above the other, with the
    // swap beside them.
    return (
      <Stack gap="xs">
        <Group gap="xs" align="center" wrap="nowrap">
          <Stack gap="xs" miw={0} style={{ flex: 1 }}>
            {sourceSelect}
            {targetSelect}
          </Stack>
          {swapButton}
        </Group>
        {domainSelect}
      </Stack>
    );
  }
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {sourceSelect}
        {swapButton}
        {targetSelect}
      </Group>
      {domainSelect}
    </Group>
  );
}

export function SourcePanel({ tr, compact = false }: PartProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Textarea
          aria-label={t('translate.sourceText')}
          placeholder={t('translate.sourcePlaceholder')}
          value={tr.text}
          onChange={(e) => tr.setText(e.currentTarget.value)}
          autosize
          minRows={compact ? 5 : 10}
          maxRows={compact ? 12 : 24}
          variant="unstyled"
          data-testid="source-text"
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Box mih={22}>
            {tr.detected && (
              <Text size="sm" c="blue" data-testid="detected-lang">
                {t('translate.detected', { language: tr.languageName(tr.detected) })}
              </Text>
            )}
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c={tr.counter.over ? 'red' : 'dimmed'} fw={tr.counter.over ? 700 : undefined} data-testid="char-counter">
              {tr.counter.label}
            </Text>
            <Button variant="subtle" size="compact-sm" disabled={tr.text === ''} onClick={tr.clear} data-testid="clear-source">
              {t('translate.clear')}
            </Button>
          </Group>
        </Group>
        {tr.counter.over && (
          <Text size="xs" c="red" data-testid="over-limit">
            {t('translate.overLimit', { limit: TEXT_LIMIT })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ResultPanel({ tr, compact = false, actions }: ResultProps) {
  const { t } = useTranslation();
  // A notice (same languages, unavailable pair) replaces whatever was translated before.
  const shown = tr.notice ? null : tr.result;
  const translated = shown?.data.translated ?? '';
  const truncated = shown !== null && (shown.data.truncated || shown.clipped);

  const copy = () =>
    void copyText(translated).then(
      () => showSuccess(t('translate.copied')),
      () => showError(t('translate.copyFailed')),
    );

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Box mih={compact ? 120 : 236} mah={compact ? '50vh' : '60vh'} pos="relative" style={{ overflowY: 'auto' }}>
          <Text
            component="div"
            data-testid="target-text"
            aria-label={t('translate.targetText')}
            aria-live="polite"
            aria-busy={tr.pending}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {translated}
          </Text>
          {translated === '' && !tr.notice && (
            <Text c="dimmed" data-testid="result-placeholder">
              {tr.pending ? t('translate.translating') : t('translate.resultPlaceholder')}
            </Text>
          )}
          {tr.pending && (
            <Loader size="xs" pos="absolute" top={0} right={0} data-testid="translating" aria-label={t('translate.translating')} />
          )}
        </Box>
        <AutoTargetNotice tr={tr} />
        <MemoryBadges tr={tr} />
        <MismatchNotice tr={tr} />
        {tr.notice === 'same-language' && (
          <Alert color="orange" variant="light" data-testid="same-lang-notice">
            {t('translate.sameLanguage')}
          </Alert>
        )}
        {tr.notice === 'unavailable' && (
          <Alert color="orange" variant="light" data-testid="pair-unavailable">
            {t('translate.pairUnavailable')}
          </Alert>
        )}
        {truncated && (
          <Alert color="yellow" variant="light" data-testid="truncated-notice">
            {t('translate.truncated', { limit: TEXT_LIMIT })}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {actions}
          <Button variant="light" size="compact-sm" disabled={translated === ''} onClick={copy} data-testid="copy-result">
            {t('translate.copy')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
