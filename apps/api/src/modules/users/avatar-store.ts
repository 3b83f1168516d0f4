import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../errors';

const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

export type ImageExtension = 'jpg' | 'png' | 'webp';

/**
 * The image's file extension judged by its magic bytes (never the file name or the client's
 * content type): JPEG, PNG or WebP; anything else is IMAGE_INVALID_TYPE. Shared with the swap
 * screenshots (modules/airtime-swap).
 */
export async function imageExtension(input: Buffer): Promise<ImageExtension> {
  const type = await fileTypeFromBuffer(input);
  const ext = type && ALLOWED.get(type.mime);
  if (!ext) throw new AppError('IMAGE_INVALID_TYPE');
  return ext as ImageExtension;
}

function reencode(image: Sharp, ext: ImageExtension): Promise<Buffer> {
  return image.toFormat(ext === 'jpg' ? 'jpeg' : ext).toBuffer();
}

/**
 * Re-encodes an image in its own format at its own size (dropping EXIF such as GPS position) and
 * writes it as DATA_DIR/uploads/<folder>/<random id>.<ext>. Returns the public URL. A file that
 * decodes badly is IMAGE_INVALID_TYPE.
 */
export async function storeImage(dataDir: string, folder: string, input: Buffer): Promise<string> {
  const ext = await imageExtension(input);
  let output: Buffer;
  try {
    output = await reencode(
      sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate(),
      ext,
    );
  } catch (error) {
    throw new AppError('IMAGE_INVALID_TYPE', { cause: error });
  }
  const name = `${randomUUID()}.${ext}`;
  const dir = path.join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), output);
  return `/uploads/${folder}/${name}`;
}

/**
 * Checks the picture by its magic bytes (never the file name or the client's content type),
 * re-encodes it (dropping EXIF such as GPS position), and writes three sizes under
 * DATA_DIR/uploads/avatars/<user>/. Returns the public URLs.
 */
export async function storeAvatar(dataDir: string, userId: string, input: Buffer) {
  const ext = await imageExtension(input);

  let original: Buffer;
  let image: Buffer;
  let thumbnail: Buffer;
  try {
    const source = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    original = await reencode(source.clone(), ext);
    image = await source
      .clone()
      .resize(512, 512, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    thumbnail = await source
      .clone()
      .resize(128, 128, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw new AppError('IMAGE_INVALID_TYPE', { cause: error });
  }

  const id = randomUUID();
  const dir = path.join(dataDir, 'uploads', 'avatars', userId);
  await mkdir(dir, { recursive: true });
  await Promise.all([
    writeFile(path.join(dir, `${id}-original.${ext}`), original),
    writeFile(path.join(dir, `${id}-512.webp`), image),
    writeFile(path.join(dir, `${id}-128.webp`), thumbnail),
  ]);
  const base = `/uploads/avatars/${userId}/${id}`;
  return {
    imageUrl: `${base}-512.webp`,
    thumbnailUrl: `${base}-128.webp`,
    originalImageUrl: `${base}-original.${ext}`,
  };
}
