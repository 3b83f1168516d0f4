import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../errors';

const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

export type ImageExtension = 'jpg' | 'png' | 'webp';

const CONTENT_TYPES: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** An image ready to store: re-encoded bytes and the content type they are served with. */
export interface EncodedImage {
  contentType: string;
  bytes: Buffer;
}

/**
 * The image's file extension judged by its magic bytes (never the file name or the client's
 * content type): JPEG, PNG or WebP; anything else is IMAGE_INVALID_TYPE.
 */
export async function imageExtension(input: Buffer): Promise<ImageExtension> {
  const type = await fileTypeFromBuffer(input);
  const ext = type && ALLOWED.get(type.mime);
  if (!ext) throw new AppError('IMAGE_INVALID_TYPE');
  return ext as ImageExtension;
}

function decoder(input: Buffer): Sharp {
  // rotate() applies the EXIF orientation before the metadata is dropped by re-encoding.
  return sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
}

async function reencode(image: Sharp, ext: ImageExtension): Promise<EncodedImage> {
  const bytes = await image.toFormat(ext === 'jpg' ? 'jpeg' : ext).toBuffer();
  return { contentType: CONTENT_TYPES[ext], bytes };
}

async function webp(image: Sharp, side: number, quality: number): Promise<EncodedImage> {
  const bytes = await image.resize(side, side, { fit: 'cover' }).webp({ quality }).toBuffer();
  return { contentType: 'image/webp', bytes };
}

/**
 * Re-encodes an image in its own format at its own size, dropping EXIF such as GPS position (the
 * swap screenshots). A file that decodes badly is IMAGE_INVALID_TYPE.
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  const ext = await imageExtension(input);
  try {
    return await reencode(decoder(input), ext);
  } catch (error) {
    throw new AppError('IMAGE_INVALID_TYPE', { cause: error });
  }
}

/** A profile picture in the three sizes the spec's user carries. */
export interface AvatarImages {
  original: EncodedImage;
  image: EncodedImage;
  thumbnail: EncodedImage;
}

/**
 * Checks the picture by its magic bytes, re-encodes it (dropping EXIF) and makes the 512 px and
 * 128 px WebP squares.
 */
export async function encodeAvatar(input: Buffer): Promise<AvatarImages> {
  const ext = await imageExtension(input);
  try {
    const source = decoder(input);
    return {
      original: await reencode(source.clone(), ext),
      image: await webp(source.clone(), 512, 82),
      thumbnail: await webp(source.clone(), 128, 80),
    };
  } catch (error) {
    throw new AppError('IMAGE_INVALID_TYPE', { cause: error });
  }
}
