/** The 2 MB cap on every uploaded file (documents, avatars, task attachments). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The real type of a file by its first bytes, whatever its name or declared type claims. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

/**
 * The files people attach (request files, personal documents), spec §5: PDF, JPEG, PNG or GIF, each with
 * the content type it is stored and served under.
 */
const ACCEPTED_TYPES: Partial<Record<SniffedType, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
const ACCEPTED_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif']);

/**
 * The content type of an accepted file: a PDF or picture by its bytes, named .pdf/.jpg/.jpeg/.png/.gif.
 * Both must hold, so neither a renamed program nor a real PDF under a name a desktop would run passes.
 */
export function acceptedType(bytes: Uint8Array, name: string): string | null {
  const extension = name.includes('.') ? name.split('.').pop()?.toLowerCase() : undefined;
  if (!extension || !ACCEPTED_EXTENSIONS.has(extension)) return null;
  const sniffed = sniffType(bytes);
  return (sniffed && ACCEPTED_TYPES[sniffed]) ?? null;
}

/**
 * A file's name kept only as data (shown, and offered when downloading): no folders, no control
 * characters, at most 200 characters. Files are stored under ids, never under this name.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-200);
}

/**
 * Content-Disposition per RFC 6266 with the original name: an ASCII fallback in `filename` and the
 * exact name in `filename*` (RFC 8187). PDFs and pictures open in the browser, anything else downloads.
 */
export function contentDisposition(name: string, contentType: string): string {
  const inline = contentType === 'application/pdf' || contentType.startsWith('image/');
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a stored file sent back to a browser: its type as stored (checked by its bytes when it
 * came), never sniffed into another; the original name; never cached, since it is personal; and a
 * sandbox policy, so that even a file a browser would run as a page gets no scripts and no origin.
 * (Chromium still shows a PDF opened in a tab of its own under it; a sandboxed frame it would not.)
 */
export function downloadHeaders(name: string, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': contentDisposition(name, contentType),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "sandbox; default-src 'none'",
  };
}
