/**
 * A picture fetched from a web address for the label editor (POST api/File/FromUrl): the
 * browser cannot read other origins' pictures (CORS), so the server fetches it and hands back
 * its bytes as a data URL, which the editor embeds in the label (no network needed later).
 *
 * The server must not become a door into its own network (SSRF): only http and https; the
 * host is resolved once (every address it has) and refused when any address is on a
 * loopback, private, link-local, unique-local or unspecified network, and the connection
 * goes to the checked address itself (a pinned lookup), so a name that resolves differently
 * a moment later (DNS rebinding) cannot swap it. Redirects (at most 3) are checked the same
 * way. PICTURE_URL_PRIVATE_ADDRESSES=on lifts the network check, for intranet deployments.
 * The whole fetch has one deadline (PICTURE_URL_TIMEOUT_MS, from the request to the last byte
 * of the last redirect), and reading stops past the
 * picture size limit. The content must be PNG or JPEG by its own bytes, whatever the remote's
 * Content-Type says, and it is decoded as an upload is (picture-check.ts).
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { FILE_MAX_BYTES } from '../../../src/api/contract.ts';
import type { PictureUrlConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { checkPictureOffThread } from './picture-check.ts';
import { pictureType } from './service.ts';

/** Redirects followed before the fetch is refused. */
export const PICTURE_URL_MAX_REDIRECTS = 3;
/** Longest web address accepted, in characters. */
export const PICTURE_URL_MAX_LENGTH = 2048;

export interface PictureFromUrl {
  /** `data:image/png;base64,...` or `data:image/jpeg;base64,...`. */
  dataUrl: string;
  mimeType: string;
  /** Bytes of the picture. */
  size: number;
  /** Pixels. */
  width: number;
  height: number;
}

// Networks that are not the public internet. Besides the ones every SSRF check needs
// (loopback, private, link-local, unique-local, unspecified), carrier-grade NAT, benchmark,
// multicast and reserved ranges: none of them holds a public web server either.
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself: unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fec0::', 10], // the old site-local range
  ['fc00::', 7],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (dotted IPv4 tail allowed); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * True for an address on a network that is not the public internet (see BLOCKED); an IPv6
 * address carrying an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is
 * judged by the IPv4 address it reaches. Anything that is not an IP address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const g = ipv6Groups(address);
  if (!g) return true;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) return BLOCKED.check(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`, 'ipv4');
  return BLOCKED.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** The web address typed by the user, http or https only. */
function parseAddress(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('pictureUrlInvalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new AppError('pictureUrlInvalid');
  return url;
}

interface Target {
  address: string;
  family: number;
}

/** Every address of a host name (dns.lookup with all: true; tests give a resolver of their own). */
export type ResolveHost = (host: string) => Promise<Target[]>;
const systemResolver: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/** The address to connect to for `url`: its host resolved (all addresses), each checked. */
async function resolveChecked(url: URL, config: PictureUrlConfig, deadline: Promise<never>, resolveHost: ResolveHost): Promise<Target> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let targets: Target[];
  if (isIP(host)) {
    targets = [{ address: host, family: isIP(host) }];
  } else {
    try {
      targets = await Promise.race([resolveHost(host), deadline]);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('pictureUrlUnreachable', { host });
    }
    if (targets.length === 0) throw new AppError('pictureUrlUnreachable', { host });
  }
  if (!config.privateAddresses) {
    const refused = targets.find((t) => isPrivateAddress(t.address));
    if (refused) throw new AppError('pictureUrlPrivate', { address: refused.address });
  }
  return targets[0]!;
}

type Reply = { redirect: string } | { bytes: Buffer };

/** One GET of `url` on the checked address; a redirect's Location, or the body (at most maxBytes). */
function getOnce(url: URL, target: Target, signal: AbortSignal, maxBytes: number, timeoutError: () => AppError): Promise<Reply> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const tooLarge = () => new AppError('fileTooLarge', { limit: `${maxBytes / 1024 / 1024} MB` });
  return new Promise<Reply>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    // The connection goes to the address checked, whatever the name resolves to by now;
    // the name itself stays in the request (Host header, TLS server name and certificate).
    const pinned: LookupFunction = (_name, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, {
      method: 'GET',
      lookup: pinned,
      signal,
      // A new connection each time: a pooled one could have been opened to another address.
      agent: false,
      headers: { Accept: 'image/png, image/jpeg;q=0.9, */*;q=0.1', 'User-Agent': 'Assetmark picture fetch' },
    });
    const fail = (err: AppError) =>
      settle(() => {
        req.destroy();
        reject(err);
      });
    req.on('error', () => fail(signal.aborted ? timeoutError() : new AppError('pictureUrlUnreachable', { host })));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        settle(() => {
          res.destroy();
          req.destroy();
          resolve({ redirect: location });
        });
        return;
      }
      if (status < 200 || status > 299) return fail(new AppError('pictureUrlStatus', { status }));
      // A declared length over the limit is refused before any of it is read.
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      res.on('end', () => settle(() => resolve({ bytes: Buffer.concat(chunks, total) })));
      res.on('error', () => fail(signal.aborted ? timeoutError() : new AppError('pictureUrlUnreachable', { host })));
      res.on('aborted', () => fail(signal.aborted ? timeoutError() : new AppError('pictureUrlUnreachable', { host })));
    });
    req.end();
  });
}

/** Fetches the picture at `text` (see the top of this file); AppError code 2 for every refusal. */
export async function pictureFromUrl(
  text: string,
  config: PictureUrlConfig,
  options: { maxBytes?: number; resolveHost?: ResolveHost } = {},
): Promise<PictureFromUrl> {
  const { maxBytes = FILE_MAX_BYTES, resolveHost = systemResolver } = options;
  if (text.length > PICTURE_URL_MAX_LENGTH) throw new AppError('pictureUrlInvalid');
  let url = parseAddress(text);
  const controller = new AbortController();
  const timeoutError = () => new AppError('pictureUrlTimeout', { s: config.timeoutMs / 1000 });
  let rejectDeadline: (err: AppError) => void = () => {};
  const deadline = new Promise<never>((_, reject) => (rejectDeadline = reject));
  deadline.catch(() => {});
  const timer = setTimeout(() => {
    rejectDeadline(timeoutError());
    controller.abort();
  }, config.timeoutMs);
  try {
    let bytes: Buffer | null = null;
    for (let redirects = 0; bytes === null; redirects++) {
      const target = await resolveChecked(url, config, deadline, resolveHost);
      const reply = await Promise.race([getOnce(url, target, controller.signal, maxBytes, timeoutError), deadline]);
      if ('bytes' in reply) {
        bytes = reply.bytes;
        break;
      }
      if (redirects >= PICTURE_URL_MAX_REDIRECTS) throw new AppError('pictureUrlRedirects', { max: PICTURE_URL_MAX_REDIRECTS });
      // Relative locations are relative to the address that answered; the next one is checked anew.
      try {
        url = parseAddress(new URL(reply.redirect, url).href);
      } catch {
        throw new AppError('pictureUrlInvalid');
      }
    }
    clearTimeout(timer);
    const mimeType = pictureType(bytes);
    if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') throw new AppError('pictureUrlNotPicture');
    // Within the pixel limits and decodable, as an uploaded picture (in a worker thread; the
    // deadline is the remote's, not the decoder's, which has its own limits).
    const picture = await checkPictureOffThread(bytes);
    return { dataUrl: `data:${mimeType};base64,${bytes.toString('base64')}`, mimeType, size: bytes.length, width: picture.width, height: picture.height };
  } finally {
    clearTimeout(timer);
  }
}
