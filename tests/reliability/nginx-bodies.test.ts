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
});
