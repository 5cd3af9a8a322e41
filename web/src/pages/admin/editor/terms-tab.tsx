/**
 * The terms tab (administrators): the current version's text in both languages. "Save" corrects
 * this version (nobody is asked again); "Publish as a new version" asks everyone to agree again
 * at their next login, after a confirmation.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { FormDialog } from '../../../components/form-dialog';
import { showSuccess } from '../../../components/toast';
import { publishTerms, saveTerms } from '../../../content/content-endpoints';
import { adminTermsQueryOptions, contentKeys } from '../../../content/content-query-options';
import { RichTextField } from './rich-text-field';

export function TermsTab() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(adminTermsQueryOptions(user));
  const [content, setContent] = useState(data.content);
  const [confirming, setConfirming] = useState(false);
  const after = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contentKeys.adminTerms(user) }),
      queryClient.invalidateQueries({ queryKey: ['content', 'terms'] }),
    ]);
    showSuccess(t('content.saved'));
  };
  const save = useMutation({ mutationFn: () => saveTerms(content), onSuccess: after });
  const publish = useMutation({
    mutationFn: () => publishTerms(content),
    onSuccess: async () => {
      setConfirming(false);
      await after();
    },
  });
  return (
    <Stack data-testid="terms-tab">
      <Text size="sm" c="dimmed" data-testid="terms-version">
        {t('content.termsVersion', { version: data.version, date: new Date(data.published_at).toLocaleDateString() })}
      </Text>
      <RichTextField
        label={t('content.langZh')}
        value={content.zh_CN}
        onChange={(zh_CN) => setContent({ ...content, zh_CN })}
        testId="terms-zh"
      />
      <RichTextField
        label={t('content.langEn')}
        value={content.en_US}
        onChange={(en_US) => setContent({ ...content, en_US })}
        testId="terms-en"
      />
      <Group justify="flex-end">
        <Button variant="default" loading={save.isPending} onClick={() => save.mutate()} data-testid="terms-save">
          {t('content.save')}
        </Button>
        <Button onClick={() => setConfirming(true)} data-testid="terms-publish">
          {t('content.publishTerms')}
        </Button>
      </Group>
      <FormDialog
        opened={confirming}
        title={t('content.publishTerms')}
        submitLabel={t('content.publish')}
        cancelLabel={t('content.cancel')}
        onSubmit={() => publish.mutate()}
        onCancel={() => setConfirming(false)}
        busy={publish.isPending}
        testId="terms-publish-dialog"
      >
        <Text>{t('content.publishTermsBody')}</Text>
      </FormDialog>
    </Stack>
  );
}
