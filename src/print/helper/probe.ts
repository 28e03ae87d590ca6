/**
 * Finding the helper (spec section 4 "Helper check", printing-protocol.md "Finding the
 * helper"): `GET /local/ServerInfo` on port 15216, then 35216, each with a 2000 ms time-out.
 * The first port that answers with the protocol's ServerInfo is the helper.
 */
import { fail, ok, type HelperResult } from './errors.ts';
import { exchange } from './transport.ts';

/** The ports a helper listens on, in the order they are tried (spec section 9). */
export const HELPER_PORTS = [15216, 35216] as const;
/** Probe time-out per port on this machine, ms (spec section 9: 5000 ms for a remote host). */
export const PROBE_TIMEOUT_MS = 2000;
export const REMOTE_PROBE_TIMEOUT_MS = 5000;

/** ServerInfo's resultInfo (printing-protocol.md); every field but the version is optional. */
export interface HelperInfo {
  /** e.g. "dtpweb/2.3.20230621"; its date decides the local-printer rule (rules.ts). */
  version: string;
  dtpwebVersion?: string;
  lpapiVersion?: string;
  httpPort?: number;
  udpPort?: number;
  system?: { osName?: string; osVersion?: string };
  hostname?: string;
  selfIps?: string[];
  runMode?: string | number;
  processId?: number;
  now?: string | number;
}

export interface FoundHelper {
  /** e.g. "http://127.0.0.1:15216" (no trailing slash). */
  baseUrl: string;
  port: number;
  info: HelperInfo;
  /** info.version, the string the local-printer rule reads. */
  version: string;
}

export interface FindOptions {
  host?: string;
  ports?: readonly number[];
  /** Per port, ms; default 2000 on this machine, 5000 for another host. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The page the client runs in, for the plain-http case; default `globalThis.location`
   * (none in Node: never plain http).
   */
  page?: PageLocation | undefined;
}

export interface PageLocation {
  protocol: string;
  hostname: string;
}

/**
 * Whether a network error is likely the browser's local-network block: the page is plain
 * http and not itself on this machine. (A page on localhost may reach the helper freely; an
 * https page gets Chrome's permission prompt instead.)
 */
export function isPlainHttpPage(page: PageLocation | undefined = currentPage()): boolean {
  return !!page && page.protocol === 'http:' && !isLoopback(page.hostname);
}

/** Whether a host name or address is this machine (localhost, *.localhost, 127.x, ::1). */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

function currentPage(): PageLocation | undefined {
  const location = (globalThis as { location?: PageLocation }).location;
  return location && typeof location.protocol === 'string' && typeof location.hostname === 'string'
    ? location
    : undefined;
}

/**
 * The first helper answering on `ports` (in order). Failure: `notFound`, or on a plain-http
 * page where some port failed with a network error, `{kind: 'network', plainHttp: true}`
 * (the browser's local-network block looks exactly like a closed port there, so the UI
 * explains how to allow local network access instead of offering a download);
 * `aborted` when the signal cancelled the search.
 */
export async function findHelper(options: FindOptions = {}): Promise<HelperResult<FoundHelper>> {
  const host = options.host ?? '127.0.0.1';
  const ports = options.ports ?? HELPER_PORTS;
  const timeoutMs = options.timeoutMs ?? (isLoopback(host) ? PROBE_TIMEOUT_MS : REMOTE_PROBE_TIMEOUT_MS);
  const plainHttp = isPlainHttpPage(options.page);
  let networkError = false;

  for (const port of ports) {
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const reply = await exchange({
      url: `${baseUrl}/local/ServerInfo`,
      method: 'GET',
      timeoutMs,
      signal: options.signal,
      plainHttp,
    });
    if (!reply.ok) {
      if (reply.error.kind === 'aborted') return reply;
      if (reply.error.kind === 'network') networkError = true;
      continue; // closed, silent, or not a helper: try the next port
    }
    const info = readInfo(reply.value);
    if (info) return ok({ baseUrl, port, info, version: info.version });
  }
  return fail(plainHttp && networkError ? { kind: 'network', plainHttp: true } : { kind: 'notFound' });
}

/** ServerInfo's resultInfo if it has a version string; anything else is not a helper. */
function readInfo(value: unknown): HelperInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const info = value as Partial<HelperInfo>;
  const version = typeof info.version === 'string' && info.version !== '' ? info.version : info.dtpwebVersion;
  return typeof version === 'string' && version !== '' ? { ...info, version } : undefined;
}
