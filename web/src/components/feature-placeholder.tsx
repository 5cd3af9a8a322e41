/**
 * What a feature screen shows until its issue lands: its title and an honest notice, never a
 * fake form that would pretend to work.
 */
import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NavLabelKey } from '../nav/nav-items';

export function FeaturePlaceholder({ titleKey }: { titleKey: NavLabelKey }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="feature-placeholder">
      <Title order={2}>{t(titleKey)}</Title>
      <Alert color="gray" variant="light">
        {t('page.notAvailable')}
      </Alert>
    </Stack>
  );
}
