/** Password reset: account, captcha + code, the new password twice. */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, checkPassword } from '@mtp/proto';
import { checkAccountExists, encryptForServer, resetPassword } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { currentLoginPath } from '../../auth/session';
import { showError, showSuccess } from '../../components/toast';
import { useCurrentSite } from '../../site/use-site';
import { AuthCard } from './auth-card';
import { fieldErrorFrom, fromCheck, hasErrors, useErrorText, type FieldError, type FieldErrors } from './field-error';
import { VerificationFields } from './verification-fields';

type Field = 'account' | 'password' | 'confirm_password' | 'code';

const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [CODES.ACCOUNT_INVALID.code]: 'account',
  [CODES.ACCOUNT_NOT_FOUND.code]: 'account',
  [CODES.PASSWORD_INVALID.code]: 'password',
  [CODES.CODE_INVALID.code]: 'code',
};
const EXPECTED = Object.keys(FIELD_OF_CODE).map(Number);

export function ForgetPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const site = useCurrentSite();
  const [values, setValues] = useState({ account: '', password: '', confirm_password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const toLogin = () => void router.navigate({ href: currentLoginPath() });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Before a code is sent: a well-formed account that exists. */
  async function resolveAccount(): Promise<string | null> {
    const account = values.account.trim();
    const reject = (error: FieldError) => {
      setErrors((e) => ({ ...e, account: error }));
      return null;
    };
    const invalid = checkAccount(account);
    if (invalid) return reject({ code: invalid });
    const found = await checkAccountExists(account).catch(() => null);
    if (!found) return null;
    return found.exists ? account : reject({ code: 'ACCOUNT_NOT_FOUND' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      password: fromCheck(checkPassword(values.password)),
      confirm_password: values.confirm_password === values.password ? undefined : { key: 'auth.passwordMismatch' },
      code: values.code.trim() ? undefined : { key: 'auth.codeRequired' },
    };
    setErrors(found);
    if (hasErrors(found)) return;

    setBusy(true);
    try {
      const password = await encryptForServer(values.password);
      await resetPassword({ account: values.account.trim(), password, code: values.code.trim() }, EXPECTED);
      showSuccess(t('auth.resetDone'));
      toLogin();
    } catch (err) {
      const placed = fieldErrorFrom(err, FIELD_OF_CODE);
      if (placed) setErrors(placed);
      else if (!isApiError(err) || !err.handled) showError(t('api.requestFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard site={site} title={t('auth.resetTitle')} testId="forget-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            name="account"
            label={t('auth.account')}
            placeholder={t('auth.accountPlaceholder')}
            autoComplete="username"
            value={values.account}
            onChange={(e) => set('account')(e.currentTarget.value)}
            error={errorText(errors.account)}
          />
          <VerificationFields
            purpose="reset"
            resolveAccount={resolveAccount}
            code={values.code}
            onCodeChange={set('code')}
            codeError={errors.code}
          />
          <PasswordInput
            name="password"
            label={t('auth.newPassword')}
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
          <Button type="submit" loading={busy} fullWidth data-testid="reset-submit">
            {t('auth.submitReset')}
          </Button>
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={toLogin}>
              {t('app.backToLogin')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
