/**
 * Vitest global setup: starts one real PostgreSQL server for the whole run and hands its admin
 * URL to the test files, which each create their own database on it.
 */
import { startTestServer } from '@mtp/platform/testing';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
