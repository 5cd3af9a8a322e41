/**
 * Vitest global setup: one real NATS server (JetStream) for the whole run, or NATS_TEST_URL;
 * test files read its URL with inject('natsUrl').
 */
import { startTestNatsServer } from '@mtp/platform/bus-testing';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const server = await startTestNatsServer();
  project.provide('natsUrl', server.url);
  return async () => {
    await server.stop();
  };
}
