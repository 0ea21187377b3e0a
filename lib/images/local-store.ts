import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveDataDir } from '@/lib/db/embedded';
import { IMAGE_TYPES, type ImageType } from './image-type';
import type { CheckedImage, ImageStore } from './store';

/**
 * The no-account default: uploads live in DATA_DIR/uploads, named by their SHA-256, and are
 * served by GET /api/images/<name>. A name never changes meaning, so responses may be cached
 * forever.
 */

export const LOCAL_IMAGE_ROUTE = '/api/images';

const NAME = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

function uploadsDir(): string {
  return path.join(resolveDataDir(), 'uploads');
}

export function createLocalStore(): ImageStore {
  return {
    kind: 'local',
    async save(image: CheckedImage) {
      const dir = uploadsDir();
      const file = path.join(dir, image.name);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(dir, { recursive: true });
        // Write then rename, so a reader never sees half a file.
        const partial = `${file}.${process.pid}.${Date.now()}.partial`;
        await writeFile(partial, image.bytes);
        await rename(partial, file);
      }
      return `${LOCAL_IMAGE_ROUTE}/${image.name}`;
    },
  };
}

/** A stored image by name, or null for an unknown or malformed name (never a path outside). */
export async function readLocalImage(name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: ImageType } | null> {
  const match = NAME.exec(name);
  if (!match) return null;
  const type = IMAGE_TYPES.find((t) => t.ext === match[1])!;
  try {
    return { bytes: new Uint8Array(await readFile(path.join(uploadsDir(), name))), type };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
