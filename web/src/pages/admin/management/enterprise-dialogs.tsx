/** The small dialogs of /management: renewing (a new expiry) and the one showing of a first password. */
import { useState } from 'react';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@mtp/proto';
import { FormDialog } from '../../../components/form-dialog';
import { renewCompany } from './company-api';
import { expiryOf } from './enterprise-form';

export function RenewDialog({ enterprise, onClose, onRenewed }: { enterprise: Enterprise; onClose: () => void; onRenewed: () => void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(enterprise.expires_at?.slice(0, 10) ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await renewCompany(enterprise.site_id, expiryOf(date));
      onRenewed();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      opened
      title={t('enterprise.renewTitle', { name: enterprise.name })}
      submitLabel={t('enterprise.save')}
      cancelLabel={t('enterprise.cancel')}
      onSubmit={() => void submit()}
      onCancel={onClose}
      busy={busy}
      testId="renew-form"
    >
      <TextInput
        type="date"
        label={t('enterprise.newExpiry')}
        description={date ? undefined : t('enterprise.never')}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        data-testid="renew-date"
      />
    </FormDialog>
  );
}

export function FirstPasswordDialog({ account, password, onClose }: { account: string; password: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('enterprise.passwordTitle')} centered data-testid="first-password">
      <Stack gap="md">
        <Text size="sm">{t('enterprise.passwordBody', { account })}</Text>
        <Code fz="lg" data-testid="first-password-value">
          {password}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="first-password-close">
            {t('enterprise.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
