/**
 * The client's failure paths over real loopback sockets, no helper needed: a closed port, a
 * listener that accepts and never answers (the time-out), a cancel while the request hangs.
 * And the reply reader on its own. Helper answers are covered in client.test.ts against
 * the real helper service.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HelperClient } from './client.ts';
import { findHelper, isPlainHttpPage } from './probe.ts';
import { readReply } from './transport.ts';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TCP listener that accepts connections and never writes a byte. */
async function silentListener(): Promise<{ port: number; connected: Promise<void> }> {
  let onConnection!: () => void;
  const connected = new Promise<void>((r) => (onConnection = r));
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, connected };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

const remotePage = { protocol: 'http:', hostname: 'assets.example.com' };

describe('time-out', () => {
  it('a helper that accepts and never answers ends as a timeout error value', async () => {
    const { port } = await silentListener();
    const client = new HelperClient(`http://127.0.0.1:${port}`, { version: 'dtpweb/2.3.20230621', page: undefined });
    const result = await client.getPrinters({ timeoutMs: 50 });
    expect(result).toEqual({ ok: false, error: { kind: 'timeout', ms: 50 } });
  });

  it('findHelper passes over a silent port to not found', async () => {
    const { port } = await silentListener();
    expect(await findHelper({ ports: [port], timeoutMs: 50, page: undefined })).toEqual({
      ok: false,
      error: { kind: 'notFound' },
    });
  });
});

describe('cancel', () => {
  it('the caller signal ends a hanging call as aborted', async () => {
    const { port, connected } = await silentListener();
    const client = new HelperClient(`http://127.0.0.1:${port}`, { version: 'dtpweb/2.3.20230621', page: undefined });
    const controller = new AbortController();
    const pending = client.openPrinter('P', { signal: controller.signal, timeoutMs: 60_000 });
    await connected; // the request is at the helper, which will never answer
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { kind: 'aborted' } });
  });

  it('an already aborted signal sends nothing', async () => {
    const { port } = await silentListener();
    const controller = new AbortController();
    controller.abort();
    expect(await findHelper({ ports: [port], signal: controller.signal, page: undefined })).toEqual({
      ok: false,
      error: { kind: 'aborted' },
    });
  });
});

describe('network errors', () => {
  it('a closed port is a network error, plain http only for a page away from this machine', async () => {
    const port = await closedPort();
    const local = new HelperClient(`http://127.0.0.1:${port}`, { version: 'x', page: undefined });
    expect(await local.closePrinter()).toEqual({ ok: false, error: { kind: 'network', plainHttp: false } });
    const remote = new HelperClient(`http://127.0.0.1:${port}`, { version: 'x', page: remotePage });
    expect(await remote.closePrinter()).toEqual({ ok: false, error: { kind: 'network', plainHttp: true } });
  });

  it('findHelper: not found, or the local-network case on a plain-http page', async () => {
    const ports = [await closedPort(), await closedPort()];
    expect(await findHelper({ ports, page: undefined })).toEqual({ ok: false, error: { kind: 'notFound' } });
    expect(await findHelper({ ports, page: { protocol: 'https:', hostname: 'assets.example.com' } })).toEqual({
      ok: false,
      error: { kind: 'notFound' },
    });
    expect(await findHelper({ ports, page: remotePage })).toEqual({
      ok: false,
      error: { kind: 'network', plainHttp: true },
    });
  });

  it('plain http means an http page not on this machine', () => {
    expect(isPlainHttpPage(remotePage)).toBe(true);
    expect(isPlainHttpPage({ protocol: 'http:', hostname: '192.168.1.20' })).toBe(true);
    expect(isPlainHttpPage({ protocol: 'http:', hostname: 'localhost' })).toBe(false);
    expect(isPlainHttpPage({ protocol: 'http:', hostname: 'app.localhost' })).toBe(false);
    expect(isPlainHttpPage({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
    expect(isPlainHttpPage({ protocol: 'http:', hostname: '[::1]' })).toBe(false);
    expect(isPlainHttpPage({ protocol: 'https:', hostname: 'assets.example.com' })).toBe(false);
    expect(isPlainHttpPage(undefined)).toBe(false); // Node: no page
  });
});

describe('reply reader', () => {
  it('takes resultInfo of statusCode 0 and turns other codes into code errors', () => {
    expect(readReply(200, '{"statusCode":0,"resultInfo":{"a":1}}')).toEqual({ ok: true, value: { a: 1 } });
    expect(readReply(200, '{"statusCode":3}')).toEqual({ ok: false, error: { kind: 'code', code: 3 } });
    expect(readReply(400, '{"statusCode":1,"resultInfo":"copies must be 1 to 9999"}')).toEqual({
      ok: false,
      error: { kind: 'code', code: 1, detail: 'copies must be 1 to 9999' },
    });
    expect(readReply(200, '{"statusCode":92,"resultInfo":{"message":" reset "}}')).toEqual({
      ok: false,
      error: { kind: 'code', code: 92, detail: 'reset' },
    });
  });

  it('calls anything else a bad reply', () => {
    expect(readReply(404, 'Not Found')).toMatchObject({ ok: false, error: { kind: 'badReply', status: 404 } });
    expect(readReply(200, '[]')).toMatchObject({ ok: false, error: { kind: 'badReply' } });
    expect(readReply(200, 'null')).toMatchObject({ ok: false, error: { kind: 'badReply' } });
    expect(readReply(200, '{"statusCode":"0"}')).toMatchObject({ ok: false, error: { kind: 'badReply' } });
  });
});
