/**
 * Creating or editing an enterprise: every field of the spec's enterprise (names, administrator
 * account, code, logos, cap, expiry, sub-site, show-main-logo) and the site settings. Logos go up
 * after the save (they need the site's id); the new administrator's first password, when one was
 * made, is handed to `onSaved` to show once.
 */
import { useState } from 'react';
import { Checkbox, FileInput, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { CompanySaveData, EnterpriseSettings } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { FormDialog } from '../../../components/form-dialog';
import { companyListQueryOptions, saveCompany, uploadCompanyLogo } from './company-api';
import { bodyOf, checkForm, logoTooLarge, type EnterpriseFormValues, type FormErrors } from './enterprise-form';

type Props = {
  /** null: a new enterprise. */
  siteId: number | null;
  initial: EnterpriseFormValues;
  onClose: () => void;
  onSaved: (saved: CompanySaveData) => void;
};

const SETTING_LABELS: [keyof EnterpriseSettings, ParseKeys][] = [
  ['hideTitle', 'enterprise.hideTitle'],
  ['show_main_logo', 'enterprise.showMainLogo'],
  ['do_cat', 'enterprise.doCat'],
  ['hidePicture', 'enterprise.hidePicture'],
  ['showAddins', 'enterprise.showAddins'],
  ['allow_register', 'enterprise.allowRegister'],
];

export function EnterpriseFormDialog({ siteId, initial, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [logos, setLogos] = useState<{ large: File | null; small: File | null }>({ large: null, small: null });
  const [busy, setBusy] = useState(false);
  // Parents: top-level enterprises other than this one (one level of sub-sites).
  const parents = useQuery(companyListQueryOptions(currentSessionUser(), { page: 1, page_size: 100 })).data?.enterprise_list.filter(
    (e) => e.parent_site_id === null && e.site_id !== siteId,
  );
  const set = (patch: Partial<EnterpriseFormValues>) => setV((old) => ({ ...old, ...patch }));
  const text = (key: 'name' | 'english_name' | 'code' | 'manager_account' | 'manager_username' | 'user_cap' | 'expires') => ({
    value: v[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.value }),
  });
  const err = (key: keyof FormErrors) => (errors[key] ? t(errors[key] as ParseKeys) : undefined);
  const logoError = (file: File | null) => (logoTooLarge(file) ? t('enterprise.logoTooLarge') : undefined);

  const submit = async () => {
    const found = checkForm(v);
    setErrors(found);
    if (Object.keys(found).length > 0 || logoTooLarge(logos.large) || logoTooLarge(logos.small)) return;
    setBusy(true);
    try {
      const saved = await saveCompany(bodyOf(v, siteId));
      const id = saved.enterprise.site_id;
      if (logos.large) await uploadCompanyLogo(id, 'large', logos.large);
      if (logos.small) await uploadCompanyLogo(id, 'small', logos.small);
      onSaved(saved);
    } catch {
      // The client has shown the server's message; the form stays open to correct it.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      opened
      title={siteId === null ? t('enterprise.create') : t('enterprise.edit')}
      submitLabel={t('enterprise.save')}
      cancelLabel={t('enterprise.cancel')}
      onSubmit={() => void submit()}
      onCancel={onClose}
      busy={busy}
      testId="enterprise-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('enterprise.name')} required {...text('name')} error={err('name')} data-testid="enterprise-name" />
          <TextInput label={t('enterprise.englishName')} {...text('english_name')} data-testid="enterprise-english-name" />
          <TextInput
            label={t('enterprise.code')}
            description={t('enterprise.codeHint', { code: v.code.trim().toLowerCase() || '…' })}
            required
            {...text('code')}
            error={err('code')}
            data-testid="enterprise-code"
          />
          <TextInput
            label={t('enterprise.manager')}
            description={t('enterprise.managerHint')}
            required
            {...text('manager_account')}
            error={err('manager_account')}
            data-testid="enterprise-manager"
          />
          <TextInput
            label={t('enterprise.managerName')}
            maxLength={20}
            {...text('manager_username')}
            data-testid="enterprise-manager-name"
          />
          <TextInput
            label={t('enterprise.userCap')}
            inputMode="numeric"
            {...text('user_cap')}
            error={err('user_cap')}
            data-testid="enterprise-cap"
          />
          <TextInput type="date" label={t('enterprise.expires')} {...text('expires')} data-testid="enterprise-expires" />
          <FileInput
            label={t('enterprise.largeLogo')}
            accept="image/png,image/jpeg"
            clearable
            value={logos.large}
            onChange={(file) => setLogos((old) => ({ ...old, large: file }))}
            error={logoError(logos.large)}
            data-testid="enterprise-large-logo"
          />
          <FileInput
            label={t('enterprise.smallLogo')}
            accept="image/png,image/jpeg"
            clearable
            value={logos.small}
            onChange={(file) => setLogos((old) => ({ ...old, small: file }))}
            error={logoError(logos.small)}
            data-testid="enterprise-small-logo"
          />
        </SimpleGrid>
        <Switch
          label={t('enterprise.subSite')}
          checked={v.sub_site}
          onChange={(e) => set({ sub_site: e.currentTarget.checked })}
          data-testid="enterprise-sub-site"
        />
        {v.sub_site && (
          <NativeSelect
            label={t('enterprise.parent')}
            value={v.parent_site_id}
            onChange={(e) => set({ parent_site_id: e.currentTarget.value })}
            data={[
              { value: '', label: t('enterprise.noParent') },
              ...(parents ?? []).map((p) => ({ value: String(p.site_id), label: `${p.name} (${p.code})` })),
            ]}
            error={err('parent_site_id')}
            data-testid="enterprise-parent"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {SETTING_LABELS.map(([key, label]) => (
            <Checkbox
              key={key}
              label={t(label)}
              checked={v.settings[key]}
              onChange={(e) => set({ settings: { ...v.settings, [key]: e.currentTarget.checked } })}
              data-testid={`enterprise-setting-${key}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
