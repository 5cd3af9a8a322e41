/**
 * The confirmation before a key is revoked, naming it (and, on the staff's list, its owner).
 * Revoking cannot be undone: programs using the key or its token are refused from then on.
 */
import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { showSuccess } from '../../components/toast';
import type { AppKeyItem } from './app-keys-api';

type Props = {
  appKey: AppKeyItem & { account?: string };
  revoke: (appId: string) => Promise<unknown>;
  onClose: () => void;
  onRevoked: () => void;
};

export function RevokeKeyDialog({ appKey, revoke, onClose, onRevoked }: Props) {
  const { t } = useTranslation();
  const call = useMutation({
    mutationFn: () => revoke(appKey.app_id),
    onSuccess: () => {
      showSuccess(t('appKeys.revokedDone'));
      onRevoked();
    },
  });
  return (
    <FormDialog
      opened
      title={t('appKeys.revokeTitle')}
      submitLabel={t('appKeys.revoke')}
      cancelLabel={t('appKeys.cancel')}
      onSubmit={() => call.mutate()}
      onCancel={onClose}
      busy={call.isPending}
      testId="app-key-revoke-confirm"
    >
      <Text style={{ wordBreak: 'break-word' }} data-testid="app-key-revoke-name">
        {appKey.account
          ? t('appKeys.revokeBodyOwner', { name: appKey.name, account: appKey.account })
          : t('appKeys.revokeBody', { name: appKey.name })}
      </Text>
    </FormDialog>
  );
}
