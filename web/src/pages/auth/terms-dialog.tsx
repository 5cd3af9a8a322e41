/**
 * The user terms in a dialog. They are agreed once at registration and asked again at login only
 * when the server says a newer version waits (40014, services/accounts/README.md); the login
 * page also lets anyone read them through a link.
 */
import { useRef, useState } from 'react';
import { Alert, Anchor, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../components/form-dialog';
import { termsQueryOptions } from '../../content/content-query-options';
import { RichHtml } from '../../content/rich-html';
import { currentLang } from '../../i18n';

type Ask = { changed: boolean; resolve: (agreed: boolean) => void };

/**
 * `ask(changed)` opens the dialog and settles with the user's answer (true: agreed), so a form's
 * submit can await it in the middle of its flow; `dialog` must be rendered by that form.
 */
export function useTermsPrompt() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Ask | null>(null);
  const pending = useRef<Ask | null>(null);

  const answer = (agreed: boolean) => {
    pending.current?.resolve(agreed);
    pending.current = null;
    setAsking(null);
  };

  const ask = (changed: boolean) =>
    new Promise<boolean>((resolve) => {
      pending.current?.resolve(false);
      pending.current = { changed, resolve };
      setAsking(pending.current);
    });

  const dialog = (
    <FormDialog
      opened={asking !== null}
      title={t('auth.termsTitle')}
      submitLabel={t('auth.termsAgree')}
      cancelLabel={t('auth.termsCancel')}
      onSubmit={() => answer(true)}
      onCancel={() => answer(false)}
      testId="terms-dialog"
    >
      {asking?.changed && (
        <Alert color="blue" data-testid="terms-changed">
          {t('auth.termsChanged')}
        </Alert>
      )}
      <TermsText />
    </FormDialog>
  );
  return { ask, dialog };
}

/** The stored terms (`notice_or_document_data/2`, sanitized HTML); the app's own copy until they arrive or if they cannot. */
function TermsText() {
  const { t } = useTranslation();
  const stored = useQuery(termsQueryOptions(currentLang())).data?.content;
  return (
    <ScrollArea.Autosize mah="50vh" data-testid="terms-text">
      {stored ? (
        <RichHtml html={stored} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {t('auth.termsBody')}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}

/** "By logging in or registering you agree to the User terms", the link opening them to read. */
export function TermsNotice() {
  const { t } = useTranslation();
  const terms = useTermsPrompt();
  return (
    <Text size="xs" c="dimmed" ta="center">
      {t('auth.termsNotice')}{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => void terms.ask(false)} data-testid="terms-link">
        {t('auth.termsLink')}
      </Anchor>
      {terms.dialog}
    </Text>
  );
}
