/** Spec §5: a document is a PDF, JPEG, PNG or GIF, by its type and by its extension. */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'];
const DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.gif'];
/** The 2 MB the spec's message names; the server cuts off a larger upload too. */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** What the file picker offers: the extensions and the types, so that either narrows the choice. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_EXTENSIONS, ...DOCUMENT_TYPES].join(',');

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/**
 * Whether a picked file may be a document: refused here already, it costs no upload. The server checks
 * the bytes again, so a renamed file is still caught there.
 */
export const isAcceptedDocument = (file: File) =>
  DOCUMENT_TYPES.includes(file.type) &&
  DOCUMENT_EXTENSIONS.includes(extensionOf(file.name)) &&
  file.size <= MAX_DOCUMENT_BYTES;

/** Spec §2: only PDFs get the PDF icon; every other document is a picture and shows as one. */
export const isPdf = (contentType: string | null) => contentType === 'application/pdf';

/** '120 KB', '1.5 MB'; the number and its unit never part at a line break. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)}\u00a0MB`
    : `${Math.max(1, Math.round(bytes / 1024))}\u00a0KB`;
