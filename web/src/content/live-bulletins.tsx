/**
 * The live bulletins of the reader's site, on top of the main area, newest first. Each can be
 * closed, and stays closed in this browser (dismissed-bulletins.ts).
 */
import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storage } from '../api/instance';
import { currentSiteCode } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { currentLang } from '../i18n';
import { noticesQueryOptions } from './content-query-options';
import { dismissBulletin, dismissedBulletins, visibleBulletins } from './dismissed-bulletins';
import { RichHtml } from './rich-html';

export function LiveBulletins() {
  const { t } = useTranslation();
  const { data } = useQuery(noticesQueryOptions(currentSessionUser(), currentSiteCode(), currentLang()));
  const [dismissed, setDismissed] = useState(() => dismissedBulletins(storage));
  const shown = visibleBulletins(data?.notice_list ?? [], dismissed);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="live-bulletins">
      {shown.map((b) => (
        <Alert
          key={b.bulletin_id}
          title={b.title}
          color="blue"
          withCloseButton
          closeButtonLabel={t('content.dismiss')}
          onClose={() => setDismissed(dismissBulletin(storage, b.bulletin_id))}
          data-testid="bulletin"
        >
          <RichHtml html={b.body} />
        </Alert>
      ))}
    </Stack>
  );
}
