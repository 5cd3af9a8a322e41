/** Entry: providers, the router, and the API client's bindings to navigation and the cache. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import './i18n';
import { bindApi } from './api/instance';
import { USER_ROOT_KEY } from './queries/query-keys';
import { createAppRouter } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already told the user about a failure; a silent retry would repeat it.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const router = createAppRouter(queryClient);

bindApi({
  navigate: (path) => void router.navigate({ href: path }),
  onTokenRefreshed: () => void queryClient.invalidateQueries({ queryKey: USER_ROOT_KEY }),
  onLoggedOut: () => queryClient.clear(),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
