/**
 * `/api-doc`: the API documentation, rendered from `GET /api/v1.0/openapi.json` (the gateway
 * generates it from the routes' own schemas). Public like the rest of the main area; Scalar is
 * loaded on demand (`scalar-reference.tsx`), and a failed load lands on the router's error page.
 */
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export const OPENAPI_URL = '/api/v1.0/openapi.json';

/**
 * Zod 4 (inside Scalar) probes `new Function('')` to pick a faster validator; our pages allow no
 * 'unsafe-eval', so the probe would be a reported CSP violation. Its `jitless` setting skips the
 * probe (what `z.config({ jitless: true })` sets: one object on globalThis that every copy of
 * Zod 4 reads). Set before Scalar's code first runs.
 */
function keepZodFromEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

const ScalarReference = lazy(() => {
  keepZodFromEval();
  return import('./scalar-reference');
});

export function ApiDocPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="api-doc-page">
      <Title order={2}>{t('nav.apiDoc')}</Title>
      <Text size="sm" c="dimmed">
        {t('apiDoc.intro')}{' '}
        <Anchor href={OPENAPI_URL} target="_blank" rel="noreferrer" data-testid="openapi-link">
          {t('apiDoc.openapiLink')}
        </Anchor>
      </Text>
      <Suspense
        fallback={
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('apiDoc.loading')}</Text>
          </Group>
        }
      >
        {/* Scalar's sticky parts sit below the app's 56 px header, not under it. Its heading link
            buttons stick out past a phone's edge: clipped (not hidden, which would end sticky). */}
        <div data-testid="api-reference" style={{ ['--scalar-custom-header-height' as string]: '56px', minWidth: 0, overflowX: 'clip' }}>
          <ScalarReference url={OPENAPI_URL} />
        </div>
      </Suspense>
    </Stack>
  );
}
