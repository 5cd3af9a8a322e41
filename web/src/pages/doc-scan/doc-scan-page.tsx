/**
 * `/docScan` (spec sections 2 and 4, feature key ScanDoc; issue 21): choose a language pair and a
 * document, upload it with progress and Cancel, then follow the scan (polled every 2 s) to its
 * candidate terms, reviewed in pages of 10 (scan-results.tsx). The state is kept: the page shows
 * the caller's newest scan from the server (`term_extraction_latest`), and an upload under way
 * lives in a module store (doc-scan-upload.ts); a logout clears both.
 */
import { Alert, Button, Group, NativeSelect, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAuthToken } from '../../auth/session';
import { currentSessionUser } from '../../auth/session-user';
import { toUiLang } from '../../i18n/lang';
import { DocDropZone } from '../documents/doc-drop-zone';
import { latestScanQueryOptions, scanKeys, termLanguagesQueryOptions } from './doc-scan-api';
import { bindScanToSession, scanUploadStore, type ScanPair } from './doc-scan-upload';
import { ScanPanel } from './scan-panel';

const pairValue = (p: ScanPair) => `${p.src}>${p.tgt}`;

/** The pair shown: the one chosen, else Chinese → English where offered, else the first. */
export function defaultPair(list: readonly { src_lang: string; tgt_lang: string }[], chosen: ScanPair | null): ScanPair | null {
  if (chosen && list.some((p) => p.src_lang === chosen.src && p.tgt_lang === chosen.tgt)) return chosen;
  const first = list.find((p) => p.src_lang === 'zh-cn' && p.tgt_lang === 'en-us') ?? list[0];
  return first ? { src: first.src_lang, tgt: first.tgt_lang } : null;
}

export function DocScanPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = hasAuthToken();
  const user = currentSessionUser();
  const upload = useSyncExternalStore(scanUploadStore.subscribe, scanUploadStore.getState, scanUploadStore.getState);
  const languages = useQuery(termLanguagesQueryOptions(toUiLang(i18n.language)));
  const latest = useQuery({ ...latestScanQueryOptions(user), enabled: loggedIn });
  useEffect(() => bindScanToSession(queryClient), [queryClient]);

  const pairs = languages.data?.list ?? [];
  const pair = defaultPair(pairs, upload.pair);
  const uploading = upload.phase === 'uploading';
  const working = latest.data?.status === 'working';
  const canUpload = loggedIn && !uploading && !working && !!upload.file && !!pair;

  const start = async () => {
    if (!pair) return;
    bindScanToSession(queryClient);
    scanUploadStore.setPair(pair);
    const taskId = await scanUploadStore.start();
    if (taskId) await queryClient.invalidateQueries({ queryKey: scanKeys.all(user) });
  };

  return (
    <Stack gap="md" data-testid="doc-scan-page" data-phase={uploading ? 'uploading' : (latest.data?.status ?? 'idle')}>
      <Title order={2}>{t('nav.docScan')}</Title>
      <Text size="sm" c="dimmed">
        {t('docScan.intro')}
      </Text>
      {!loggedIn && (
        <Alert color="blue" variant="light" data-testid="doc-scan-login-required">
          {t('docScan.loginRequired')}
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <NativeSelect
            label={t('docScan.pair')}
            data={pairs.map((p) => ({ value: pairValue({ src: p.src_lang, tgt: p.tgt_lang }), label: p.name }))}
            value={pair ? pairValue(pair) : ''}
            onChange={(e) => {
              const [src, tgt] = e.currentTarget.value.split('>');
              if (src && tgt) scanUploadStore.setPair({ src, tgt });
            }}
            disabled={uploading}
            maw={360}
            data-testid="doc-scan-pair"
          />
          <DocDropZone
            files={upload.file ? [upload.file] : []}
            onFiles={(files) => scanUploadStore.setFile(files.at(-1) ?? null)}
            disabled={uploading}
            single
          />
          {uploading && (
            <Stack gap={4}>
              <Text size="sm">{t('docScan.uploading', { percent: upload.progress })}</Text>
              <Progress value={upload.progress} aria-label={t('docScan.uploadProgress')} data-testid="doc-scan-upload-progress" />
            </Stack>
          )}
          {working && !uploading && (
            <Text size="xs" c="dimmed" data-testid="doc-scan-wait-note">
              {t('docScan.waitForScan')}
            </Text>
          )}
          <Group gap="sm">
            <Button onClick={() => void start()} disabled={!canUpload} loading={uploading} data-testid="doc-scan-upload">
              {t('docScan.scan')}
            </Button>
            {uploading && (
              <Button variant="default" onClick={scanUploadStore.cancel} data-testid="doc-scan-cancel">
                {t('docScan.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {loggedIn && latest.data && <ScanPanel scan={latest.data} />}
    </Stack>
  );
}
