/**
 * Registration: account, username, password twice, image captcha and the e-mail/SMS code.
 * On success the user is sent back to the login tab with the account filled in.
 */
import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, checkPassword, checkUsername } from '@mtp/proto';
import { checkAccountExists, encryptForServer, register } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { showError, showSuccess } from '../../components/toast';
import { fieldErrorFrom, fromCheck, hasErrors, useErrorText, type FieldError, type FieldErrors } from './field-error';
import { VerificationFields } from './verification-fields';

type Field = 'account' | 'username' | 'password' | 'confirm_password' | 'code';

const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [CODES.ACCOUNT_INVALID.code]: 'account',
  [CODES.ACCOUNT_EXISTS.code]: 'account',
  [CODES.USERNAME_REQUIRED.code]: 'username',
  [CODES.USERNAME_TOO_LONG.code]: 'username',
  [CODES.PASSWORD_INVALID.code]: 'password',
  [CODES.CODE_INVALID.code]: 'code',
};
const EXPECTED = Object.keys(FIELD_OF_CODE).map(Number);

type Props = { siteCode: string | null; onRegistered: (account: string) => void };

export function RegisterForm({ siteCode, onRegistered }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState({ account: '', username: '', password: '', confirm_password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Before a code is sent: a well-formed account that is not registered yet. */
  async function resolveAccount(): Promise<string | null> {
    const account = values.account.trim();
    const reject = (error: FieldError) => {
      setErrors((e) => ({ ...e, account: error }));
      return null;
    };
    const invalid = checkAccount(account);
    if (invalid) return reject({ code: invalid });
    // A failed lookup was already reported by the API client.
    const found = await checkAccountExists(account).catch(() => null);
    if (!found) return null;
    return found.exists ? reject({ code: 'ACCOUNT_EXISTS' }) : account;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      username: fromCheck(checkUsername(values.username)),
      password: fromCheck(checkPassword(values.password)),
      confirm_password: values.confirm_password === values.password ? undefined : { key: 'auth.passwordMismatch' },
      code: values.code.trim() ? undefined : { key: 'auth.codeRequired' },
    };
    setErrors(found);
    if (hasErrors(found)) return;

    setBusy(true);
    try {
      const password = await encryptForServer(values.password);
      const body = { account: values.account.trim(), username: values.username.trim(), password, code: values.code.trim() };
      await register(siteCode ? { ...body, site_code: siteCode } : body, EXPECTED);
      showSuccess(t('auth.registered'));
      onRegistered(body.account);
    } catch (err) {
      const placed = fieldErrorFrom(err, FIELD_OF_CODE);
      if (placed) setErrors(placed);
      else if (!isApiError(err) || !err.handled) showError(t('api.requestFailed'));
    } finally {
      setBusy(false);
    }
  }

  const text = (field: Exclude<Field, 'code'>, labelKey: 'auth.account' | 'auth.username', extra: object = {}) => (
    <TextInput
      name={field}
      label={t(labelKey)}
      value={values[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errorText(errors[field])}
      {...extra}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
      <Stack gap="sm">
        {text('account', 'auth.account', { placeholder: t('auth.accountPlaceholder'), autoComplete: 'username' })}
        {text('username', 'auth.username', { placeholder: t('auth.usernamePlaceholder'), autoComplete: 'nickname' })}
        <PasswordInput
          name="password"
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={errorText(errors.password)}
        />
        <PasswordInput
          name="confirm_password"
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={(e) => set('confirm_password')(e.currentTarget.value)}
          error={errorText(errors.confirm_password)}
        />
        <VerificationFields
          purpose="register"
          resolveAccount={resolveAccount}
          code={values.code}
          onCodeChange={set('code')}
          codeError={errors.code}
        />
        <Button type="submit" loading={busy} fullWidth data-testid="register-submit">
          {t('auth.submitRegister')}
        </Button>
      </Stack>
    </form>
  );
}
