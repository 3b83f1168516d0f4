import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a file when it has a filename, else a plain field. */
export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/**
 * Builds a multipart/form-data body by hand (RFC 7578 framing) for app.inject: the payload and
 * the content-type header carrying the boundary.
 */
export function multipart(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----owo-test-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    head += '\r\n';
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A single `image` file part, the way the web app uploads a profile picture. */
export function imageUpload(
  data: Buffer | string,
  filename = 'avatar.png',
  contentType = 'image/png',
) {
  return multipart([{ name: 'image', data, filename, contentType }]);
}
