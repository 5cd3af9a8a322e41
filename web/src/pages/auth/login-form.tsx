/**
 * Account + password + terms. The password is encrypted for the server; validation and
 * account/password errors appear under their fields, everything else is the client's toast.
 */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, checkPassword } from '@mtp/proto';
import { encryptForServer, login } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { afterLoginPath, type LoginMode } from '../../auth/guards';
import { startSession } from '../../auth/session';
import { showError } from '../../components/toast';
import { fieldErrorFrom, fromCheck, hasErrors, useErrorText, type FieldErrors } from './field-error';

type Field = 'account' | 'password' | 'agree_terms';

/** Codes the form explains under a field instead of in a toast. */
const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [CODES.ACCOUNT_INVALID.code]: 'account',
  [CODES.ACCOUNT_NOT_FOUND.code]: 'account',
  [CODES.PASSWORD_INVALID.code]: 'password',
  [CODES.PASSWORD_WRONG.code]: 'password',
  [CODES.TERMS_NOT_AGREED.code]: 'agree_terms',
};
const EXPECTED = [...Object.keys(FIELD_OF_CODE).map(Number), CODES.ACCOUNT_DEACTIVATED.code];

type Props = { mode: LoginMode; siteCode: string | null; initialAccount?: string; redirect?: string };

export function LoginForm({ mode, siteCode, initialAccount = '', redirect }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [account, setAccount] = useState(initialAccount);
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(account)),
      password: fromCheck(checkPassword(password)),
      agree_terms: agree ? undefined : { code: 'TERMS_NOT_AGREED' },
    };
    setErrors(found);
    if (hasErrors(found)) return;

    setBusy(true);
    try {
      const encrypted = await encryptForServer(password);
      const tokens = await login(
        { account: account.trim(), password: encrypted, agree_terms: agree, ...(siteCode ? { site_code: siteCode } : {}) },
        EXPECTED,
      );
      const permission = await startSession(queryClient, tokens, mode === 'site' ? siteCode : null);
      await router.navigate({ href: afterLoginPath(mode, permission.role, redirect) });
    } catch (err) {
      if (isApiError(err, CODES.ACCOUNT_DEACTIVATED.code)) return void router.navigate({ to: '/noactive' });
      const placed = fieldErrorFrom(err, FIELD_OF_CODE);
      if (placed) setErrors(placed);
      // Anything the client did not report itself (e.g. encryption failing) still gets a word.
      else if (!isApiError(err) || !err.handled) showError(t('auth.loginFailed'));
    } finally {
      setBusy(false);
    }
  }

  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
      <Stack gap="sm">
        <TextInput
          name="account"
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          value={account}
          onChange={(e) => {
            setAccount(e.currentTarget.value);
            clear('account');
          }}
          error={errorText(errors.account)}
        />
        <PasswordInput
          name="password"
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            clear('password');
          }}
          error={errorText(errors.password)}
        />
        <Checkbox
          name="agree_terms"
          label={t('auth.agreeTerms')}
          checked={agree}
          onChange={(e) => {
            setAgree(e.currentTarget.checked);
            clear('agree_terms');
          }}
          error={errorText(errors.agree_terms)}
        />
        <Button type="submit" loading={busy} fullWidth data-testid="login-submit">
          {t('auth.submitLogin')}
        </Button>
      </Stack>
    </form>
  );
}
