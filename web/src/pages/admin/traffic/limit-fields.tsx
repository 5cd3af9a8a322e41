/**
 * Number fields of the /traffic forms: each checks its range when the form is sent and says
 * which values are allowed. `LimitCard` is one settings card (the default limit, the login
 * limits): its fields start from the values in force and Save sends them.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIELD_RANGES, formErrors, type FieldName } from './traffic-form-rules';

export type FieldValues<F extends FieldName> = Record<F, string>;

type FieldProps<F extends FieldName> = {
  name: F;
  label: string;
  values: FieldValues<F>;
  errors: Partial<Record<F, { min: number; max: number } | null>>;
  onChange: (values: FieldValues<F>) => void;
  testId: string;
};

export function LimitField<F extends FieldName>({ name, label, values, errors, onChange, testId }: FieldProps<F>) {
  const { t } = useTranslation();
  const error = errors[name];
  const range = FIELD_RANGES[name];
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      value={values[name]}
      onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })}
      description={t('traffic.range', { min: range.min, max: range.max })}
      error={error ? t('traffic.outOfRange', { min: error.min, max: error.max }) : undefined}
      data-testid={testId}
      w={{ base: '100%', sm: 200 }}
    />
  );
}

type CardProps<F extends FieldName> = {
  title: string;
  note: string;
  fromEnv: boolean;
  initial: FieldValues<F>;
  fields: { name: F; label: string }[];
  busy: boolean;
  onSave: (numbers: Record<F, number>) => void;
  testId: string;
};

export function LimitCard<F extends FieldName>({ title, note, fromEnv, initial, fields, busy, onSave, testId }: CardProps<F>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ReturnType<typeof formErrors<F>>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = formErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave(Object.fromEntries(fields.map((f) => [f.name, Number(values[f.name].trim())])) as Record<F, number>);
  };
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={4}>{title}</Title>
            {fromEnv && (
              <Badge variant="light" color="gray" data-testid={`${testId}-from-env`}>
                {t('traffic.fromEnv')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {note}
          </Text>
          <Group align="flex-start" gap="sm">
            {fields.map((f) => (
              <LimitField
                key={f.name}
                name={f.name}
                label={f.label}
                values={values}
                errors={errors}
                onChange={setValues}
                testId={`${testId}-${f.name}`}
              />
            ))}
          </Group>
          <Group>
            <Button type="submit" loading={busy} data-testid={`${testId}-save`}>
              {t('traffic.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
