/**
 * The drop zone and file picker of `/file` (and of `/docScan`, one file), with the chosen files below it. Files are checked
 * (format, size, count) as they arrive; refusals are listed at once and never uploaded.
 */
import { ActionIcon, Alert, Group, List, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { DOC_EXTENSIONS } from '@mtp/proto';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, DOC_ACCEPT, formatBytes, MAX_DOC_BYTES, MAX_DOC_FILES, type Refusal } from '../../documents/doc-files';

/** `single`: one file at a time (document scan); a new choice replaces the chosen one. */
type Props = { files: readonly File[]; onFiles: (files: File[]) => void; disabled: boolean; single?: boolean };

export function DocDropZone({ files, onFiles, disabled, single = false }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const [over, setOver] = useState(false);

  const take = (incoming: FileList | null) => {
    if (disabled || !incoming || incoming.length === 0) return;
    const result = addFiles(single ? [] : files, single ? [...incoming].slice(-1) : [...incoming]);
    setRefused(result.refused);
    onFiles(result.files);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const refusalText = (r: Refusal) =>
    t(`documents.refused.${r.reason}`, { name: r.name, max: r.reason === 'size' ? formatBytes(MAX_DOC_BYTES) : String(MAX_DOC_FILES) });

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="lg"
        pos="relative"
        radius="md"
        style={{ borderStyle: 'dashed', opacity: disabled ? 0.6 : 1 }}
        bg={over ? 'var(--mantine-color-blue-light)' : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="doc-drop-zone"
      >
        <UnstyledButton w="100%" disabled={disabled} onClick={() => input.current?.click()} data-testid="doc-choose-files">
          <Stack gap={4} align="center">
            <Text fw={500}>{t(single ? 'documents.dropZoneOne' : 'documents.dropZone')}</Text>
            <Text size="xs" c="dimmed">
              {single
                ? t('documents.dropLimitOne', { size: formatBytes(MAX_DOC_BYTES), types: DOC_EXTENSIONS.join(', ') })
                : t('documents.dropLimits', { count: MAX_DOC_FILES, size: formatBytes(MAX_DOC_BYTES), types: DOC_EXTENSIONS.join(', ') })}
            </Text>
          </Stack>
        </UnstyledButton>
        <input
          ref={input}
          type="file"
          multiple={!single}
          accept={DOC_ACCEPT}
          aria-label={t('documents.fileInput')}
          disabled={disabled}
          // Visually hidden but present, so a browser test can set files on it directly.
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          onChange={(e) => {
            take(e.currentTarget.files);
            // The same file may be chosen again after it was removed.
            e.currentTarget.value = '';
          }}
          data-testid="doc-file-input"
        />
      </Paper>
      {refused.length > 0 && (
        <Alert color="red" variant="light" data-testid="doc-refused" withCloseButton onClose={() => setRefused([])}>
          <List size="sm">
            {refused.map((r, i) => (
              <List.Item key={`${r.name}-${i}`} data-reason={r.reason}>
                {refusalText(r)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {files.length > 0 && (
        <Stack gap={4} aria-label={t('documents.chosenFiles')} data-testid="doc-chosen-files">
          {files.map((f, i) => (
            <Group key={`${f.name}-${f.size}-${i}`} justify="space-between" wrap="nowrap" data-testid="doc-chosen-file">
              <Text size="sm" truncate>
                {f.name}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {formatBytes(f.size)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={disabled}
                  aria-label={t('documents.remove', { name: f.name })}
                  onClick={() => onFiles(files.filter((_, j) => j !== i))}
                  data-testid="doc-remove-file"
                >
                  <span aria-hidden>✕</span>
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
