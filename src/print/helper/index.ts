/**
 * The print-helper client: find the helper, talk LPAPI to it, and say what went wrong in
 * zh-CN or en. Runs in browsers and in Node 20 (both have fetch).
 */
export { findHelper, isPlainHttpPage, HELPER_PORTS, PROBE_TIMEOUT_MS, REMOTE_PROBE_TIMEOUT_MS } from './probe.ts';
export type { FindOptions, FoundHelper, HelperInfo, PageLocation } from './probe.ts';
export { HelperClient, TIMEOUTS } from './client.ts';
export type {
  CallOptions,
  CommitJobOptions,
  GetPrintersOptions,
  HelperClientOptions,
  HelperPrinter,
  PrinterParams,
  StartJobOptions,
} from './client.ts';
export { CODE, HELPER_CODES, isHelperCode } from './errors.ts';
export type { HelperCode, HelperError, HelperResult } from './errors.ts';
export { helperMessage, helperMessages, helperText, HELPER_MESSAGES_EN, HELPER_MESSAGES_ZH } from './messages.ts';
export type { HelperLocale, HelperMessageKey } from './messages.ts';
export {
  DEFAULT_THRESHOLD,
  dpiFromPrinterName,
  helperVersionDate,
  isLocalPrinter,
  normaliseThreshold,
  PRINT_PARAMS,
  UNSET,
} from './rules.ts';
export type { Orientation, PrintParamName } from './rules.ts';
export { pageImageItem, JSON_PRINT_ACTION } from './json-mode.ts';
export type { JsonImageItem, JsonItem, JsonJobInfo, JsonPrinterInfo } from './json-mode.ts';
export type { PageOptions } from './wire.ts';
