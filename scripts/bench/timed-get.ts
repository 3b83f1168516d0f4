import http from 'node:http';

/** One signed-in GET to the API under test: status, body and milliseconds from send to last byte. */
export function timedGet(agent: http.Agent, port: number, path: string, token: string) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
