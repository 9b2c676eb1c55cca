import { Image, Modal } from '@mantine/core';
import { UserAvatar } from '../../ui/user-avatar';

type AvatarZoomModalProps = { opened: boolean; onClose: () => void; name: string; avatar: string | null };

/** The settings panel's avatar at full size (a chunk of its own, loaded when the panel opens). */
export function AvatarZoomModal({ opened, onClose, name, avatar }: AvatarZoomModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={name} centered size="auto">
      {avatar ? (
        <Image src={avatar} alt={name} maw="min(480px, 80vw)" mah="70vh" radius="md" />
      ) : (
        <UserAvatar name={name} size={240} />
      )}
    </Modal>
  );
}
