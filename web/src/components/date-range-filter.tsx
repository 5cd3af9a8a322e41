/**
 * A list screen's "from / to" date filter (ISO days, inclusive, as the admin list calls take
 * them): two date inputs whose change goes straight to the screen's search; an emptied input
 * removes its bound. Test ids are `<testIdPrefix>-from` and `<testIdPrefix>-to`.
 */
import { TextInput } from '@mantine/core';

type Bound = { from?: string | undefined; to?: string | undefined };

type Props = Bound & {
  labels: { from: string; to: string };
  onChange: (patch: Bound) => void;
  testIdPrefix: string;
};

export function DateRangeFilter({ from, to, labels, onChange, testIdPrefix }: Props) {
  return (
    <>
      <TextInput
        type="date"
        label={labels.from}
        value={from ?? ''}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
        data-testid={`${testIdPrefix}-from`}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={to ?? ''}
        onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
        data-testid={`${testIdPrefix}-to`}
      />
    </>
  );
}
