/**
 * The mobile trial translation page `/mobiletranslate` (spec section 2): the text translation of
 * the engine page in one column, always as a free trial (try_translate), with the way to register.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LangMenu } from '../../components/lang-menu';
import { SiteBrand } from '../../components/site-brand';
import { useCurrentSite, useDocumentTitle } from '../../site/use-site';
import { LanguageBar, ResultPanel, SourcePanel } from '../translate/translator-parts';
import { useTextTranslation } from '../translate/use-text-translation';
import { useMobileMessages } from './use-mobile-messages';

export function MobileTranslatePage() {
  const { t } = useTranslation();
  useMobileMessages();
  const site = useCurrentSite();
  useDocumentTitle(site);
  const tr = useTextTranslation({ trial: true });

  return (
    <Stack gap="sm" p="sm" maw={640} mx="auto" data-testid="mobile-translate-page">
      <Group justify="space-between" wrap="nowrap">
        <SiteBrand site={site} />
        <Group gap="xs" wrap="nowrap">
          <LangMenu />
          <Anchor component={Link} to="/login" size="sm" data-testid="mobile-login-link">
            {t('mobile.loginLink')}
          </Anchor>
        </Group>
      </Group>
      <Title order={3}>{t('mobile.title')}</Title>
      <LanguageBar tr={tr} compact />
      <SourcePanel tr={tr} compact />
      <ResultPanel tr={tr} compact />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('mobile.registerPrompt')}</Text>
          <Button component={Link} to="/publicityRegister" size="compact-md" data-testid="register-link">
            {t('mobile.registerLink')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
