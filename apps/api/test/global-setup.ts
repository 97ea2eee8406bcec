/**
 * Seeds the demo shop once for the whole run (test/seed-template.ts); every test world starts as a
 * copy of it instead of seeding its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSeedTemplate, dropSeedTemplate, type SeedTemplate } from './seed-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded template, as test/test-app.ts copies it. */
    seedTemplate: SeedTemplate | undefined;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dir = await mkdtemp(join(tmpdir(), 'shop-seed-template-'));
  const started = performance.now();
  const template = await buildSeedTemplate(dir, adminUrl);
  if (process.env.SHOP_TEST_TIMINGS) {
    console.log(`seed template (${template.kind}): ${Math.round(performance.now() - started)} ms`);
  }
  project.provide('seedTemplate', template);
  return async () => {
    await dropSeedTemplate(template, adminUrl);
    await rm(dir, { recursive: true, force: true });
  };
}
