/**
 * The mobile registration page `/publicityRegister` (spec section 2): the registration form of
 * the login page on its own; registering logs the user in and goes on into the app.
 */
import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentSite } from '../../site/use-site';
import { AuthCard } from '../auth/auth-card';
import { RegisterForm } from '../auth/register-form';
import { useMobileMessages } from './use-mobile-messages';

export function PublicityRegisterPage() {
  const { t } = useTranslation();
  useMobileMessages();
  const site = useCurrentSite();

  return (
    <AuthCard site={site} title={t('mobile.registerTitle')} testId="publicity-register-page">
      <RegisterForm siteCode={null} />
      <Group justify="space-between" mt="sm">
        <Anchor component={Link} to="/mobiletranslate" size="sm" data-testid="back-to-trial">
          {t('mobile.backToTrial')}
        </Anchor>
        <Anchor component={Link} to="/login" size="sm" data-testid="mobile-login-link">
          {t('mobile.loginLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
