/**
 * "Create key": the key's name (1-50 characters, checked here before anything is sent), then
 * `POST app/keys`. The 20-live-keys refusal is shown inside the dialog in the server's words (the
 * call expects that code, so no toast); other refusals are the API client's toasts.
 */
import { useState } from 'react';
import { Alert, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { FormDialog } from '../../components/form-dialog';
import { APP_KEY_NAME_MAX, appKeyNameProblem } from './app-key-rules';
import { APP_KEY_LIMIT_CODE, createAppKey, type CreatedAppKey } from './app-keys-api';

type Props = { onClose: () => void; onCreated: (key: CreatedAppKey) => void };

export function CreateKeyDialog({ onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const problem = appKeyNameProblem(name);
    setNameError(problem ? t(`appKeys.${problem}`, { max: APP_KEY_NAME_MAX }) : null);
    setRefusal(null);
    if (problem) return;
    setBusy(true);
    createAppKey(name.trim())
      .then(onCreated)
      .catch((err: unknown) => {
        if (isApiError(err, APP_KEY_LIMIT_CODE)) setRefusal(err.msg);
      })
      .finally(() => setBusy(false));
  };

  return (
    <FormDialog
      opened
      title={t('appKeys.create')}
      submitLabel={t('appKeys.createSubmit')}
      cancelLabel={t('appKeys.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      testId="app-key-create-dialog"
    >
      <TextInput
        label={t('appKeys.name')}
        description={t('appKeys.nameHint', { max: APP_KEY_NAME_MAX })}
        placeholder={t('appKeys.namePlaceholder')}
        value={name}
        error={nameError}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
        data-testid="app-key-name"
      />
      {refusal && (
        <Alert color="red" variant="light" data-testid="app-key-create-refused">
          {refusal}
        </Alert>
      )}
    </FormDialog>
  );
}
