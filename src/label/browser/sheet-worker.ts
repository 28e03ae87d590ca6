/**
 * Web Worker of read-sheet.ts: reads one spreadsheet (SheetJS) and answers its workbook as
 * data. The page terminates it when it takes too long (sheet-read.ts).
 */
import { answerSheetRead, type SheetReadReply, type SheetReadRequest } from '../sheet-read.ts';

// The worker's global scope, typed as far as it is used here (the DOM lib types `self` as a window).
const scope = self as unknown as {
  postMessage(message: SheetReadReply): void;
  onmessage: ((event: MessageEvent<SheetReadRequest>) => void) | null;
};

scope.onmessage = (event) => scope.postMessage(answerSheetRead(event.data));
