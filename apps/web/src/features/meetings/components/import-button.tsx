import type { MeetingsImportResult } from '@atrium/contracts';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import { useRef } from 'react';
import { ApiError } from '../../../lib/http';
import { useImportMeetings } from '../api';

const events = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

/** 'Imported 3 events, updated 1', and the all-day events left out, if any. */
function importSummary({ created, updated, skipped }: MeetingsImportResult): string {
  const summary = `Imported ${events(created)}, updated ${updated}`;
  return skipped > 0 ? `${summary}; ${events(skipped)} lasting all day left out` : summary;
}

/** "Import .ics": adds the events of a calendar file; the server takes all of it or nothing. */
export function ImportButton() {
  const importFile = useImportMeetings();
  // Cleared after each pick, so that the same file can be picked again after fixing it.
  const reset = useRef<() => void>(null);

  const pick = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    importFile.mutate(file, {
      onSuccess: (result) => notifications.show({ color: 'green', message: importSummary(result) }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The file was not imported',
          message: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
        }),
    });
  };

  return (
    <FileButton onChange={pick} accept=".ics,text/calendar" resetRef={reset}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          leftSection={<IconFileImport size={16} />}
          loading={importFile.isPending}
        >
          Import .ics
        </Button>
      )}
    </FileButton>
  );
}
