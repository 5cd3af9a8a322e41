/**
 * Scalar's API reference over the gateway's OpenAPI document. Its own module, loaded only by
 * the /api-doc page (a dynamic import): Scalar and its styles (Vue inside, about a megabyte)
 * never weigh on the rest of the app.
 *
 * Set for an offline machine and the pages' CSP: no fonts from Scalar's CDN (the theme falls
 * back to system fonts), no AI agent, no telemetry, no developer toolbar, no proxy (the document's server is
 * relative, so "Test request" calls this origin directly). Light only, like the rest of the app.
 */
import { ApiReferenceReact, type AnyApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

export default function ScalarReference({ url }: { url: string }) {
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      url,
      withDefaultFonts: false,
      // Scalar's AI agent talks to api.scalar.com (and turns itself on for local addresses).
      agent: { disabled: true },
      telemetry: false,
      showDeveloperTools: 'never',
      // "Open API Client" leads to Scalar's hosted client; "Test request" stays, calling this origin.
      hideClientButton: true,
      forceDarkModeState: 'light',
      hideDarkModeToggle: true,
      // Scalar writes a request in many languages for every call; curl first, like our examples.
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    }),
    [url],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
