/** "Delete …?" before anything is deleted: the dialog names what goes. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';

type Props = { name: string | null; busy: boolean; onConfirm: () => void; onCancel: () => void };

export function ConfirmDelete({ name, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={name !== null}
      title={t('content.deleteTitle')}
      submitLabel={t('content.delete')}
      cancelLabel={t('content.cancel')}
      onSubmit={onConfirm}
      onCancel={onCancel}
      busy={busy}
      testId="confirm-delete"
    >
      <Text>{t('content.deleteBody', { name })}</Text>
    </FormDialog>
  );
}
