/**
 * The state and submit flow the login, registration and reset forms share: values, one error
 * per field (cleared as soon as that field is edited) and the submit button's busy flag.
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { isApiError } from '../../api/api-error';
import { showError } from '../../components/toast';
import { fieldErrorFrom, hasErrors, useErrorText, type FieldError, type FieldErrors } from './field-error';

type Values = Record<string, string | boolean>;
// Without this, an initial `agree_terms: false` would type the field as the literal `false`.
type Widened<V extends Values> = { [K in keyof V]: V[K] extends string ? string : boolean };
type TextField<V extends Values> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What a Mantine text or password input needs to show and edit one field. */
export type InputBinding = { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string };

type SubmitOptions<F extends string> = {
  /** Server codes the form explains under a field instead of in a toast. */
  fieldOfCode: Partial<Record<number, F>>;
  /** The toast for a failure nobody has reported yet; a key, so it is read in the language of the moment. */
  failedKey: ParseKeys;
  /** Lets the form deal with an error itself before anything else; answers whether it did. */
  intercept?: (err: unknown) => boolean;
};

export function useFormFields<V extends Values>(initial: V) {
  type Field = keyof V & string;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState(initial as Widened<V>);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const setFieldError = (field: Field, error: FieldError | undefined) => setErrors((e) => ({ ...e, [field]: error }));

  const set =
    <K extends Field>(field: K) =>
    (value: Widened<V>[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setFieldError(field, undefined);
    };

  const inputProps = (field: TextField<V>): InputBinding => ({
    name: field,
    value: values[field] as string,
    onChange: (e) => set(field)(e.currentTarget.value as Widened<V>[TextField<V>]),
    error: errorText(errors[field]),
  });

  /** Shows the local checks' errors; only when there are none does it run `send`, with the button busy. */
  async function submit(found: FieldErrors<Field>, send: () => Promise<void>, options: SubmitOptions<Field>) {
    setErrors(found);
    if (hasErrors(found)) return;

    setBusy(true);
    try {
      await send();
    } catch (err) {
      if (options.intercept?.(err)) return;
      const placed = fieldErrorFrom(err, options.fieldOfCode);
      if (placed) setErrors(placed);
      // Anything the client did not report itself (e.g. encryption failing) still gets a word.
      else if (!isApiError(err) || !err.handled) showError(t(options.failedKey));
    } finally {
      setBusy(false);
    }
  }

  return { values, errors, busy, set, setFieldError, inputProps, errorText, submit };
}
