/**
 * `/picturetranslate` (spec section 2, feature key PictureTranslation, hidden where the site
 * hides pictures; issue 22 item 1): choose one of the site's picture pairs, choose or paste
 * (Ctrl+V) a picture, translate it (the user waits: a document worker reads, the lines are
 * translated and charged as text, the worker draws them back), then see the original and the
 * translation side by side with the line pairs listed (hovering a line outlines it on both),
 * edit a line's translation to have the picture drawn again, and download the PNG or a JPG. Signed-in users only (the server refuses visitors).
 */
import { Alert, Button, FileButton, Group, Loader, NativeSelect, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LANGUAGE_NAMES, type LanguageCode, type PictureTranslateData } from '@mtp/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { hasAuthToken } from '../../auth/session';
import { currentSessionUser } from '../../auth/session-user';
import { toUiLang } from '../../i18n/lang';
import {
  jpegOf,
  namedPicture,
  picturePairsQueryOptions,
  renderEditedPicture,
  translatePicture,
  type PicturePairChoice,
} from './picture-translate-api';
import { PictureLines } from './picture-lines';
import { PictureView } from './picture-view';

const pairValue = (p: PicturePairChoice) => `${p.src}>${p.tgt}`;

export function PictureTranslatePage() {
  const { t, i18n } = useTranslation();
  const ui = toUiLang(i18n.language);
  const loggedIn = hasAuthToken();
  const pairs = useQuery({ ...picturePairsQueryOptions(currentSessionUser()), enabled: loggedIn });
  const [chosen, setChosen] = useState<PicturePairChoice | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<PictureTranslateData | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [rendering, setRendering] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const list = pairs.data?.list ?? [];
  const first = list[0];
  const pair = chosen ?? (first ? { src: first.src_lang, tgt: first.tgt_lang } : null);

  const choose = (next: File | null) => {
    if (!next) return;
    setFile(namedPicture(next));
    setResult(null);
  };
  // The preview is an object URL of the chosen file, released when another is chosen or the page goes.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // Ctrl+V anywhere on the page takes a pasted picture (a screenshot, say).
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const pasted = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (pasted) choose(pasted);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!file || !pair) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      setResult(await translatePicture(file, pair, setProgress, controller.signal));
    } catch (err) {
      // Refusals were already shown by the upload helper; anything else is a bug to surface.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const edit = async (index: number, text: string) => {
    if (!file || !result) return;
    const lines = result.lines.map((l, i) => ({ ...l, translated: i === index ? text : l.translated }));
    setRendering(true);
    try {
      const drawn = await renderEditedPicture(
        file,
        // A column read top-to-bottom is drawn down its column again (workers/doc README).
        lines.map((l) => ({ box: l.box, text: l.translated, ...(l.vertical ? { vertical: true } : {}) })),
        new AbortController().signal,
      );
      setResult({ ...result, lines, image: drawn.image });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setRendering(false);
    }
  };

  const downloadJpeg = async () => {
    if (!result) return;
    const link = document.createElement('a');
    link.href = await jpegOf(result.image);
    link.download = `${baseName}-${result.tgt_lang}.jpg`;
    link.click();
  };

  const baseName = file?.name.replace(/\.[^.]+$/, '') ?? 'picture';
  const name = (code: string) => LANGUAGE_NAMES[code as LanguageCode]?.[ui] ?? code;
  return (
    <Stack gap="md" data-testid="picture-translate-page" data-phase={progress !== null || rendering ? 'working' : result ? 'done' : 'idle'}>
      <Title order={2}>{t('nav.picture')}</Title>
      <Text size="sm" c="dimmed">
        {t('pictureTranslate.intro')}
      </Text>
      {!loggedIn && (
        <Alert color="blue" variant="light" data-testid="picture-login-required">
          {t('pictureTranslate.loginRequired')}
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <NativeSelect
            label={t('pictureTranslate.pair')}
            data={list.map((p) => ({
              value: pairValue({ src: p.src_lang, tgt: p.tgt_lang }),
              label: `${name(p.src_lang)} → ${name(p.tgt_lang)}`,
            }))}
            value={pair ? pairValue(pair) : ''}
            onChange={(e) => {
              const [src, tgt] = e.currentTarget.value.split('>');
              if (src && tgt) setChosen({ src, tgt });
            }}
            disabled={progress !== null}
            maw={360}
            data-testid="picture-pair"
          />
          <Group gap="sm" wrap="wrap">
            <FileButton onChange={choose} accept="image/png,image/jpeg">
              {(props) => (
                <Button variant="default" {...props} disabled={!loggedIn || progress !== null} data-testid="picture-choose">
                  {t('pictureTranslate.choose')}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {file ? file.name : t('pictureTranslate.pasteHint')}
            </Text>
          </Group>
          <Group gap="sm">
            <Button
              onClick={() => void start()}
              disabled={!loggedIn || !file || !pair || progress !== null}
              data-testid="picture-translate"
            >
              {t('pictureTranslate.translate')}
            </Button>
            {result && (
              <Button
                component="a"
                href={result.image}
                download={`${baseName}-${result.tgt_lang}.png`}
                variant="light"
                data-testid="picture-download"
              >
                {t('pictureTranslate.download')}
              </Button>
            )}
            {result && (
              <Button variant="light" onClick={() => void downloadJpeg()} data-testid="picture-download-jpg">
                {t('pictureTranslate.downloadJpg')}
              </Button>
            )}
            {rendering && <Loader size="sm" data-testid="picture-rendering" />}
          </Group>
          {progress !== null && (
            <Stack gap={4}>
              <Text size="sm">{t('pictureTranslate.working')}</Text>
              <Progress value={progress < 100 ? progress : 100} animated={progress >= 100} />
            </Stack>
          )}
        </Stack>
      </Paper>
      {result && preview && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PictureView
              title={t('pictureTranslate.original')}
              src={preview}
              width={result.width}
              height={result.height}
              lines={result.lines}
              hovered={hovered}
              onHover={setHovered}
              testId="picture-original"
            />
            <PictureView
              title={t('pictureTranslate.translated')}
              src={result.image}
              width={result.width}
              height={result.height}
              lines={result.lines}
              hovered={hovered}
              onHover={setHovered}
              testId="picture-result"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="picture-charged">
            {t('pictureTranslate.lines', { count: result.lines.length })} · {t('pictureTranslate.charged', { chars: result.chars })}
          </Text>
          <PictureLines
            lines={result.lines}
            hovered={hovered}
            onHover={setHovered}
            onEdit={(i, text) => void edit(i, text)}
            busy={rendering}
          />
        </>
      )}
    </Stack>
  );
}
