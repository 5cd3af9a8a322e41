/** The router: the code-based route tree, the query client in context, preloading on intent. */
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { adminLayoutRoute, adminRoutes } from './routes/admin-routes';
import { mainLayoutRoute, mainRoutes, toBackstageRoute, toIndexRoute } from './routes/main-routes';
import { publicRoutes } from './routes/public-routes';
import { rootRoute } from './routes/root-route';
import { userCenterLayoutRoute, userCenterRoutes } from './routes/user-center-routes';

/** Public pages, the area redirects, then the three areas (each a pathless layout). */
export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  toBackstageRoute,
  toIndexRoute,
  mainLayoutRoute.addChildren([...mainRoutes]),
  userCenterLayoutRoute.addChildren([...userCenterRoutes]),
  adminLayoutRoute.addChildren([...adminRoutes]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through the query cache, so the router keeps no second copy of the data.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => (
      <Center mih="50vh">
        <Loader />
      </Center>
    ),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
