import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate, newRunId } from './database';

export default async function setup(project: TestProject) {
  const runId = newRunId();
  await createTemplate('pglite', runId);
  project.provide('testRunId', runId);
  return () => dropTemplate('pglite', runId);
}
