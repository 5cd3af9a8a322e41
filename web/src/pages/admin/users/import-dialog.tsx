/**
 * Batch import: one XLSX or CSV file (account, username, password, role?, site?), then the
 * server's row-by-row report: how many were imported, and each refused row with its number and
 * reason (in the UI language). A template CSV can be downloaded first.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportUsersData } from '@mtp/proto';
import { importTemplateCsv, importUsers } from './user-admin-endpoints';

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([importTemplateCsv()], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'users-template.csv';
  a.click();
  URL.revokeObjectURL(url);
}

export function ImportReport({ report }: { report: ImportUsersData }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color={report.errors.length ? 'yellow' : 'green'}>
        {t('userAdmin.importResult', { imported: report.imported, rows: report.rows, failed: report.errors.length })}
      </Alert>
      {report.errors.length > 0 && (
        <Table.ScrollContainer minWidth={320} mah={300}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('userAdmin.row')}</Table.Th>
                <Table.Th>{t('userAdmin.account')}</Table.Th>
                <Table.Th>{t('userAdmin.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errors.map((e) => (
                <Table.Tr key={e.row} data-testid="import-error">
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.account}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportUsersData | null>(null);
  const send = () => {
    if (!file) return;
    setBusy(true);
    void importUsers(file)
      .then((r) => {
        setReport(r);
        if (r.imported > 0) onImported();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title={t('userAdmin.import')} centered size="lg" data-testid="import-dialog">
      <Stack gap="md">
        <Text size="sm">{t('userAdmin.importHint')}</Text>
        <Anchor component="button" type="button" size="sm" onClick={downloadTemplate} data-testid="import-template">
          {t('userAdmin.template')}
        </Anchor>
        <FileInput accept=".xlsx,.csv" label={t('userAdmin.file')} value={file} onChange={setFile} clearable data-testid="import-file" />
        {report && <ImportReport report={report} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('userAdmin.close')}
          </Button>
          <Button onClick={send} loading={busy} disabled={!file} data-testid="import-submit">
            {t('userAdmin.importSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
