/**
 * Creating or changing a bulletin: the site (administrators: one site or every site; a manager's
 * is their own), the texts in both languages and the publish window in the editor's local time.
 */
import { useState } from 'react';
import { Alert, Group, NativeSelect, TextInput } from '@mantine/core';
import type { SiteInfo } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { BilingualFields } from './bilingual-fields';
import { checkBulletin, type BulletinDraft, type DraftError } from './editor-form';

type Props = {
  initial: BulletinDraft | null;
  editing: boolean;
  /** null: a manager, who cannot choose. */
  sites: SiteInfo[] | null;
  busy: boolean;
  onSave: (draft: BulletinDraft) => void;
  onCancel: () => void;
};

/** Mounted while open, so every opening starts from its own draft. */
export function BulletinDialog(props: Props) {
  return props.initial ? <OpenBulletinDialog {...props} initial={props.initial} /> : null;
}

function OpenBulletinDialog({ initial, editing, sites, busy, onSave, onCancel }: Props & { initial: BulletinDraft }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<DraftError | null>(null);
  const submit = () => {
    const problem = checkBulletin(draft);
    setError(problem);
    if (!problem) onSave(draft);
  };
  return (
    <FormDialog
      opened
      title={t(editing ? 'content.editBulletin' : 'content.newBulletin')}
      submitLabel={t('content.save')}
      cancelLabel={t('content.cancel')}
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      testId="bulletin-dialog"
    >
      {error && (
        <Alert color="red" data-testid="bulletin-error">
          {t(error)}
        </Alert>
      )}
      {sites && (
        <NativeSelect
          label={t('content.site')}
          value={draft.siteId === null ? '' : String(draft.siteId)}
          onChange={(e) => setDraft({ ...draft, siteId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          data={[{ value: '', label: t('content.allSites') }, ...sites.map((s) => ({ value: String(s.site_id), label: s.site_name }))]}
          data-testid="bulletin-site"
        />
      )}
      <BilingualFields
        titleLabel={t('content.title')}
        textLabel={t('content.body')}
        title={draft.title}
        text={draft.body}
        onTitle={(title) => setDraft({ ...draft, title })}
        onText={(body) => setDraft({ ...draft, body })}
        testId="bulletin"
      />
      <Group grow wrap="wrap">
        <TextInput
          type="datetime-local"
          label={t('content.from')}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          miw={200}
          data-testid="bulletin-from"
        />
        <TextInput
          type="datetime-local"
          label={t('content.until')}
          description={t('content.untilHint')}
          value={draft.until}
          onChange={(e) => setDraft({ ...draft, until: e.currentTarget.value })}
          miw={200}
          data-testid="bulletin-until"
        />
      </Group>
    </FormDialog>
  );
}
