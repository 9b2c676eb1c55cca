/** The pictures an upload accepts (avatars, post covers, spec §5); the server checks the bytes again. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
/** The server's cap on an uploaded file. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Spec §5: the one message for a picture that is not an image, whoever finds out. */
export const INVALID_IMAGE = 'Image file is not valid';

/** Whether a picked file may be a picture: refused here already, it costs no upload. */
export const mayBePicture = (file: File) =>
  PICTURE_TYPES.includes(file.type) && file.size <= MAX_UPLOAD_BYTES;
