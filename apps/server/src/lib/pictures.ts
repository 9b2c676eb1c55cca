import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResizeOptions, Sharp, SharpOptions } from 'sharp';
import { badRequest } from './errors';
import { sniffType } from './files';

let loading: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp, loaded with the first picture: libvips takes ~9 MB of a server's memory, which a server that is
 * sent no picture (or only once in a while) need not hold from its start (issue 11's 300 MB budget).
 */
function loadSharp() {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps up to 50 MB of recent operations for reuse; every upload is a new picture, so the
    // cache only held memory (npm start's demo seed, which encodes every avatar: 33–38 MB more RSS).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** The one refusal of every uploaded picture (avatars, post covers): spec text. */
export const INVALID_IMAGE = 'Image file is not valid';
const PICTURE_TYPES = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * Re-encodes an uploaded picture to WebP, resized as asked. Only real JPEG, PNG, GIF and WebP files
 * pass, judged by their bytes: anything else (text named .png, SVG with its scripts) is refused before
 * the decoder sees it, and a file the decoder cannot read (truncated, corrupt) is refused too. The first
 * frame of an animation is kept.
 */
export async function toWebp(bytes: Uint8Array, resize: ResizeOptions, quality: number) {
  const type = sniffType(bytes);
  if (!type || !PICTURE_TYPES.has(type)) throw badRequest(INVALID_IMAGE);
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(resize)
      .webp({ quality })
      .toBuffer();
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
}

/** A new version tag for a stored picture; it goes into the picture's URL. */
export const newPictureVersion = () => randomBytes(6).toString('base64url');

/**
 * Sends a stored WebP picture: cached for good under its current versioned URL (which never changes
 * content), revalidated by its ETag otherwise.
 */
export function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: { bytes: Uint8Array; etag: string; versioned: boolean },
) {
  const etag = `"${picture.etag}"`;
  reply
    .header('content-type', 'image/webp')
    .header('etag', etag)
    .header(
      'cache-control',
      picture.versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    );
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(Buffer.from(picture.bytes));
}
