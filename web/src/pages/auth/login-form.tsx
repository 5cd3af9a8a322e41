/**
 * Account + password. The password is encrypted for the server; validation and account/password
 * errors appear under their fields, everything else is the client's toast. The terms are asked
 * only when the server answers 40014 (a newer version than the user agreed): the dialog opens
 * and, once agreed, the same login goes again with `agree_terms: true`. A pre-activated account's
 * first login (40060) asks for a new password the same way and sends it as `new_password`.
 */
import type { FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
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
import { useTermsPrompt } from './terms-dialog';
import { useNewPasswordPrompt } from './new-password-dialog';
import { useFormFields } from './use-form-fields';

type Field = 'account' | 'password';

/** Codes the form explains under a field instead of in a toast. */
const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [CODES.ACCOUNT_INVALID.code]: 'account',
  [CODES.ACCOUNT_NOT_FOUND.code]: 'account',
  [CODES.PASSWORD_INVALID.code]: 'password',
  [CODES.PASSWORD_WRONG.code]: 'password',
};
const EXPECTED = [
  ...Object.keys(FIELD_OF_CODE).map(Number),
  CODES.ACCOUNT_DEACTIVATED.code,
  CODES.TERMS_NOT_AGREED.code,
  CODES.PASSWORD_CHANGE_REQUIRED.code,
];

type Props = { mode: LoginMode; siteCode: string | null; initialAccount?: string; redirect?: string };

export function LoginForm({ mode, siteCode, initialAccount = '', redirect }: Props) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useFormFields({ account: initialAccount, password: '' });
  const terms = useTermsPrompt();
  const newPassword = useNewPasswordPrompt();
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      password: fromCheck(checkPassword(values.password)),
    };
    // What the server asked for so far: the terms (40014), a new first password (40060).
    const extra: { agree_terms?: true; new_password?: string } = {};
    const attempt = async () => {
      const body = { account: values.account.trim(), password: await encryptForServer(values.password), ...extra };
      return login(siteCode ? { ...body, site_code: siteCode } : body, EXPECTED);
    };
    const send = async () => {
      let tokens;
      for (;;) {
        try {
          tokens = await attempt();
          break;
        } catch (err) {
          // Declining either leaves the user on the form, logged out, with nothing to correct.
          if (isApiError(err, CODES.TERMS_NOT_AGREED.code) && !extra.agree_terms) {
            if (!(await terms.ask(true))) return;
            extra.agree_terms = true;
          } else if (isApiError(err, CODES.PASSWORD_CHANGE_REQUIRED.code) && !extra.new_password) {
            const chosen = await newPassword.ask();
            if (!chosen) return;
            extra.new_password = await encryptForServer(chosen);
          } else throw err;
        }
      }
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
        <Button type="submit" loading={form.busy} fullWidth data-testid="login-submit">
          {t('auth.submitLogin')}
        </Button>
      </Stack>
      {terms.dialog}
      {newPassword.dialog}
    </form>
  );
}
