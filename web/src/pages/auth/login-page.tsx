/**
 * One login page for the three entries: the main site (/login), the admin entry (/adminlogin)
 * and a white-label site (/{siteCode}). Registration shows on the main site and on sites that
 * allow it; a site that is closed or disabled says so instead of offering a form.
 */
import { useState } from 'react';
import { Alert, Anchor, Group, Stack, Tabs } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { messageOf, type SiteInfo } from '@mtp/proto';
import type { LoginMode } from '../../auth/guards';
import { toUiLang } from '../../i18n/lang';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { TermsNotice } from './terms-dialog';

type Props = { mode: LoginMode; site: SiteInfo | undefined; siteCode: string | null; redirect?: string };

export function LoginPage({ mode, site, siteCode, redirect }: Props) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<string | null>('login');

  const canRegister = mode === 'main' || (mode === 'site' && site?.allow_register === true);
  const closedNotice =
    mode !== 'site' || !site
      ? null
      : site.account_status === 0
        ? t('api.siteDisabled')
        : !site.is_login
          ? messageOf('SITE_NOT_ACTIVATED', toUiLang(i18n.language))
          : null;

  const loginForm = <LoginForm mode={mode} siteCode={siteCode} redirect={redirect} />;
  // The card's title names what the shown form does.
  const title =
    mode === 'admin' ? t('auth.adminLoginTitle') : canRegister && tab === 'register' ? t('auth.registerTitle') : t('auth.loginTitle');

  return (
    <AuthCard site={site} title={title} testId="login-page">
      {closedNotice ? (
        <Alert color="orange" data-testid="site-closed">
          {closedNotice}
        </Alert>
      ) : canRegister ? (
        // keepMounted=false: only one form is in the DOM, so `input[name=account]` stays unique.
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="login" data-testid="login-tab">
              {t('auth.loginTab')}
            </Tabs.Tab>
            <Tabs.Tab value="register" data-testid="register-tab">
              {t('auth.registerTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login">{loginForm}</Tabs.Panel>
          <Tabs.Panel value="register">
            <RegisterForm siteCode={mode === 'site' ? siteCode : null} redirect={redirect} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        loginForm
      )}
      {!closedNotice && tab === 'login' && (
        <Group justify="flex-end" mt="sm">
          <Anchor component={Link} to="/forget" size="sm" data-testid="forget-link">
            {t('auth.forgot')}
          </Anchor>
        </Group>
      )}
      {!closedNotice && (
        <Stack mt="sm">
          <TermsNotice />
        </Stack>
      )}
    </AuthCard>
  );
}
