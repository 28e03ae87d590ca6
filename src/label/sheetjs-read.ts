/**
 * SheetJS's reader as the app calls it (label data: spreadsheet.ts; imports: the server's
 * import-export/workbook.ts), without its console noise: SheetJS reports each .xls record
 * type it does not know on console.error ("Missing Info for XLS Record 0x…"), hundreds for a
 * damaged or unusual file, into the CLI's stderr, the server's log or the browser's console,
 * while the read goes on and its outcome is the caller's to report. XLSX.read is synchronous,
 * so console.error is replaced for its own duration only.
 */
import * as XLSX from 'xlsx';

export function readWorkbook(data: string | Uint8Array, options: XLSX.ParsingOptions): XLSX.WorkBook {
  const error = console.error;
  console.error = () => {};
  try {
    return XLSX.read(data, options);
  } finally {
    console.error = error;
  }
}
