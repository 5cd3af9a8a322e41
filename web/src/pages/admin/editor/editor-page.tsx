/**
 * /set-editor: bulletins for administrators and managers (a manager's own site); the FAQ and the
 * user terms for administrators only, as the server checks too.
 */
import { Suspense } from 'react';
import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ROLES } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { userDataQueryOptions } from '../../../queries/user-data-query-options';
import { BulletinsTab } from './bulletins-tab';
import { FaqTab } from './faq-tab';
import { TermsTab } from './terms-tab';

export function EditorPage() {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(userDataQueryOptions(currentSessionUser()));
  const isAdmin = user.role === ROLES.ADMIN;
  return (
    <Stack data-testid="editor-page">
      <Title order={2}>{t('nav.editor')}</Title>
      <Tabs defaultValue="bulletins" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="bulletins" data-testid="editor-tab-bulletins">
            {t('content.tabBulletins')}
          </Tabs.Tab>
          {isAdmin && (
            <Tabs.Tab value="faq" data-testid="editor-tab-faq">
              {t('content.tabFaq')}
            </Tabs.Tab>
          )}
          {isAdmin && (
            <Tabs.Tab value="terms" data-testid="editor-tab-terms">
              {t('content.tabTerms')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Suspense fallback={<Loader m="md" />}>
          <Tabs.Panel value="bulletins" pt="md">
            <BulletinsTab isAdmin={isAdmin} siteId={user.site_id} />
          </Tabs.Panel>
          {isAdmin && (
            <Tabs.Panel value="faq" pt="md">
              <FaqTab />
            </Tabs.Panel>
          )}
          {isAdmin && (
            <Tabs.Panel value="terms" pt="md">
              <TermsTab />
            </Tabs.Panel>
          )}
        </Suspense>
      </Tabs>
    </Stack>
  );
}
