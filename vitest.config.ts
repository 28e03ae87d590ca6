import { defineConfig } from 'vitest/config';

// Two projects: `unit` (engine facade, CLI, server against a real database, client code)
// and `e2e` (browser flows in Debian's Chromium against the built app and a real server).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bin/**/*.test.ts', 'tests/**/*.test.ts', 'helper/**/*.test.ts', 'fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits for what the page will show: a busy CI machine can take longer
          // than the default second to render it. A poll ends as soon as its check passes.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
