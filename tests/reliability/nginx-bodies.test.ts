import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/bench/api-process';
import { NGINX, startNginx } from './support/cluster/nginx';

/**
 * nginx as the multi-process test runs it (support/cluster/nginx.ts: deploy/nginx/nginx.conf from
 * a temporary prefix) passes bodies and replies larger than its memory buffers, which it keeps in
 * temporary files under the prefix. As root its workers run as nobody: with the prefix left 0700
 * (mkdtemp's mode) every upload larger than 16 KB failed with 500 "Permission denied".
 */
describe.skipIf(!existsSync(NGINX))('nginx in front of a node', () => {
  it('passes a large upload and a large reply through its temporary files', async () => {
    const node = http.createServer((req, res) => {
      let received = 0;
      req.on('data', (chunk: Buffer) => (received += chunk.length));
      req.on('end', () => res.end(`${'x'.repeat(300_000)}${received}`));
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const nginx = await startNginx({
      port: await freePort(),
      apiPorts: [(node.address() as AddressInfo).port],
    });
    try {
      const res = await fetch(`${nginx.origin}/upload`, {
        method: 'POST',
        body: 'y'.repeat(1_000_000),
      });
      const text = await res.text();
      expect(res.status, nginx.log()).toBe(200);
      expect(text).toBe(`${'x'.repeat(300_000)}1000000`);
    } finally {
      await nginx.close();
      node.close();
    }
  });

  it('passes the live stream event by event, uncompressed, with no buffering header needed', async () => {
    // A node that sends one event, then waits for the test to have read it before the next: a
    // proxy that buffers or gzips the stream holds the first back, and the test times out.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const node = http.createServer((req, res) => {
      // startNginx's readiness probe
      if (req.url !== '/api/notifications/stream') return void res.end('ok');
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      // Larger than gzip_min_length, so gzip would apply if the location allowed it.
      res.write(`event: pulse\ndata: ${'a'.repeat(2_000)}\n\n`);
      void released.then(() => res.end('event: end\ndata: {}\n\n'));
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const nginx = await startNginx({
      port: await freePort(),
      apiPorts: [(node.address() as AddressInfo).port],
    });
    try {
      const res = await fetch(`${nginx.origin}/api/notifications/stream`, {
        headers: { 'accept-encoding': 'gzip' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status, nginx.log()).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
      expect(text).toBe(`event: pulse\ndata: ${'a'.repeat(2_000)}\n\n`);
      release();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        text += part.value;
      }
      expect(text.endsWith('event: end\ndata: {}\n\n')).toBe(true);
    } finally {
      release();
      await nginx.close();
      node.close();
    }
  });
});
