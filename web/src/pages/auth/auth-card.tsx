/** The frame of the login, registration and reset pages: language switch, brand, title. */
import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Title } from '@mantine/core';
import type { SiteInfo } from '@mtp/proto';
import { LangMenu } from '../../components/lang-menu';
import { SiteBrand } from '../../components/site-brand';

type Props = { site: SiteInfo | null | undefined; title: string; testId?: string; children: ReactNode };

export function AuthCard({ site, title, testId, children }: Props) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)" data-testid={testId}>
      <Stack w="100%" maw={420} gap="md">
        <Group justify="space-between" wrap="nowrap">
          <SiteBrand site={site} size="lg" />
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
