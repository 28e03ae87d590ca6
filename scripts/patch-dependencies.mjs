// Fixes in installed dependencies that their publishers have not made, applied by
// scripts/setup.sh after npm ci (and on every set-up: it is idempotent). Each fix names its
// files, the exact text it replaces, and why. A file holding neither the text nor its fix
// (the dependency changed) stops set-up, so a fix is never lost silently; tests check the
// behaviour each fix gives (named below).
import { readFileSync, writeFileSync } from 'node:fs';

const FIXES = [
  {
    // SheetJS 0.20.3, parse_Rgce (a cell formula's tokens, .xls): `while(target != blob.l)`.
    // A damaged record whose last token reads past the record's end moves blob.l beyond
    // target, and the loop never ends: `npm run fuzz` found two such .xls files (8.9 kB and
    // 12.8 kB, one in each of two million-input runs) that held a reader for ever. Stopping
    // at the end instead, the file reads as far as it goes (or is refused as unreadable) in
    // milliseconds. Test: src/label/spreadsheet.test.ts ("a damaged .xls formula").
    files: ['node_modules/xlsx/xlsx.mjs', 'node_modules/xlsx/xlsx.js'],
    before: 'while(target != blob.l) {',
    after: 'while(blob.l < target) {',
  },
];

const count = (text, part) => text.split(part).length - 1;

let applied = 0;
for (const fix of FIXES) {
  for (const file of fix.files) {
    const text = readFileSync(file, 'utf8');
    const found = count(text, fix.before);
    if (found === 1) {
      writeFileSync(file, text.replace(fix.before, fix.after));
      applied++;
    } else if (!(found === 0 && count(text, fix.after) === 1)) {
      console.error(`[patch-dependencies] ${file}: expected one "${fix.before}" (or its fix), found ${found}: the dependency changed; review the fix`);
      process.exit(1);
    }
  }
}
if (applied > 0) console.log(`[patch-dependencies] ${applied} file(s) fixed`);
