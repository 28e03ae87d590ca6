/**
 * Worker thread of sheet-reader.ts: reads one spreadsheet (SheetJS) given as workerData and
 * answers its workbook as data. Its heap is capped and it is terminated at the deadline.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { answerSheetRead, type SheetReadRequest } from '../src/label/sheet-read.ts';

parentPort!.postMessage(answerSheetRead(workerData as SheetReadRequest));
