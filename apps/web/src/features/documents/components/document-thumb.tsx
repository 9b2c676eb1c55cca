import { Center, Image } from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { isPdf } from '../document-files';

type DocumentThumbProps = {
  /** The file's type: a PDF gets the PDF icon, anything else is a picture. */
  contentType: string | null;
  /** Where the picture is (the stored file's URL, or a picked file's local one). */
  src: string | null;
  size: number;
};

/** Spec §2: the PDF icon for a PDF, the picture itself for any other document. */
export function DocumentThumb({ contentType, src, size }: DocumentThumbProps) {
  const pdf = isPdf(contentType);
  if (pdf || !src) {
    // A picture whose local address is not made yet holds its place with a plain picture icon.
    const Icon = pdf ? IconFileTypePdf : IconPhoto;
    const color = pdf ? 'red' : 'gray';
    return (
      <Center
        w={size}
        h={size}
        bg={`var(--mantine-color-${color}-light)`}
        c={`var(--mantine-color-${color}-light-color)`}
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      >
        <Icon
          size={Math.round(size * 0.55)}
          stroke={1.5}
          aria-label={pdf ? 'PDF' : undefined}
          aria-hidden={!pdf}
          role={pdf ? 'img' : undefined}
        />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      // Decorative: the document's title stands beside it.
      alt=""
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      loading="lazy"
      style={{ flexShrink: 0, border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
}
