import type { Profile } from '@atrium/contracts';
import { FileButton, LoadingOverlay, UnstyledButton } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessageFor } from '../../../lib/http';
import { INVALID_IMAGE, mayBePicture, PICTURE_TYPES } from '../../../lib/pictures';
import { UserAvatar } from '../../../ui';
import { useUploadAvatar } from '../api';
import classes from './avatar-upload.module.css';

/**
 * A picked picture is uploaded at once (spec §4). A file that is no image is refused before it is sent;
 * `error` is that refusal or the server's, until the next pick.
 */
export function useAvatarUpload(userId: number, own: boolean, onUploaded: () => void) {
  const upload = useUploadAvatar(userId, own, onUploaded);
  const [refused, setRefused] = useState(false);

  const pick = (file: File | null) => {
    if (!file) return;
    const image = mayBePicture(file);
    upload.reset();
    setRefused(!image);
    if (image) upload.mutate(file);
  };
  const error = refused ? INVALID_IMAGE : upload.isError ? errorMessageFor(upload.error, 'file') : null;
  return { pick, uploading: upload.isPending, error };
}

type AvatarPickerProps = {
  profile: Profile;
  size: number;
  uploading: boolean;
  onPick: (file: File | null) => void;
};

/** The profile's picture as a button that opens the file picker, with a loader over it while it uploads. */
export function AvatarPicker({ profile, size, uploading, onPick }: AvatarPickerProps) {
  const resetRef = useRef<() => void>(null);
  const pick = (file: File | null) => {
    onPick(file);
    // Emptied, so that picking the same file again (after a refusal) is a change too.
    resetRef.current?.();
  };

  return (
    <FileButton accept={PICTURE_TYPES.join(',')} onChange={pick} resetRef={resetRef} disabled={uploading}>
      {({ onClick }) => (
        <UnstyledButton
          onClick={onClick}
          disabled={uploading}
          aria-busy={uploading}
          aria-label="Change photo"
          className={classes.picker}
        >
          <UserAvatar
            name={`${profile.first_name} ${profile.last_name}`}
            src={profile.avatar}
            status={profile.status}
            size={size}
            decorative
          />
          <span className={classes.camera}>
            <IconCamera size={14} aria-hidden />
          </span>
          <LoadingOverlay
            visible={uploading}
            zIndex={2}
            overlayProps={{ radius: size, backgroundOpacity: 0.6 }}
            loaderProps={{ size: 'sm' }}
          />
        </UnstyledButton>
      )}
    </FileButton>
  );
}
