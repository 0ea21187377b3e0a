/** Picture uploads: checked by content and size, stored by content address, served for a year. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as upload } from '@/app/api/images/route';
import { GET as serve } from '@/app/api/images/[name]/route';
import { HttpError } from '@/lib/api/http';
import { MAX_IMAGE_BYTES, sniffImageType } from '@/lib/images/image-type';
import { MAX_UPLOAD_BODY_BYTES } from '@/lib/images/upload';
import { imageStoreFromEnv, type CheckedImage } from '@/lib/images/store';
import { createImgbbStore } from '@/lib/images/imgbb-store';
import { errorOf, params, request } from '../support/http';
import { PNG, imageForm } from '../support/images';
import { makeAdmin, type Person } from '../support/people';

let admin: Person;
beforeAll(async () => {
  admin = await makeAdmin();
});

const send = (body: BodyInit, headers: Record<string, string> = {}) =>
  upload(request('POST', '/api/images', { headers: { ...admin.headers, ...headers }, body }), undefined);

/** A picture of the given size that starts like a PNG. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG.subarray(0, 16));
  return bytes;
}

describe('sniffImageType', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['PNG', [...PNG.subarray(0, 8)], 'image/png'],
    ['WebP', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBP')], 'image/webp'],
    ['GIF', [...Buffer.from('GIF89a')], null],
    ['SVG', [...Buffer.from('<svg xmlns=')], null],
    ['RIFF that is not WebP', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WAVE')], null],
    ['nothing', [], null],
  ])('knows %s by its first bytes', (_name, bytes, mime) => {
    expect(sniffImageType(Uint8Array.from(bytes))?.mime ?? null).toBe(mime);
  });
});

describe('POST /api/images (local store)', () => {
  it('stores a PNG under its SHA-256 and answers its URL; the same picture gets the same URL', async () => {
    const res = await send(imageForm(PNG, 'whatever.name', 'application/octet-stream'));
    expect(res.status).toBe(201);
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(await res.json()).toEqual({ url: `/api/images/${sha}.png` });
    const again = await send(imageForm(PNG));
    expect(await again.json()).toEqual({ url: `/api/images/${sha}.png` });
  });

  it('serves the stored picture with its type and a year of immutable caching', async () => {
    const { url } = (await (await send(imageForm(PNG))).json()) as { url: string };
    const name = url.split('/').pop()!;
    const res = await serve(request('GET', url), params({ name }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it.each(['0'.repeat(64) + '.png', '../bistro.json', 'x.png', `${'a'.repeat(64)}.gif`])('answers 404 for the name %s', async (name) => {
    const res = await serve(request('GET', `/api/images/${encodeURIComponent(name)}`), params({ name }));
    expect(res.status).toBe(404);
  });

  it('refuses bytes that are not an image whatever their name and declared type say (415)', async () => {
    const res = await send(imageForm(Uint8Array.from(Buffer.from('<script>alert(1)</script>')), 'dish.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe('The file must be a JPEG, PNG or WebP image.');
  });

  it('refuses a picture over 2 MB (413) with the size in the message', async () => {
    const res = await send(imageForm(pngOfSize(MAX_IMAGE_BYTES + 10)));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe('The image is 2.1 MB; it must be 2 MB or smaller.');
  });

  it('accepts a picture of exactly 2 MB', async () => {
    expect((await send(imageForm(pngOfSize(MAX_IMAGE_BYTES)))).status).toBe(201);
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const pull = vi.fn();
    // No buffering ahead: pull runs only if somebody reads.
    const body = new ReadableStream({ pull }, { highWaterMark: 0 });
    const req = new Request('http://localhost/api/images', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_UPLOAD_BODY_BYTES + 1) },
      body,
      duplex: 'half',
    } as RequestInit);
    const res = await upload(req, undefined);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe('The image must be 2 MB or smaller.');
    expect(pull).not.toHaveBeenCalled();
  });

  it('stops reading a body without a length once it passes the cap', async () => {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 10 * MAX_UPLOAD_BODY_BYTES) controller.close();
        else controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const req = new Request('http://localhost/api/images', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    const res = await upload(req, undefined);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(MAX_UPLOAD_BODY_BYTES + 2 * chunk.byteLength);
  });

  it('refuses a body that is not multipart (415) and a form without the image field (400)', async () => {
    const json = await send(JSON.stringify({ image: 'x' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('picture', new Blob([PNG]), 'dish.png');
    const missing = await send(form);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe('Attach the picture in the "image" field.');
  });
});

describe('choosing the image store', () => {
  it('uses Vercel Blob with its token, imgbb with its key, and the local store otherwise', () => {
    expect(imageStoreFromEnv({ BLOB_READ_WRITE_TOKEN: 't', IMGBB_API_KEY: 'k' }).kind).toBe('vercel-blob');
    expect(imageStoreFromEnv({ IMGBB_API_KEY: 'k' }).kind).toBe('imgbb');
    expect(imageStoreFromEnv({}).kind).toBe('local');
  });

  it('refuses to keep files on a Vercel function disk', () => {
    expect(() => imageStoreFromEnv({ VERCEL: '1' })).toThrow(HttpError);
  });
});

const image: CheckedImage = { bytes: PNG, type: { mime: 'image/png', ext: 'png' }, sha256: 'ab'.repeat(32), name: `${'ab'.repeat(32)}.png` };

describe('the imgbb store', () => {
  it('POSTs the picture as multipart with the key in the query string and reads data.display_url', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({ success: true, status: 200, data: { display_url: 'https://i.ibb.co/xyz/dish.png' } }),
    );
    const url = await createImgbbStore({ apiKey: 'secret key', fetch }).save(image);
    expect(url).toBe('https://i.ibb.co/xyz/dish.png');
    const [target, init] = fetch.mock.calls[0]!;
    expect(String(target)).toBe('https://api.imgbb.com/1/upload?key=secret%20key');
    expect(init?.method).toBe('POST');
    const sent = (init?.body as FormData).get('image') as Blob;
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(PNG);
  });

  it('turns a refusal or an unreachable host into a 502 without leaking the key', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = createImgbbStore({ apiKey: 'k', fetch: async () => Response.json({ success: false, error: { message: 'Invalid API v1 key.' } }, { status: 400 }) });
    await expect(refused.save(image)).rejects.toMatchObject({ status: 502 });
    const down = createImgbbStore({ apiKey: 'k', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(down.save(image)).rejects.toMatchObject({ status: 502 });
    expect(JSON.stringify(log.mock.calls)).not.toContain('key=');
    log.mockRestore();
  });
});
