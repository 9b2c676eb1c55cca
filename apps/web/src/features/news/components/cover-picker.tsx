import { Button, FileButton, Group, Image, Input, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { INVALID_IMAGE, mayBePicture, PICTURE_TYPES } from '../../../lib/pictures';

/** A cover as the editor changes it: unchanged (null), a new picture, or removed. */
export type CoverChange = File | 'remove' | null;

/** A local address for a picked file, revoked when the file changes or the editor closes. */
function useFileUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

type CoverPickerProps = {
  /** The stored cover's URL, or null. */
  current: string | null;
  change: CoverChange;
  onChange: (change: CoverChange) => void;
  /** Refused by the server on save. */
  error: string | null;
};

/** The cover field: a preview of what will be saved, and Upload / Change / Remove. */
export function CoverPicker({ current, change, onChange, error }: CoverPickerProps) {
  const labelId = useId();
  const resetRef = useRef<() => void>(null);
  const [refused, setRefused] = useState(false);
  const pickedUrl = useFileUrl(change instanceof File ? change : null);
  const shown = change === 'remove' ? null : (pickedUrl ?? (change ? null : current));

  const pick = (file: File | null) => {
    // Emptied, so that picking the same file again (after a refusal) is a change too.
    resetRef.current?.();
    if (!file) return;
    setRefused(!mayBePicture(file));
    if (mayBePicture(file)) onChange(file);
  };
  const message = refused ? INVALID_IMAGE : error;

  return (
    <Input.Wrapper label="Cover" id={labelId} error={message}>
      <Stack gap="xs" mt={4}>
        {shown && <Image src={shown} alt="Cover preview" radius="md" mah={240} fit="cover" />}
        <Group gap="xs">
          <FileButton accept={PICTURE_TYPES.join(',')} onChange={pick} resetRef={resetRef}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhoto size={16} aria-hidden />}
                aria-describedby={message ? `${labelId}-error` : undefined}
              >
                {shown ? 'Change cover' : 'Upload cover'}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              onClick={() => {
                setRefused(false);
                onChange(current ? 'remove' : null);
              }}
            >
              Remove cover
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
