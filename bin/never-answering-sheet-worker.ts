/**
 * Tests: a spreadsheet reader thread (as sheet-worker.ts) that never answers, as SheetJS once
 * did on a damaged .xls (fixed by scripts/patch-dependencies.mjs): the CLI's deadline must end
 * it (sheet-reader.test.ts). Busy, like a parser in an endless loop: only terminate() ends it.
 */
for (;;);
