/**
 * Inputs the login, registration and reset forms share (and the new password's checks), so
 * that their labels, hints, autofill hints and rules stay the same on every form.
 */
import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '@mtp/proto';
import { fromCheck, type FieldErrors } from './field-error';
import type { InputBinding } from './use-form-fields';

/** `autoComplete="username"` lets password managers pair the account with the password. */
export function AccountInput(props: InputBinding) {
  const { t } = useTranslation();
  return <TextInput {...props} label={t('auth.account')} placeholder={t('auth.accountPlaceholder')} autoComplete="username" />;
}

type NewPasswordProps = {
  /** The first input's label: "Password" when registering, "New password" when resetting. */
  label: string;
  bind: (field: 'password' | 'confirm_password') => InputBinding;
};

/** A new password typed twice; `new-password` lets the browser offer to generate and save one. */
export function NewPasswordInputs({ label, bind }: NewPasswordProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput {...bind('password')} label={label} placeholder={t('auth.passwordPlaceholder')} autoComplete="new-password" />
      <PasswordInput {...bind('confirm_password')} label={t('auth.confirmPassword')} autoComplete="new-password" />
    </>
  );
}

type NewPassword = { password: string; confirm_password: string };

/** The checks that go with NewPasswordInputs: a well-formed password, typed the same twice. */
export function newPasswordErrors(values: NewPassword): FieldErrors<keyof NewPassword> {
  return {
    password: fromCheck(checkPassword(values.password)),
    confirm_password: values.confirm_password === values.password ? undefined : { key: 'auth.passwordMismatch' },
  };
}
