/** Full-page notices: 403, not found, account not activated, features that come later, errors. */
import type { ReactNode } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLoginPath } from '../auth/session';
import { LangMenu } from './lang-menu';

type Props = {
  code?: string;
  title: string;
  body: string;
  /** Which way out to offer: the home page, the user's login page, or a reload. */
  action?: 'home' | 'login' | 'retry';
  testId?: string;
  children?: ReactNode;
};

export function StatusPage({ code, title, body, action = 'home', testId, children }: Props) {
  const { t } = useTranslation();
  const router = useRouter();
  const go = (href: string) => void router.navigate({ href });
  return (
    <Center mih="100vh" p="md" data-testid={testId}>
      <Stack align="center" gap="md" maw={480}>
        <Group justify="flex-end" w="100%">
          <LangMenu />
        </Group>
        {code && (
          <Text fz={64} fw={800} c="dimmed" lh={1}>
            {code}
          </Text>
        )}
        <Title order={2} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {body}
        </Text>
        {children}
        {action === 'home' && <Button onClick={() => go('/')}>{t('app.backHome')}</Button>}
        {action === 'login' && <Button onClick={() => go(currentLoginPath())}>{t('app.backToLogin')}</Button>}
        {action === 'retry' && <Button onClick={() => void router.invalidate()}>{t('app.retry')}</Button>}
      </Stack>
    </Center>
  );
}
