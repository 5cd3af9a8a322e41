/**
 * The mobile trial translation page `/mobiletranslate` (spec section 2): the text translation of
 * the engine page in one column, always as a free trial (try_translate), with the way to register.
 * Someone already logged in (an unknown path brings them here too) gets the way into the app
 * instead of "Log in" and "Register".
 */
import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hasAuthToken } from '../../auth/session';
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
  const loggedIn = hasAuthToken();

  return (
    <Stack gap="sm" p="sm" maw={640} mx="auto" data-testid="mobile-translate-page">
      <Group justify="space-between" wrap="nowrap">
        {/* The brand truncates; the language switch and the link keep their whole words. */}
        <Box miw={0} style={{ flex: 1 }}>
          <SiteBrand site={site} />
        </Box>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          <LangMenu />
          {loggedIn ? (
            <Anchor component={Link} to="/" size="sm" data-testid="mobile-app-link">
              {t('mobile.appLink')}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/login" size="sm" data-testid="mobile-login-link">
              {t('mobile.loginLink')}
            </Anchor>
          )}
        </Group>
      </Group>
      <Title order={3}>{t('mobile.title')}</Title>
      <LanguageBar tr={tr} compact />
      <SourcePanel tr={tr} compact />
      <ResultPanel tr={tr} compact />
      {!loggedIn && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('mobile.registerPrompt')}</Text>
            <Button component={Link} to="/publicityRegister" size="compact-md" data-testid="register-link">
              {t('mobile.registerLink')}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
