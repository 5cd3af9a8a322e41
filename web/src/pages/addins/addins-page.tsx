/**
 * `/addins` (issue 22): where users get the two add-ins the platform serves itself (gateway
 * `plugins/addin-assets.ts`): the browser plug-in's zip and the Office add-in's manifest, with
 * the steps to install each. Both talk to this site, so the steps name its own origin. A site
 * whose config sets `showAddins: false` offers neither: the navigation leaves the entry out and
 * the page says so.
 */
import { Alert, Anchor, Button, Code, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useCurrentSite } from '../../site/use-site';

export const BROWSER_PLUGIN_ZIP_URL = '/downloads/mtp-browser-plugin.zip';
export const OFFICE_MANIFEST_URL = '/office-addin/manifest.xml';

/** Whether a site offers the add-ins: unless its config says false (absent: shown). */
export function siteShowsAddins(site: { site_config: { showAddins?: boolean } } | undefined): boolean {
  return site?.site_config.showAddins !== false;
}

function Steps({ items, testId }: { items: ReactNode[]; testId: string }) {
  return (
    <List type="ordered" spacing={6} size="sm" data-testid={testId} styles={{ itemWrapper: { minWidth: 0 }, itemLabel: { minWidth: 0 } }}>
      {items.map((item, i) => (
        <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
          {item}
        </List.Item>
      ))}
    </List>
  );
}

function OriginLine({ origin }: { origin: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Code data-testid="addins-origin" style={{ overflowWrap: 'anywhere' }}>
        {origin}
      </Code>
      <CopyButton value={origin}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy}>
            {copied ? t('addins.copied') : t('addins.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function BrowserPluginSection({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const apiKeysLink = <Anchor component={Link} to="/api-keys" data-testid="addins-api-keys-link" />;
  return (
    <Paper withBorder p="md" radius="md" data-testid="addins-browser-plugin">
      <Stack gap="sm">
        <Title order={3}>{t('addins.plugin.title')}</Title>
        <Text size="sm">{t('addins.plugin.intro')}</Text>
        <Group>
          <Button component="a" href={BROWSER_PLUGIN_ZIP_URL} download="mtp-browser-plugin.zip" data-testid="addins-plugin-download">
            {t('addins.plugin.download')}
          </Button>
        </Group>
        <Steps
          testId="addins-plugin-steps"
          items={[
            t('addins.plugin.stepUnzip'),
            <Trans i18nKey="addins.plugin.stepExtensions" components={{ code: <Code /> }} />,
            t('addins.plugin.stepDeveloper'),
            t('addins.plugin.stepLoad'),
            <>
              {t('addins.plugin.stepServer')}
              <OriginLine origin={origin} />
            </>,
            <Trans i18nKey="addins.plugin.stepSignIn" components={{ keys: apiKeysLink }} />,
          ]}
        />
      </Stack>
    </Paper>
  );
}

function OfficeSection({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const insecure = origin.startsWith('http:') && !/^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(origin);
  return (
    <Paper withBorder p="md" radius="md" data-testid="addins-office">
      <Stack gap="sm">
        <Title order={3}>{t('addins.office.title')}</Title>
        <Text size="sm">{t('addins.office.intro')}</Text>
        {insecure && (
          <Alert color="yellow" data-testid="addins-https-note">
            {t('addins.office.httpsNote')}
          </Alert>
        )}
        <Group>
          <Button component="a" href={OFFICE_MANIFEST_URL} download="manifest.xml" data-testid="addins-office-download">
            {t('addins.office.download')}
          </Button>
        </Group>
        <Title order={4}>{t('addins.office.webTitle')}</Title>
        <Steps
          testId="addins-office-web-steps"
          items={[t('addins.office.webOpen'), t('addins.office.webUpload'), t('addins.office.open')]}
        />
        <Title order={4}>{t('addins.office.desktopTitle')}</Title>
        <Steps
          testId="addins-office-desktop-steps"
          items={[
            t('addins.office.desktopShare'),
            t('addins.office.desktopTrust'),
            t('addins.office.desktopInsert'),
            t('addins.office.open'),
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('addins.office.mac')}
        </Text>
        <Title order={4}>{t('addins.office.adminTitle')}</Title>
        <Text size="sm">{t('addins.office.admin')}</Text>
        <Text size="sm" c="dimmed">
          {t('addins.office.signIn')}
        </Text>
      </Stack>
    </Paper>
  );
}

export function AddinsPage() {
  const { t } = useTranslation();
  const site = useCurrentSite();
  const origin = window.location.origin;
  if (!siteShowsAddins(site)) {
    return (
      <Stack gap="sm" data-testid="addins-page">
        <Title order={2}>{t('nav.addins')}</Title>
        <Text data-testid="addins-hidden">{t('addins.hidden')}</Text>
      </Stack>
    );
  }
  return (
    // Paths such as ~/Library/Containers/... have no break opportunity: they may break anywhere.
    <Stack gap="md" data-testid="addins-page" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Title order={2}>{t('nav.addins')}</Title>
      <Text size="sm">{t('addins.intro')}</Text>
      <BrowserPluginSection origin={origin} />
      <OfficeSection origin={origin} />
    </Stack>
  );
}
