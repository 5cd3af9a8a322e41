/**
 * Account + password + terms. The password is encrypted for the server; validation and
 * account/password errors appear under their fields, everything else is the client's toast.
 */
import type { FormEvent } from 'react';
import { Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, checkPassword } from '@mtp/proto';
import { encryptForServer, login } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { afterLoginPath, type LoginMode } from '../../auth/guards';
import { startSession } from '../../auth/session';
import { AccountInput } from './auth-inputs';
import { fromCheck, type FieldErrors } from './field-error';
import { useFormFields } from './use-form-fields';

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
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useFormFields({ account: initialAccount, password: '', agree_terms: false });
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      password: fromCheck(checkPassword(values.password)),
      agree_terms: values.agree_terms ? undefined : { code: 'TERMS_NOT_AGREED' },
    };
    const send = async () => {
      const body = { account: values.account.trim(), password: await encryptForServer(values.password), agree_terms: values.agree_terms };
      const tokens = await login(siteCode ? { ...body, site_code: siteCode } : body, EXPECTED);
      const permission = await startSession(queryClient, tokens, mode === 'site' ? siteCode : null);
      await router.navigate({ href: afterLoginPath(mode, permission.role, redirect) });
    };
    // A deactivated account gets its own page rather than a message under a field.
    const intercept = (err: unknown) => {
      if (!isApiError(err, CODES.ACCOUNT_DEACTIVATED.code)) return false;
      void router.navigate({ to: '/noactive' });
      return true;
    };
    void form.submit(found, send, { fieldOfCode: FIELD_OF_CODE, failedKey: 'auth.loginFailed', intercept });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="sm">
        <AccountInput {...form.inputProps('account')} />
        <PasswordInput
          {...form.inputProps('password')}
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
        />
        <Checkbox
          name="agree_terms"
          label={t('auth.agreeTerms')}
          checked={values.agree_terms}
          onChange={(e) => form.set('agree_terms')(e.currentTarget.checked)}
          error={form.errorText(form.errors.agree_terms)}
        />
        <Button type="submit" loading={form.busy} fullWidth data-testid="login-submit">
          {t('auth.submitLogin')}
        </Button>
      </Stack>
    </form>
  );
}
