import { defineConfig } from 'vitest/config';

const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name,
    include: ['server/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: dbKind, LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['server/src/test/clear-of-midnight.ts'],
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      'web/vitest.config.ts',
    ],
  },
});
