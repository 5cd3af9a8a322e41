/**
 * Image captcha + "send code" + code input, shared by registration and password reset. The
 * captcha guards the send call only; each attempt uses it up, so a new picture follows.
 */
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Image, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODES, checkAccount, type CodePurpose } from '@mtp/proto';
import { checkAccountExists, fetchImageCode, sendVerificationCode } from '../../api/endpoints';
import { isApiError } from '../../api/api-error';
import { showSuccess } from '../../components/toast';
import { queryKeys } from '../../queries/query-keys';
import { useErrorText, type FieldError } from './field-error';
import type { InputBinding } from './use-form-fields';

/** Seconds until a code may be sent again; the spec's send button waits 60 s by default. */
export const CODE_RESEND_SECONDS = 60;

export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.floor(seconds))), []);
  return { left, start };
}

/**
 * Before a code is sent: the account must be well formed and exist (reset) or not yet exist
 * (registration). Answers the trimmed account, or null after telling `onError` why not.
 */
export async function resolveCodeAccount(
  raw: string,
  { mustExist, onError }: { mustExist: boolean; onError: (error: FieldError) => void },
): Promise<string | null> {
  const account = raw.trim();
  const reject = (error: FieldError) => {
    onError(error);
    return null;
  };
  const invalid = checkAccount(account);
  if (invalid) return reject({ code: invalid });
  // A failed lookup was already reported by the API client.
  const found = await checkAccountExists(account).catch(() => null);
  if (!found) return null;
  if (found.exists === mustExist) return account;
  return reject({ code: mustExist ? 'ACCOUNT_NOT_FOUND' : 'ACCOUNT_EXISTS' });
}

type Props = {
  purpose: CodePurpose;
  /** Validates the parent's account field (showing why not) and answers the account, or null. */
  resolveAccount: () => Promise<string | null>;
  /** The parent's `code` field: the code is sent with the parent's own submit. */
  codeInput: InputBinding;
};

export function VerificationFields({ purpose, resolveAccount, codeInput }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const captcha = useQuery({ queryKey: [...queryKeys.captcha, purpose], queryFn: fetchImageCode, staleTime: Infinity, gcTime: 0 });
  const [captchaCode, setCaptchaCode] = useState('');
  const [captchaError, setCaptchaError] = useState<FieldError>();
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  const newCaptcha = () => {
    setCaptchaCode('');
    void captcha.refetch();
  };

  async function send() {
    const account = await resolveAccount();
    if (!account) return;
    if (!captchaCode.trim()) return setCaptchaError({ key: 'auth.captchaRequired' });
    if (!captcha.data) return newCaptcha();
    setSending(true);
    try {
      const input = { account, purpose, captcha_id: captcha.data.captcha_id, captcha_code: captchaCode.trim() };
      const sent = await sendVerificationCode(input, [CODES.CAPTCHA_INVALID.code]);
      countdown.start(sent.resend_after_s > 0 ? sent.resend_after_s : CODE_RESEND_SECONDS);
      showSuccess(t('auth.codeSent'));
    } catch (err) {
      // Other codes (too frequent, account exists...) were already shown by the API client.
      if (isApiError(err, CODES.CAPTCHA_INVALID.code)) setCaptchaError({ code: 'CAPTCHA_INVALID' });
    } finally {
      setSending(false);
      newCaptcha();
    }
  }

  return (
    <>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          name="captcha_code"
          label={t('auth.captcha')}
          autoComplete="off"
          value={captchaCode}
          onChange={(e) => {
            setCaptchaCode(e.currentTarget.value);
            setCaptchaError(undefined);
          }}
          error={errorText(captchaError)}
        />
        {/* Shown at its drawn size (150x50 in a 120x40 box) so the code reads easily; a click on it
            or on the refresh button draws a new one. */}
        <UnstyledButton mt={22} onClick={newCaptcha} title={t('auth.captchaAlt')} data-testid="captcha-image">
          {captcha.data ? (
            <Image src={captcha.data.image} alt={t('auth.captchaAlt')} h={40} w={120} fit="contain" radius="sm" />
          ) : (
            <Group h={40} w={120} justify="center" bg="var(--mantine-color-gray-1)" />
          )}
        </UnstyledButton>
        <ActionIcon
          mt={26}
          variant="subtle"
          size="lg"
          onClick={newCaptcha}
          loading={captcha.isFetching}
          aria-label={t('auth.captchaRefresh')}
          title={t('auth.captchaRefresh')}
          data-testid="captcha-refresh"
        >
          <RefreshIcon />
        </ActionIcon>
      </Group>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput style={{ flex: 1 }} {...codeInput} label={t('auth.code')} autoComplete="one-time-code" />
        <Button
          mt={25}
          variant="default"
          w={140}
          loading={sending}
          disabled={countdown.left > 0}
          onClick={() => void send()}
          data-testid="send-code"
        >
          {countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
        </Button>
      </Group>
    </>
  );
}

/** Two arrows in a circle; inline, since the app has no icon package for one glyph. */
function RefreshIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
      <path d="M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
      <path d="M20 20v-4h-4" />
    </svg>
  );
}
