/**
 * The import file on the client (spec sections 5 and 9): one file, .xlsx .xls or .csv, at
 * most 3 MB, checked before anything is sent (the server checks again); reading it as base64
 * for the request; and saving a file the server sends (template, export).
 */
import { IMPORT_MAX_BYTES, IMPORT_SUFFIXES, type ExcelFile } from '../../../api/contract';

/** Why a choice of files cannot be imported; null when it can. */
export type ImportFileProblem = 'none' | 'tooMany' | 'type' | 'tooLarge' | 'empty';

export interface FileLike {
  name: string;
  size: number;
}

/** The lower-case suffix of a file name without its dot ('' without one). */
export function fileSuffix(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).trim().toLowerCase();
}

/** The accept attribute of the file input. */
export const IMPORT_ACCEPT = IMPORT_SUFFIXES.map((s) => `.${s}`).join(',');

export function checkImportFiles(files: readonly FileLike[]): ImportFileProblem | null {
  if (files.length === 0) return 'none';
  if (files.length > 1) return 'tooMany';
  const [file] = files;
  if (!(IMPORT_SUFFIXES as readonly string[]).includes(fileSuffix(file.name))) return 'type';
  if (file.size > IMPORT_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** Bytes → base64, in slices (String.fromCharCode takes a bounded number of arguments). */
export function bytesToBase64(bytes: Uint8Array): string {
  const SLICE = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function readFileAsBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

/** Hands a file from the server to the browser as a download. */
export function saveExcelFile(file: ExcelFile): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(file.fileData)], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
