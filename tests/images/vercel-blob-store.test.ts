/**
 * The Vercel Blob store against a local stand-in for the Blob API: `@vercel/blob` reads its API
 * address from VERCEL_BLOB_API_URL, so the requests the real client sends can be seen here.
 */
import { once } from 'node:events';
import { inspect } from 'node:util';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVercelBlobStore } from '@/lib/images/vercel-blob-store';
import type { CheckedImage } from '@/lib/images/store';

const TOKEN = 'vercel_blob_rw_store42_s3cr3t';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const image: CheckedImage = { bytes: PNG, type: { mime: 'image/png', ext: 'png' }, sha256: 'cd'.repeat(32), name: `${'cd'.repeat(32)}.png` };

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  vi.stubEnv('VERCEL_BLOB_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // A refusal the client would retry (an unknown error) is tried once here, not ten times.
  vi.stubEnv('VERCEL_BLOB_RETRIES', '0');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  seen = [];
});

describe('the Vercel Blob store', () => {
  it('PUTs the picture under menu/<content address> with the token and the public, cached, fixed-name options', async () => {
    const url = `https://store42.public.blob.vercel-storage.com/menu/${image.name}`;
    answer = { status: 200, body: { url, downloadUrl: `${url}?download=1`, pathname: `menu/${image.name}`, contentType: 'image/png' } };

    expect(await createVercelBlobStore({ token: TOKEN }).save(image)).toBe(url);

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('PUT');
    expect(new URL(request!.url!, 'http://x').searchParams.get('pathname')).toBe(`menu/${image.name}`);
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-vercel-blob-access': 'public',
      'x-content-type': 'image/png',
      'x-add-random-suffix': '0',
      'x-allow-overwrite': '1',
      'x-cache-control-max-age': '31536000',
    });
    expect(new Uint8Array(request!.body)).toEqual(PNG);
  });

  it('turns a refusal into a 502 for the admin and never logs the token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = { status: 403, body: { error: { code: 'forbidden', message: 'Access denied' } } };
    await expect(createVercelBlobStore({ token: TOKEN }).save(image)).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(1);
    expect(inspect(log.mock.calls, { depth: 10 })).not.toContain('s3cr3t');
    log.mockRestore();
  });

  it('turns an answer without an https URL into a 502', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = { status: 200, body: { url: 'http://insecure.example/menu/x.png', pathname: 'menu/x.png' } };
    await expect(createVercelBlobStore({ token: TOKEN }).save(image)).rejects.toMatchObject({ status: 502 });
    log.mockRestore();
  });
});
