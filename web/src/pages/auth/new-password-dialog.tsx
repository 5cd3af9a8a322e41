/**
 * The first login of a pre-activated account (services/accounts README, user administration):
 * the server answers 40060 until the login comes again with a new password, which this dialog
 * asks for (twice, to catch a typo) and checks with the same rule as registration.
 */
import { useRef, useState } from 'react';
import { Alert, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '@mtp/proto';
import { FormDialog } from '../../components/form-dialog';

/** `ask()` settles with the new password, or null when the user cancels; render `dialog`. */
export function useNewPasswordPrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<((password: string | null) => void) | null>(null);

  const finish = (password: string | null) => {
    pending.current?.(password);
    pending.current = null;
    setOpen(false);
    setValues({ password: '', confirm: '' });
    setError(null);
  };
  const ask = () =>
    new Promise<string | null>((resolve) => {
      pending.current?.(null);
      pending.current = resolve;
      setOpen(true);
    });
  const submit = () => {
    if (checkPassword(values.password)) return setError(t('auth.passwordPlaceholder'));
    if (values.password !== values.confirm) return setError(t('auth.passwordMismatch'));
    finish(values.password);
  };

  const dialog = (
    <FormDialog
      opened={open}
      title={t('userAdmin.firstLogin.title')}
      submitLabel={t('userAdmin.firstLogin.submit')}
      cancelLabel={t('auth.termsCancel')}
      onSubmit={submit}
      onCancel={() => finish(null)}
      testId="new-password-dialog"
    >
      <Alert color="blue">{t('userAdmin.firstLogin.hint')}</Alert>
      <PasswordInput
        label={t('auth.newPassword')}
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        autoComplete="new-password"
        data-testid="new-password"
        error={error}
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        value={values.confirm}
        onChange={(e) => setValues({ ...values, confirm: e.currentTarget.value })}
        autoComplete="new-password"
        data-testid="new-password-confirm"
      />
    </FormDialog>
  );
  return { ask, dialog };
}
