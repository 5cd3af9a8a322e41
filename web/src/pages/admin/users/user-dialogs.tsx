/**
 * The dialogs of /alluser: add or edit a user, set a first password, set the membership, grant
 * characters, and confirm a deletion or a rights change. Each is a FormDialog that calls its
 * endpoint and reports back with `onDone`; refusals are the API client's toasts, in the UI language.
 */
import { useState } from 'react';
import { NativeSelect, NumberInput, PasswordInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkAccount, checkPassword, checkUsername, ROLES, SKU_CODES, SKUS, type AdminUserItem, type SkuCode } from '@mtp/proto';
import { FormDialog } from '../../../components/form-dialog';
import { createUser, grantChars, setMembership, setUserPassword, updateUser } from './user-admin-endpoints';

type DialogProps = { onClose: () => void; onDone: () => void };

/** Runs a call with the dialog busy; the toast already told a refusal, so the dialog stays open. */
function useBusy(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<unknown>) => {
    setBusy(true);
    void call()
      .then(onDone)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return { busy, run };
}

export function UserFormDialog({
  user,
  canChooseRole,
  onClose,
  onDone,
}: DialogProps & { user: AdminUserItem | null; canChooseRole: boolean }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    account: user?.account ?? '',
    username: user?.username ?? '',
    password: '',
    role: String(user?.role ?? ROLES.NORMAL),
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const { busy, run } = useBusy(onDone);
  const submit = () => {
    const found = {
      account: checkAccount(v.account.trim()) ? t('auth.accountPlaceholder') : null,
      username: checkUsername(v.username) ? t('auth.usernamePlaceholder') : null,
      password: !user && checkPassword(v.password) ? t('auth.passwordPlaceholder') : null,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const role = canChooseRole && user?.role !== ROLES.ADMIN ? (Number(v.role) as 1 | 2) : undefined;
    run(() =>
      user
        ? updateUser({ user_id: user.user_id, account: v.account.trim(), username: v.username, ...(role ? { role } : {}) })
        : createUser({ account: v.account.trim(), username: v.username, password: v.password, ...(role ? { role } : {}) }),
    );
  };
  return (
    <FormDialog
      opened
      title={t(user ? 'userAdmin.edit' : 'userAdmin.add')}
      submitLabel={t('userAdmin.save')}
      cancelLabel={t('userAdmin.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      testId="user-form-dialog"
    >
      <TextInput
        label={t('userAdmin.account')}
        value={v.account}
        error={errors.account}
        onChange={(e) => setV({ ...v, account: e.currentTarget.value })}
        data-testid="user-form-account"
      />
      <TextInput
        label={t('userAdmin.username')}
        value={v.username}
        error={errors.username}
        onChange={(e) => setV({ ...v, username: e.currentTarget.value })}
        data-testid="user-form-username"
      />
      {!user && (
        <PasswordInput
          label={t('userAdmin.firstPassword')}
          description={t('userAdmin.firstPasswordHint')}
          value={v.password}
          error={errors.password}
          onChange={(e) => setV({ ...v, password: e.currentTarget.value })}
          data-testid="user-form-password"
        />
      )}
      {canChooseRole && user?.role !== ROLES.ADMIN && (
        <NativeSelect
          label={t('userAdmin.roleLabel')}
          value={v.role}
          onChange={(e) => setV({ ...v, role: e.currentTarget.value })}
          data={[
            { value: String(ROLES.NORMAL), label: t('userAdmin.role.user') },
            { value: String(ROLES.MANAGER), label: t('userAdmin.role.manager') },
          ]}
          data-testid="user-form-role"
        />
      )}
    </FormDialog>
  );
}

export function PasswordDialog({ user, onClose, onDone }: DialogProps & { user: AdminUserItem }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy(onDone);
  const submit = () => {
    if (checkPassword(password)) return setError(t('auth.passwordPlaceholder'));
    run(() => setUserPassword(user.user_id, password));
  };
  return (
    <FormDialog
      opened
      title={`${t('userAdmin.setPassword')}: ${user.account}`}
      submitLabel={t('userAdmin.save')}
      cancelLabel={t('userAdmin.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      testId="password-dialog"
    >
      <PasswordInput
        label={t('userAdmin.firstPassword')}
        description={t('userAdmin.firstPasswordHint')}
        value={password}
        error={error}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
    </FormDialog>
  );
}

const PLAN_SKUS = SKU_CODES.filter((c) => SKUS[c].goodsType === 'T01' && SKUS[c].plan !== 'free');
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

export function MembershipDialog({ user, onClose, onDone }: DialogProps & { user: AdminUserItem }) {
  const { t } = useTranslation();
  const [sku, setSku] = useState<SkuCode>(PLAN_SKUS[0]!);
  const [expires, setExpires] = useState(inAYear());
  const { busy, run } = useBusy(onDone);
  return (
    <FormDialog
      opened
      title={`${t('userAdmin.setMembership')}: ${user.account}`}
      submitLabel={t('userAdmin.save')}
      cancelLabel={t('userAdmin.cancel')}
      onSubmit={() => run(() => setMembership({ user_id: user.user_id, sku, expires_at: expires }))}
      onCancel={onClose}
      busy={busy}
      testId="membership-dialog"
    >
      <NativeSelect
        label={t('userAdmin.planLabel')}
        value={sku}
        onChange={(e) => setSku(e.currentTarget.value as SkuCode)}
        data={PLAN_SKUS.map((c) => ({ value: c, label: c }))}
        data-testid="membership-sku"
      />
      <TextInput
        type="date"
        label={t('userAdmin.expires')}
        value={expires}
        onChange={(e) => setExpires(e.currentTarget.value)}
        data-testid="membership-expires"
      />
      <Text size="xs" c="dimmed">
        {t('userAdmin.membershipHint')}
      </Text>
    </FormDialog>
  );
}

export function CharsDialog({ user, onClose, onDone }: DialogProps & { user: AdminUserItem }) {
  const { t } = useTranslation();
  const [chars, setChars] = useState<number | string>(100_000);
  const [days, setDays] = useState<number | string>(365);
  const { busy, run } = useBusy(onDone);
  const submit = () => run(() => grantChars({ user_id: user.user_id, chars: Number(chars), days: Number(days) }));
  return (
    <FormDialog
      opened
      title={`${t('userAdmin.grantChars')}: ${user.account}`}
      submitLabel={t('userAdmin.save')}
      cancelLabel={t('userAdmin.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      testId="chars-dialog"
    >
      <NumberInput
        label={t('userAdmin.chars')}
        value={chars}
        onChange={setChars}
        min={1}
        thousandSeparator=","
        data-testid="chars-amount"
      />
      <NumberInput label={t('userAdmin.days')} value={days} onChange={setDays} min={1} max={3660} />
      <Text size="xs" c="dimmed">
        {t('userAdmin.charsHint')}
      </Text>
    </FormDialog>
  );
}

export function ConfirmDialog({
  title,
  body,
  onClose,
  onConfirm,
}: {
  title: string;
  body: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { busy, run } = useBusy(onClose);
  return (
    <FormDialog
      opened
      title={title}
      submitLabel={t('userAdmin.confirm')}
      cancelLabel={t('userAdmin.cancel')}
      onSubmit={() => run(onConfirm)}
      onCancel={onClose}
      busy={busy}
      testId="confirm-dialog"
    >
      <Text>{body}</Text>
    </FormDialog>
  );
}
