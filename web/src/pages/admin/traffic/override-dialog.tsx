/**
 * Adding or changing one override: the scope (user, site, API key), who (an account, a site id
 * or an app_id; fixed when changing) and "N requests per M minutes", checked before sending.
 */
import { useState } from 'react';
import { Select, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrafficOverrideBody, TrafficOverrideItem, TrafficScope } from '@mtp/proto';
import { FormDialog } from '../../../components/form-dialog';
import { LimitField, type FieldValues } from './limit-fields';
import { formErrors, subjectError } from './traffic-form-rules';
import { saveOverride } from './traffic-api';

type Props = {
  /** The override being changed; null: a new one. */
  editing: TrafficOverrideItem | null;
  onSaved: () => void;
  onClose: () => void;
};

const SCOPES: TrafficScope[] = ['user', 'site', 'app'];

/** The subject as typed when changing an existing override: the account, the site id, the app_id. */
const subjectText = (o: TrafficOverrideItem) => (o.scope === 'user' ? o.label : o.subject);

export function bodyOf(
  scope: TrafficScope,
  subject: string,
  numbers: { max_requests: number; window_minutes: number },
): TrafficOverrideBody {
  const who = subject.trim();
  if (scope === 'user') return { scope, account: who, ...numbers };
  if (scope === 'site') return { scope, site_id: Number(who), ...numbers };
  return { scope, app_id: who, ...numbers };
}

export function OverrideDialog({ editing, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<TrafficScope>(editing?.scope ?? 'user');
  const [subject, setSubject] = useState(editing ? subjectText(editing) : '');
  const [values, setValues] = useState<FieldValues<'max_requests' | 'window_minutes'>>({
    max_requests: editing ? String(editing.max_requests) : '',
    window_minutes: editing ? String(editing.window_minutes) : '1',
  });
  const [errors, setErrors] = useState<ReturnType<typeof formErrors<'max_requests' | 'window_minutes'>>>({});
  const [subjectProblem, setSubjectProblem] = useState<ReturnType<typeof subjectError>>(null);
  const save = useMutation({ mutationFn: saveOverride, onSuccess: onSaved });

  const submit = () => {
    const found = formErrors(values);
    const problem = subjectError(scope, subject);
    setErrors(found);
    setSubjectProblem(problem);
    if (Object.keys(found).length > 0 || problem) return;
    save.mutate(bodyOf(scope, subject, { max_requests: Number(values.max_requests), window_minutes: Number(values.window_minutes) }));
  };

  return (
    <FormDialog
      opened
      title={editing ? t('traffic.editOverride') : t('traffic.addOverride')}
      submitLabel={t('traffic.save')}
      cancelLabel={t('traffic.cancel')}
      onSubmit={submit}
      onCancel={onClose}
      busy={save.isPending}
      testId="traffic-override-dialog"
    >
      <Stack gap="sm">
        <Select
          label={t('traffic.scope')}
          data={SCOPES.map((s) => ({ value: s, label: t(`traffic.scopes.${s}`) }))}
          value={scope}
          onChange={(v) => v && setScope(v as TrafficScope)}
          disabled={editing !== null}
          allowDeselect={false}
          data-testid="traffic-override-scope"
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label={t(`traffic.subjects.${scope}`)}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          disabled={editing !== null}
          error={subjectProblem ? t(subjectProblem) : undefined}
          data-testid="traffic-override-subject"
        />
        <LimitField
          name="max_requests"
          label={t('traffic.maxRequests')}
          values={values}
          errors={errors}
          onChange={setValues}
          testId="traffic-override-max"
        />
        <LimitField
          name="window_minutes"
          label={t('traffic.windowMinutes')}
          values={values}
          errors={errors}
          onChange={setValues}
          testId="traffic-override-minutes"
        />
      </Stack>
    </FormDialog>
  );
}
