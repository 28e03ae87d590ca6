/**
 * POST api/File/FromUrl against a real web server started here on 127.0.0.1 (so these tests
 * turn PICTURE_URL_PRIVATE_ADDRESSES on, except the one that checks the refusal of private
 * addresses): a picture, a non-picture that claims to be one, redirect chains, an endless
 * body, and a response held open by a gate until the fetch's deadline has passed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../src/api/contract.ts';
import { AppError } from '../errors.ts';
import { isPrivateAddress, pictureFromUrl } from '../modules/files/from-url.ts';
import { jpegOf, pngOf } from '../modules/files/test-pictures.ts';
import { registerAndLogin, snapshot, startTestServer, type TestServer } from '../testing/harness.ts';

interface FromUrl {
  dataUrl: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

const PNG = pngOf(40, 30);
const JPEG = jpegOf(20, 10);
/** Deadline of one fetch in these tests, in ms: ample for a local server on a busy machine. */
const TIMEOUT_MS = 3000;

let server: TestServer;
let token: string;
let remote: Server;
let base: string;
/** Connections the remote server accepted, the Host header of the latest request, and bytes its endless body wrote. */
let connections = 0;
let lastHost = '';
let endlessWritten = 0;
/** The slow response waits for this gate; the test opens it once the fetch was refused. */
let openGate: () => void = () => {};

beforeAll(async () => {
  remote = createServer((req, res) => {
    const path = req.url ?? '/';
    lastHost = req.headers.host ?? '';
    if (path === '/pic.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    // No Content-Type at all: the bytes alone make it a picture.
    if (path === '/pic') return res.writeHead(200).end(JPEG);
    if (path === '/fake.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end('<html>not a picture</html>');
    if (path === '/missing') return res.writeHead(404).end('not found');
    if (path === '/to-file') return res.writeHead(301, { Location: 'file:///etc/passwd' }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      // Relative locations, resolved against the address that answered.
      return res.writeHead(302, { Location: n > 0 ? `/hop/${n - 1}` : '/pic.png' }).end();
    }
    if (path === '/endless') {
      // No Content-Length, and no end: only the fetch giving up stops it.
      res.writeHead(200, { 'Content-Type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      chunk.set(PNG.subarray(0, 8));
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessWritten += chunk.length;
      };
      res.on('drain', pump);
      return pump();
    }
    if (path === '/declared-large') {
      return res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(FILE_MAX_BYTES + 1) }).end();
    }
    if (path === '/slow') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(PNG.subarray(0, 10));
      return void new Promise<void>((resolve) => (openGate = resolve)).then(() => res.end(PNG.subarray(10)));
    }
    res.writeHead(404).end();
  });
  remote.on('connection', () => connections++);
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  server = await startTestServer({ config: { pictureUrl: { privateAddresses: true, timeoutMs: TIMEOUT_MS } } });
  token = (await registerAndLogin(server, 'from-url@example.com', 'pw', 'Url Co')).loginID;
});
afterAll(async () => {
  openGate();
  remote?.closeAllConnections();
  await new Promise((resolve) => remote?.close(resolve));
  await server?.close();
});

/** The fetch as `who` (null: without a session). */
const fetchPicture = (url: unknown, lang = 'en', who: string | null = token) =>
  server.call<FromUrl>('POST', '/api/File/FromUrl', { token: who ?? undefined, body: { url }, lang });

describe('POST api/File/FromUrl fetches a picture for the label editor', () => {
  it('answers a PNG or JPEG as a data URL of its very bytes, and stores nothing', async () => {
    const before = await snapshot(server.db);
    const png = await fetchPicture(`${base}/pic.png`);
    expect(png.status).toBe(200);
    expect(png.body.statusCode).toBe(0);
    expect(png.body.resultInfo).toEqual({ dataUrl: `data:image/png;base64,${PNG.toString('base64')}`, mimeType: 'image/png', size: PNG.length, width: 40, height: 30 });
    const jpg = await fetchPicture(`${base}/pic`);
    expect(jpg.body.resultInfo).toMatchObject({ dataUrl: `data:image/jpeg;base64,${JPEG.toString('base64')}`, width: 20, height: 10 });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('follows 3 redirects, and refuses a 4th', async () => {
    expect((await fetchPicture(`${base}/hop/2`)).body.resultInfo).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    const tooMany = await fetchPicture(`${base}/hop/3`);
    expect(tooMany.status).toBe(200);
    expect(tooMany.body).toEqual({ statusCode: 2, resultInfo: 'The address redirects more than 3 times; fetching stopped.' });
  });

  it('checks every redirect target as the address typed', async () => {
    const reply = await fetchPicture(`${base}/to-file`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ statusCode: 2, resultInfo: 'Please enter a picture address starting with http:// or https://.' });
  });

  it('connects to the address it checked, not to what the name resolves to later (DNS rebinding)', async () => {
    const port = (remote.address() as AddressInfo).port;
    // A name the system resolver does not know: had the connection resolved it again, it
    // could not have connected at all. This resolver answers once, then another address.
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.9.9.9', family: 4 }]];
    const resolved: string[] = [];
    const resolveHost = async (host: string) => {
      resolved.push(host);
      return answers.shift() ?? [];
    };
    const picture = await pictureFromUrl(`http://pictures.invalid:${port}/pic.png`, { privateAddresses: true, timeoutMs: TIMEOUT_MS }, { resolveHost });
    expect(picture).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    expect(resolved).toEqual(['pictures.invalid']);
    // The request still names the host it was sent to.
    expect(lastHost).toBe(`pictures.invalid:${port}`);
    // With the check on, a name with any internal address is refused, the first public or not.
    const mixed = async () => [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }];
    const refusal = await pictureFromUrl('http://mixed.invalid/pic.png', { privateAddresses: false, timeoutMs: TIMEOUT_MS }, { resolveHost: mixed }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).localized('en')).toBe('This address points to the server itself or an internal network (10.0.0.7); pictures cannot be fetched from there.');
  });

  it('refuses content that is not a picture by its bytes, whatever its Content-Type, in the caller\'s language', async () => {
    const en = await fetchPicture(`${base}/fake.png`);
    expect(en.status).toBe(200);
    expect(en.body).toEqual({ statusCode: 2, resultInfo: 'The content at this address is not a png or jpg picture.' });
    const zh = await fetchPicture(`${base}/fake.png`, 'zh-CN');
    expect(zh.body).toEqual({ statusCode: 2, resultInfo: '该网址的内容不是 png 或 jpg 图片。' });
    const missing = await fetchPicture(`${base}/missing`);
    expect(missing.status).toBe(200);
    expect(missing.body.resultInfo).toBe('The address did not return a picture (HTTP 404).');
  });

  it('stops reading past the picture size limit, declared or not', async () => {
    const endless = await fetchPicture(`${base}/endless`);
    expect(endless.status).toBe(200);
    expect(endless.body).toEqual({ statusCode: 2, resultInfo: 'The picture cannot be larger than 5 MB.' });
    // The sender was stopped within a few socket buffers of the limit (it never ends by itself).
    expect(endlessWritten).toBeLessThan(FILE_MAX_BYTES + 16 * 1024 * 1024);
    const declared = await fetchPicture(`${base}/declared-large`);
    expect(declared.body.resultInfo).toBe('The picture cannot be larger than 5 MB.');
  });

  it('gives up at its deadline on a response held open', async () => {
    const started = Date.now();
    const slow = await fetchPicture(`${base}/slow`);
    const waited = Date.now() - started;
    // The gate is still shut: only the deadline can have ended the fetch.
    openGate();
    expect(slow.status).toBe(200);
    expect(slow.body).toEqual({ statusCode: 2, resultInfo: `Fetching the picture took more than ${TIMEOUT_MS / 1000} s and was stopped.` });
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('refuses other schemes and text that is no address, unreachable hosts, and callers not logged in', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'data:image/png;base64,AAAA', 'not a url', '']) {
      const reply = await fetchPicture(url);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ statusCode: 2, resultInfo: 'Please enter a picture address starting with http:// or https://.' });
    }
    const noBody = await server.call('POST', '/api/File/FromUrl', { token, body: {}, lang: 'en' });
    expect(noBody.status).toBe(200);
    expect(noBody.body.statusCode).toBe(2);
    // A port nothing listens on (the remote's, once closed, would race other tests): port 1.
    const closed = await fetchPicture('http://127.0.0.1:1/pic.png');
    expect(closed.status).toBe(200);
    expect(closed.body.resultInfo).toBe('Could not connect to 127.0.0.1. Please check the address.');
    const anonymous = await fetchPicture(`${base}/pic.png`, 'en', null);
    expect(anonymous.body.statusCode).toBe(19);
  });
});

describe('without PICTURE_URL_PRIVATE_ADDRESSES, internal addresses are refused before any connection', () => {
  it('refuses loopback, private, link-local and unspecified addresses, literal or by name', async () => {
    server.config.pictureUrl.privateAddresses = false;
    try {
      const port = (remote.address() as AddressInfo).port;
      const before = connections;
      const cases: [string, string][] = [
        [`http://127.0.0.1:${port}/pic.png`, '127.0.0.1'],
        [`http://localhost:${port}/pic.png`, ''],
        ['http://10.1.2.3/pic.png', '10.1.2.3'],
        ['http://192.168.0.1/pic.png', '192.168.0.1'],
        ['http://172.16.5.4/pic.png', '172.16.5.4'],
        [`http://[::1]:${port}/pic.png`, '::1'],
        ['http://[::ffff:127.0.0.1]/pic.png', '::ffff:7f00:1'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
        ['http://0.0.0.0/pic.png', '0.0.0.0'],
        ['https://[fd00::1]/pic.png', 'fd00::1'],
      ];
      for (const [url, address] of cases) {
        const reply = await fetchPicture(url);
        expect(reply.status, url).toBe(200);
        expect(reply.body.statusCode, url).toBe(2);
        expect(reply.body.resultInfo, url).toMatch(/^This address points to the server itself or an internal network \(.+\); pictures cannot be fetched from there\.$/);
        if (address) expect(reply.body.resultInfo, url).toContain(`(${address})`);
      }
      // Every refusal came before connecting: nothing at all reached the remote server.
      expect(connections).toBe(before);
      const zh = await fetchPicture('http://10.0.0.1/', 'zh-CN');
      expect(zh.body.resultInfo).toBe('该网址指向本机或内部网络地址（10.0.0.1），不能从这里获取图片。');
    } finally {
      server.config.pictureUrl.privateAddresses = true;
    }
  });

  it('classifies addresses by network, IPv4 inside IPv6 by the IPv4 address', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.1.1', '169.254.0.1', '0.0.0.0', '100.64.0.1', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});
