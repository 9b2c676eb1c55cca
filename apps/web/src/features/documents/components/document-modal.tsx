import { DOCUMENT_TITLE_MAX, INVALID_DOCUMENT_FILE, type StorageDocument } from '@atrium/contracts';
import {
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { DropdownSelect } from '../../../ui';
import { documentDictionaryQueryOptions, useSaveDocument } from '../api';
import { DOCUMENT_ACCEPT, isAcceptedDocument, isPdf, sizeText } from '../document-files';
import { DocumentThumb } from './document-thumb';

type DocumentModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The owner: whose profile the document belongs to. */
  userId: number;
  /** The owner's company, whose categories and types a document is filed under. */
  companyId: number;
  /** The document to change; null to upload a new one. */
  editing: StorageDocument | null;
};

/** Spec §4 "Documents modal": mode create (no `editing`) or update. */
export function DocumentModal({ opened, onClose, editing, ...owner }: DocumentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit document' : 'Upload document'}
      size="md"
      fullScreen={phone}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Keyed, so that each opening starts from its own document or from nothing. */}
      {opened && <DocumentForm key={editing?.id ?? 'new'} editing={editing} onDone={onClose} {...owner} />}
    </Modal>
  );
}

type Field = 'title' | 'category' | 'type' | 'file';
type FormErrors = Partial<Record<Field, string>>;
const FORM_FIELDS: Field[] = ['title', 'category', 'type'];

/**
 * The server's refusal by field: missing_fields naming the title, category or type show on those fields;
 * anything else is a failed save, which the spec words as the invalid-file message (§8).
 */
function errorsOf(error: unknown): FormErrors {
  const errors: FormErrors = {};
  if (error instanceof ApiError) {
    for (const field of FORM_FIELDS) {
      if (error.fieldErrors[field]) errors[field] = error.fieldErrors[field];
    }
  }
  return Object.keys(errors).length > 0 ? errors : { file: INVALID_DOCUMENT_FILE };
}

/** A local address for a picked file, revoked when the file changes or the modal closes. */
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

type Preview = { contentType: string | null; src: string | null; name: string; size: number | null };

type DocumentFormProps = Omit<DocumentModalProps, 'opened' | 'onClose'> & { onDone: () => void };

function DocumentForm({ userId, companyId, editing, onDone }: DocumentFormProps) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [category, setCategory] = useState(editing?.category?.id ?? null);
  const [type, setType] = useState(editing?.type?.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const categories = useQuery(documentDictionaryQueryOptions('StorageCategory', companyId));
  const types = useQuery(documentDictionaryQueryOptions('StorageType', companyId));
  const save = useSaveDocument(userId, editing);
  const resetRef = useRef<() => void>(null);
  const fileId = useId();
  const pickedUrl = useFileUrl(file);

  // What will be stored: the picked file, else (on update) the stored one.
  const preview: Preview | null = file
    ? { contentType: file.type, src: pickedUrl, name: file.name, size: file.size }
    : editing?.file
      ? {
          contentType: editing.content_type,
          src: editing.file,
          name: editing.file_name ?? editing.title,
          size: editing.size,
        }
      : null;
  // Spec §4: Save waits for a title and a file or preview.
  const canSave = title.trim() !== '' && preview !== null;

  const clearError = (field: Field) => setErrors(({ [field]: _fixed, ...others }) => others);

  const pick = (picked: File | null) => {
    // Emptied, so that picking the same file again (after a refusal) is a change too.
    resetRef.current?.();
    if (!picked) return;
    if (isAcceptedDocument(picked)) {
      setFile(picked);
      clearError('file');
    } else {
      setFile(null);
      setErrors((current) => ({ ...current, file: INVALID_DOCUMENT_FILE }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || save.isPending) return;
    setErrors({});
    save.mutate(
      { title: title.trim(), category, type, file },
      {
        onSuccess: () => {
          notifications.show({
            message: editing ? 'Document saved' : 'Document uploaded',
            color: 'green',
            autoClose: 3000,
          });
          onDone();
        },
        onError: (error) => setErrors(errorsOf(error)),
      },
    );
  };

  const options = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map(({ id, name }) => ({ value: id, label: name }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          data-autofocus
          maxLength={DOCUMENT_TITLE_MAX}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clearError('title');
          }}
          error={errors.title}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DropdownSelect
            label="Category"
            placeholder="No category"
            options={options(categories.data)}
            value={category}
            clearable
            onChange={(value) => {
              setCategory(value);
              clearError('category');
            }}
            error={errors.category}
          />
          <DropdownSelect
            label="Type"
            placeholder="No type"
            options={options(types.data)}
            value={type}
            clearable
            onChange={(value) => {
              setType(value);
              clearError('type');
            }}
            error={errors.type}
          />
        </SimpleGrid>
        <Input.Wrapper
          label="File"
          required
          id={fileId}
          // A plain caption: as a <label>, it would name the button instead of 'Choose file'.
          labelElement="div"
          description="PDF, JPG, PNG or GIF, up to 2 MB"
          error={errors.file}
        >
          <Stack gap="xs" mt={6}>
            {preview && <FilePreview preview={preview} />}
            <Group>
              <FileButton accept={DOCUMENT_ACCEPT} onChange={pick} resetRef={resetRef}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    aria-describedby={
                      errors.file ? `${fileId}-error ${fileId}-description` : `${fileId}-description`
                    }
                  >
                    {preview ? 'Replace file' : 'Choose file'}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
        </Input.Wrapper>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The file that will be stored: a PDF as its icon and name, a picture as itself (spec §2). */
function FilePreview({ preview }: { preview: Preview }) {
  const details = (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={500} truncate>
        {preview.name}
      </Text>
      {preview.size !== null && (
        <Text size="xs" c="dimmed">
          {sizeText(preview.size)}
        </Text>
      )}
    </Stack>
  );
  if (isPdf(preview.contentType) || !preview.src) {
    return (
      <Group gap="sm" wrap="nowrap" aria-label="Preview" role="group">
        <DocumentThumb contentType={preview.contentType} src={preview.src} size={48} />
        {details}
      </Group>
    );
  }
  return (
    <Stack gap={6} aria-label="Preview" role="group">
      <Image
        src={preview.src}
        alt={`Preview of ${preview.name}`}
        radius="md"
        mah={220}
        fit="contain"
        bg="var(--mantine-color-default-hover)"
      />
      {details}
    </Stack>
  );
}
