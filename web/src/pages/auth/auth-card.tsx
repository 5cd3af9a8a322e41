/** The frame of the login, registration and reset pages: language switch, brand, title. */
import type { ReactNode } from 'react';
import { Center, Group, Image, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@mtp/proto';
import { loginConfigQueryOptions } from '../../queries/login-config-query-options';
import { LangMenu } from '../../components/lang-menu';
import { SiteBrand } from '../../components/site-brand';

type Props = { site: SiteInfo | null | undefined; title: string; testId?: string; children: ReactNode };

export function AuthCard({ site, title, testId, children }: Props) {
  // An enterprise may show the platform's (main site's) logo beside its own (show_main_logo).
  const withMain = site?.is_main === false && site.site_config.show_main_logo === true;
  const mainLogo = useQuery({ ...loginConfigQueryOptions(null), enabled: withMain }).data?.logo_url;
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)" data-testid={testId}>
      <Stack w="100%" maw={420} gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {withMain && mainLogo && <Image src={mainLogo} alt="" h={40} w="auto" fit="contain" data-testid="main-site-logo" />}
            <SiteBrand site={site} size="lg" />
          </Group>
          <LangMenu />
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={3} mb="md" data-testid="auth-title">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
