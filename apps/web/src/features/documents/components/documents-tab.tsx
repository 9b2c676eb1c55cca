import { DOCUMENTS_PAGE_SIZE, type Profile, type StorageDocument } from '@atrium/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/http';
import { ConfirmDialog, DropdownSelect, EmptyState, LabelledPagination, SkeletonRows } from '../../../ui';
import {
  type DocumentDictionary,
  documentDictionaryQueryOptions,
  documentsQueryOptions,
  mayManageDocuments,
  useRemoveDocument,
} from '../api';
import { DocumentItem } from './document-item';
import { DocumentModal } from './document-modal';

type DocumentsTabProps = {
  /** Whose documents: the viewed profile. */
  profile: Profile;
  /** The session user, who may be the owner. */
  viewerId: number;
};

/**
 * The profile's Documents tab (spec §2). Only the owner and HR see the documents (§6); for anyone else
 * the list is not even requested.
 */
export function DocumentsTab({ profile, viewerId }: DocumentsTabProps) {
  if (!mayManageDocuments(profile, viewerId)) {
    return <EmptyState text={`Only ${profile.first_name} and HR can see these documents.`} />;
  }
  return <DocumentList userId={profile.id} companyId={profile.company} />;
}

/** The modal: open or not, on a document to edit or on none to upload one (kept while it closes). */
type ModalState = { opened: boolean; document: StorageDocument | null };

function DocumentList({ userId, companyId }: { userId: number; companyId: number }) {
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState<number | null>(null);
  const [type, setType] = useState<number | null>(null);
  const [modal, setModal] = useState<ModalState>({ opened: false, document: null });
  const [removing, setRemoving] = useState<StorageDocument | null>(null);
  const list = useQuery(documentsQueryOptions({ userId, page, category, type }));
  const remove = useRemoveDocument(userId);
  const documents = list.data?.results ?? [];
  const pages = Math.ceil((list.data?.count ?? 0) / DOCUMENTS_PAGE_SIZE);

  // A new filter starts again on the first page.
  const filterBy = (set: (id: number | null) => void) => (id: number | null) => {
    set(id);
    setPage(1);
  };

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        // The last document of a later page gone: show the page before, which still has some.
        if (documents.length === 1 && page > 1) setPage(page - 1);
        setRemoving(null);
        notifications.show({ message: 'Document removed', color: 'green', autoClose: 3000 });
      },
      onError: (error) => {
        setRemoving(null);
        // Spec §8: the server's own words.
        const message = error instanceof ApiError ? error.message : 'The document could not be removed.';
        notifications.show({ message, color: 'red' });
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DictionaryFilter
          name="StorageCategory"
          label="Category"
          placeholder="All categories"
          companyId={companyId}
          value={category}
          onChange={filterBy(setCategory)}
        />
        <DictionaryFilter
          name="StorageType"
          label="Type"
          placeholder="All types"
          companyId={companyId}
          value={type}
          onChange={filterBy(setType)}
        />
        <Button
          ml="auto"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => setModal({ opened: true, document: null })}
        >
          Upload
        </Button>
      </Group>

      {list.isPending && <SkeletonRows count={4} />}
      {list.isError && (
        <EmptyState
          text="The documents could not be loaded"
          action={
            <Button variant="default" size="xs" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {list.isSuccess && documents.length === 0 && (
        <EmptyState text="Empty section" hint="Upload a contract, a certificate or a scan to keep it here." />
      )}
      {documents.length > 0 && (
        <Stack
          gap={0}
          component="ul"
          aria-label="Documents"
          aria-busy={list.isPlaceholderData}
          m={0}
          p={0}
          style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {documents.map((document) => (
            <DocumentItem
              key={document.id}
              document={document}
              onEdit={() => setModal({ opened: true, document })}
              onRemove={() => setRemoving(document)}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && <LabelledPagination page={page} pages={pages} onChange={setPage} />}

      <DocumentModal
        opened={modal.opened}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
        userId={userId}
        companyId={companyId}
        editing={modal.document}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove document"
        text="Are you sure you want to remove this document without being able to restore it?"
        confirmLabel="Yes"
        cancelLabel="Cancel"
        loading={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

type DictionaryFilterProps = {
  name: DocumentDictionary;
  label: string;
  placeholder: string;
  companyId: number;
  value: number | null;
  onChange: (id: number | null) => void;
};

/** A filter by one of the company's document dictionaries; cleared, it shows every document. */
function DictionaryFilter({ name, companyId, ...select }: DictionaryFilterProps) {
  const items = useQuery(documentDictionaryQueryOptions(name, companyId));
  return (
    <div style={{ flex: '1 1 160px', maxWidth: 240 }}>
      <DropdownSelect
        {...select}
        hideLabel
        clearable
        options={(items.data ?? []).map(({ id, name: label }) => ({ value: id, label }))}
      />
    </div>
  );
}
