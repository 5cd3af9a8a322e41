/** `@mtp/mt-worker/testing`: stand-ins for the third parties MT talks to, for other packages' tests. */
export { startFakeOpenAiServer, type FakeOpenAiServer, type FakeOpenAiServerOptions } from './fake-openai-server';
export { startFakeHfHub, type FakeHub, type FakeHubOptions } from './fake-hf-hub';
