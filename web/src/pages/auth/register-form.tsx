/**
 * Registration: account, username, password twice, image captcha and the e-mail/SMS code. The
 * user terms open before the request goes (registering agrees them, and login then asks again
 * only for a newer version); the answer's tokens start the session, so no second login follows.
 */
import type { FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, checkUsername } from '@mtp/proto';
import { encryptForServer, register } from '../../api/endpoints';
import { afterLoginPath } from '../../auth/guards';
import { startSession } from '../../auth/session';
import { showSuccess } from '../../components/toast';
import { AccountInput, NewPasswordInputs, newPasswordErrors } from './auth-inputs';
import { fromCheck, type FieldErrors } from './field-error';
import { useTermsPrompt } from './terms-dialog';
import { useFormFields } from './use-form-fields';
import { VerificationFields, resolveCodeAccount } from './verification-fields';

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

type Props = {
  siteCode: string | null;
  /** Where to go once registered and logged in (a safe local path); the home page otherwise. */
  redirect?: string;
};

export function RegisterForm({ siteCode, redirect }: Props) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const terms = useTermsPrompt();
  const form = useFormFields({ account: '', username: '', password: '', confirm_password: '', code: '' });
  const { values } = form;
  const resolveAccount = () => resolveCodeAccount(values.account, { mustExist: false, onError: (e) => form.setFieldError('account', e) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      username: fromCheck(checkUsername(values.username)),
      ...newPasswordErrors(values),
      code: values.code.trim() ? undefined : { key: 'auth.codeRequired' },
    };
    const send = async () => {
      if (!(await terms.ask(false))) return;
      const password = await encryptForServer(values.password);
      const body = {
        account: values.account.trim(),
        username: values.username.trim(),
        password,
        code: values.code.trim(),
        agree_terms: true,
      };
      const tokens = await register(siteCode ? { ...body, site_code: siteCode } : body, EXPECTED);
      const permission = await startSession(queryClient, tokens, siteCode);
      showSuccess(t('auth.registered'));
      await router.navigate({ href: afterLoginPath('main', permission.role, redirect) });
    };
    void form.submit(found, send, { fieldOfCode: FIELD_OF_CODE, failedKey: 'api.requestFailed' });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack gap="sm">
        <AccountInput {...form.inputProps('account')} />
        <TextInput
          {...form.inputProps('username')}
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="nickname"
        />
        <NewPasswordInputs label={t('auth.password')} bind={form.inputProps} />
        <VerificationFields purpose="register" resolveAccount={resolveAccount} codeInput={form.inputProps('code')} />
        <Button type="submit" loading={form.busy} fullWidth data-testid="register-submit">
          {t('auth.submitRegister')}
        </Button>
      </Stack>
      {terms.dialog}
    </form>
  );
}
