/**
 * The engine page `/` (spec section 2, feature key TextTranslation): text translation as you
 * type. Free users translate through try_translate, logged-in users through text/translate
 * and see their characters left, with the low-characters warning once per visit; they may also
 * report a bad translation (report-error-dialog.tsx).
 */
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasAuthToken } from '../../auth/session';
import { useIsPhone } from '../../components/use-phone';
import { bcp47, toUiLang } from '../../i18n/lang';
import { ReportErrorAction } from './report-error-dialog';
import { LanguageBar, ResultPanel, SourcePanel } from './translator-parts';
import { useRemainingChars } from './use-remaining-chars';
import { useTextTranslation } from './use-text-translation';

export function TextTranslatePage() {
  const { t, i18n } = useTranslation();
  const remaining = useRemainingChars(hasAuthToken());
  const tr = useTextTranslation({ onTranslated: remaining.refresh });
  // Two 220 px selects and the swap button in one row are wider than a phone: stack them.
  const phone = useIsPhone();

  return (
    <Stack gap="md" data-testid="text-translate-page">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('nav.text')}</Title>
        {remaining.totalLeft !== undefined && (
          <Text size="sm" c="dimmed" data-testid="remaining-chars">
            {t('translate.remaining', { left: remaining.totalLeft.toLocaleString(bcp47(toUiLang(i18n.language))) })}
          </Text>
        )}
      </Group>
      <LanguageBar tr={tr} compact={phone} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SourcePanel tr={tr} />
        <ResultPanel tr={tr} actions={tr.member ? <ReportErrorAction tr={tr} /> : undefined} />
      </SimpleGrid>
    </Stack>
  );
}
