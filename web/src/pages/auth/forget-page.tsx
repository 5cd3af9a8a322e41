/** Password reset: account, captcha + code, the new password twice. */
import type { FormEvent } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount } from '@mtp/proto';
import { encryptForServer, resetPassword } from '../../api/endpoints';
import { currentLoginPath } from '../../auth/session';
import { showSuccess } from '../../components/toast';
import { useCurrentSite } from '../../site/use-site';
import { AccountInput, NewPasswordInputs, newPasswordErrors } from './auth-inputs';
import { AuthCard } from './auth-card';
import { fromCheck, type FieldErrors } from './field-error';
import { useFormFields } from './use-form-fields';
import { VerificationFields, resolveCodeAccount } from './verification-fields';

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
  const router = useRouter();
  const site = useCurrentSite();
  const form = useFormFields({ account: '', password: '', confirm_password: '', code: '' });
  const { values } = form;
  const toLogin = () => void router.navigate({ href: currentLoginPath() });
  const resolveAccount = () => resolveCodeAccount(values.account, { mustExist: true, onError: (e) => form.setFieldError('account', e) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      account: fromCheck(checkAccount(values.account)),
      ...newPasswordErrors(values),
      code: values.code.trim() ? undefined : { key: 'auth.codeRequired' },
    };
    const send = async () => {
      const password = await encryptForServer(values.password);
      await resetPassword({ account: values.account.trim(), password, code: values.code.trim() }, EXPECTED);
      showSuccess(t('auth.resetDone'));
      toLogin();
    };
    void form.submit(found, send, { fieldOfCode: FIELD_OF_CODE, failedKey: 'api.requestFailed' });
  }

  return (
    <AuthCard site={site} title={t('auth.resetTitle')} testId="forget-page">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AccountInput {...form.inputProps('account')} />
          <VerificationFields purpose="reset" resolveAccount={resolveAccount} codeInput={form.inputProps('code')} />
          <NewPasswordInputs label={t('auth.newPassword')} bind={form.inputProps} />
          <Button type="submit" loading={form.busy} fullWidth data-testid="reset-submit">
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
