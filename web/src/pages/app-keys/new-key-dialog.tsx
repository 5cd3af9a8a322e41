/**
 * The key just created, shown once: its app id, app secret and API key (`app_id:app_secret`,
 * what DeepL and LibreTranslate clients take), each with a copy button, a warning that the
 * secret is never shown again, and the way to the API documentation. The server keeps only a
 * hash of the secret, so once this closes nobody can show it again; a click beside the dialog
 * or Escape therefore does not close it, only the explicit button does.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/toast';
import { copyText } from '../translate/copy-text';
import type { CreatedAppKey } from './app-keys-api';

function CopyField({ label, hint, value, testId }: { label: string; hint?: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void copyText(value).then(
      () => {
        setCopied(true);
        showSuccess(t('appKeys.copied'));
      },
      () => showError(t('appKeys.copyFailed')),
    );
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Button
          size="compact-sm"
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          onClick={copy}
          data-testid={`${testId}-copy`}
        >
          {copied ? t('appKeys.copied') : t('appKeys.copy')}
        </Button>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {value}
      </Code>
    </Stack>
  );
}

export function NewKeyDialog({ created, onClose }: { created: CreatedAppKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('appKeys.createdTitle', { name: created.name })}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      data-testid="app-key-created-dialog"
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" title={t('appKeys.secretOnceTitle')} data-testid="app-key-secret-once">
          {t('appKeys.secretOnce')}
        </Alert>
        <CopyField label={t('appKeys.appId')} value={created.app_id} testId="app-key-new-app-id" />
        <CopyField label={t('appKeys.appSecret')} value={created.app_secret} testId="app-key-new-secret" />
        <CopyField label={t('appKeys.apiKey')} hint={t('appKeys.apiKeyHint')} value={created.api_key} testId="app-key-new-api-key" />
        <Anchor component={Link} to="/api-doc" size="sm" data-testid="app-key-doc-link">
          {t('appKeys.docLink')}
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="app-key-created-done">
            {t('appKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
