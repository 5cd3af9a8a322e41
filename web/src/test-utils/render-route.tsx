/**
 * Renders the real app at a path on the server side (react-dom/server), which needs no DOM
 * emulation: enough to check routing, guards, navigation entries and stable selectors.
 */
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { bindApi } from '../api/instance';
import { createAppRouter } from '../router';
import { theme } from '../theme';

type ServerResult = { type: string; redirect?: { headers: Headers } };

/** `queryClient`: render into this cache (as one tab would across renders) instead of a fresh one. */
export async function renderRoute(
  path: string,
  { queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) }: { queryClient?: QueryClient } = {},
): Promise<{ html: string; pathname: string; testIds: string[] }> {
  const router = createAppRouter(queryClient);
  bindApi({ navigate: (href) => void router.navigate({ href }), onLoggedOut: () => queryClient.clear() });
  // In Node the router loads in server mode, where a guard's redirect is a result to follow
  // (an HTTP redirect in real SSR) rather than a navigation; follow it like a browser would.
  let at = path;
  for (let hop = 0; hop < 5; hop++) {
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [at] }) });
    await router.load();
    const result = (router as unknown as { _serverResult?: ServerResult })._serverResult;
    const location = result?.type === 'redirect' ? result.redirect?.headers.get('Location') : null;
    if (!location) break;
    at = location;
  }
  const html = renderToString(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const testIds = [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]!);
  return { html, pathname: router.state.location.pathname, testIds };
}
