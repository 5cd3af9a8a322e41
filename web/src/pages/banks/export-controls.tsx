/**
 * The export controls of a bank's entry table, shared by the owner's screen and the staff
 * moderation screen: the file format (the flag's formats) and the export button, which exports
 * the selected entries when some are selected, else all of them.
 */
import { Button, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type BankFlag } from '../../banks/bank-rules';

export type ExportControlsProps = {
  flag: BankFlag;
  format: string;
  onFormat: (format: string) => void;
  exporting: boolean;
  onExport: () => void;
  selectedCount: number;
};

export function ExportControls({ flag, format, onFormat, exporting, onExport, selectedCount }: ExportControlsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        size="xs"
        aria-label={t('bank.exportFormat')}
        data={EXPORT_FORMATS[flag].map((f) => ({ value: f, label: f.toUpperCase() }))}
        value={format}
        onChange={(e) => onFormat(e.currentTarget.value)}
        data-testid="export-format"
      />
      <Button size="xs" variant="light" loading={exporting} onClick={onExport} data-testid="export-submit">
        {t(selectedCount > 0 ? 'bank.exportSelected' : 'bank.exportSubmit')}
      </Button>
    </>
  );
}
