import '@mantine/dates/styles.css';
import {
  MEETING_LINK_MAX,
  MEETING_TITLE_MAX,
  MeetingBody,
  type MeetingEvent,
  type MeetingPatchBody,
  type MeetingRecurrence,
} from '@atrium/contracts';
import {
  Alert,
  Button,
  Group,
  Input,
  Loader,
  Modal,
  Pill,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { parseTypedDate, UserIdPicker } from '../../../forms';
import { clockTime, isoDay } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { SegmentedControl } from '../../../ui';
import { browserTimeZone, meetingQueryOptions, useCreateMeeting, useUpdateMeeting } from '../api';

type Attendee = { email: string; name: string };
type Repeat = 'none' | MeetingRecurrence;

/** What the form holds: one day with a start and an end time, in the browser's zone. */
type MeetingDraft = {
  title: string;
  /** yyyy-mm-dd, or null until picked. */
  date: string | null;
  /** 'HH:mm'. */
  start: string;
  end: string;
  link: string;
  attendees: Attendee[];
  repeat: Repeat;
  until: string | null;
};

const FIELDS = ['title', 'date', 'start', 'end', 'link', 'attendees', 'repeat', 'until'] as const;
type Field = (typeof FIELDS)[number];
type FormErrors = Partial<Record<Field | 'form', string>>;

/** The form field that shows a server field's message: the body's names where they differ. */
const FIELD_OF: Record<string, Field> = {
  recurrence: 'repeat',
  recurrence_until: 'until',
  time_zone: 'start',
};

/** A server or schema message by field name ('attendees.3' → attendees), the rest for the whole form. */
function errorsByField(messages: Record<string, string>, fallback: string): FormErrors {
  const errors: FormErrors = {};
  for (const [name, message] of Object.entries(messages)) {
    const base = name.split('.')[0] ?? name;
    const field = FIELD_OF[base] ?? FIELDS.find((each) => each === base);
    if (field) errors[field] ??= message;
    else errors.form ??= message;
  }
  if (Object.keys(errors).length === 0) errors.form = fallback;
  return errors;
}

const emptyDraft = (date: string): MeetingDraft => ({
  title: '',
  date,
  start: '',
  end: '',
  link: '',
  attendees: [],
  repeat: 'none',
  until: null,
});

/** The form as a stored meeting fills it: its first occurrence, in the browser's zone. */
function draftOf(meeting: MeetingEvent): MeetingDraft {
  const start = new Date(meeting.start);
  const end = new Date(meeting.end);
  return {
    title: meeting.title,
    date: isoDay(start),
    start: clockTime(start),
    end: clockTime(end),
    link: meeting.meeting_link ?? meeting.link ?? '',
    attendees: meeting.attendees.map(({ email, displayName }) => ({ email, name: displayName })),
    repeat: meeting.recurrence ?? 'none',
    until: meeting.recurrence_until,
  };
}

/** The local day and 'HH:mm' as an ISO instant. */
const instant = (date: string, time: string) => new Date(`${date}T${time}:00`).toISOString();

/**
 * The draft as POST /api/calendars/events/ takes it, or the messages of what is missing or wrong: the
 * form's own checks first (the server's words), then the contract's schema.
 */
function meetingBody(draft: MeetingDraft): { body: MeetingBody } | { errors: FormErrors } {
  const missing: FormErrors = {};
  if (!draft.title.trim()) missing.title = 'title is required';
  if (!draft.date) missing.date = 'date is required';
  if (!draft.start) missing.start = 'start is required';
  if (!draft.end) missing.end = 'end is required';
  if (!missing.start && !missing.end && draft.end <= draft.start) missing.end = 'end must be after start';
  // The link is checked with the rest, so that one round shows every field to fix.
  const link = MeetingBody.shape.link.safeParse(draft.link.trim() || null);
  if (!link.success) missing.link = link.error.issues[0]?.message;
  if (Object.keys(missing).length > 0 || !draft.date) return { errors: missing };

  const body: MeetingBody = {
    title: draft.title,
    start: instant(draft.date, draft.start),
    end: instant(draft.date, draft.end),
    link: draft.link.trim() || null,
    attendees: draft.attendees.map(({ email }) => email),
    recurrence: draft.repeat === 'none' ? null : draft.repeat,
    recurrence_until: draft.repeat === 'none' ? null : draft.until,
    time_zone: browserTimeZone(),
  };
  const checked = MeetingBody.safeParse(body);
  if (checked.success) return { body };
  const messages: Record<string, string> = {};
  for (const issue of checked.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return { errors: errorsByField(messages, 'Check the form.') };
}

/** Only what the organizer changed, so that an edit of the title leaves a series' days as they are. */
function meetingPatch(before: MeetingDraft, after: MeetingDraft, body: MeetingBody): MeetingPatchBody {
  const patch: MeetingPatchBody = {};
  if (after.title !== before.title) patch.title = body.title;
  if (after.date !== before.date || after.start !== before.start || after.end !== before.end) {
    patch.start = body.start;
    patch.end = body.end;
    patch.time_zone = body.time_zone;
  }
  if (after.link !== before.link) patch.link = body.link;
  const emails = (draft: MeetingDraft) => draft.attendees.map(({ email }) => email.toLowerCase()).join(' ');
  if (emails(after) !== emails(before)) patch.attendees = body.attendees;
  if (after.repeat !== before.repeat || after.until !== before.until) {
    patch.recurrence = body.recurrence;
    patch.recurrence_until = body.recurrence_until;
  }
  return patch;
}

type MeetingFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The day a new event starts on (yyyy-mm-dd). */
  date: string;
  /** The meeting to change; none to create one. */
  editing?: MeetingEvent | null;
};

/** "Create event +" and an organizer's edit: a modal form over the day view. */
export function MeetingFormModal({ opened, onClose, date, editing }: MeetingFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit event' : 'Create event'}
      size="lg"
      fullScreen={phone}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Keyed, so that each opening starts from its own meeting or day. */}
      {opened &&
        (editing ? (
          <EditForm key={editing.uuid} uuid={editing.uuid} onDone={onClose} />
        ) : (
          <MeetingForm key={date} initial={emptyDraft(date)} onDone={onClose} />
        ))}
    </Modal>
  );
}

/** The edit form, filled from the meeting as its organizer set it up (a series from its first day). */
function EditForm({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  const meeting = useQuery(meetingQueryOptions(uuid));
  if (meeting.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="Loading the event" />
      </Group>
    );
  }
  if (meeting.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {meeting.error instanceof ApiError ? meeting.error.message : 'The event could not be loaded.'}
      </Alert>
    );
  }
  return <MeetingForm initial={draftOf(meeting.data)} uuid={uuid} onDone={onDone} />;
}

const REPEATS: { value: Repeat; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];

type MeetingFormProps = { initial: MeetingDraft; uuid?: string; onDone: () => void };

function MeetingForm({ initial, uuid, onDone }: MeetingFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  // A new picker after each pick: it starts empty again, ready for the next person.
  const [pickerKey, setPickerKey] = useState(0);
  const create = useCreateMeeting();
  const update = useUpdateMeeting();
  const saving = create.isPending || update.isPending;

  const change = <K extends keyof MeetingDraft>(field: K, value: MeetingDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, form: _general, ...others }) => others);
  };

  const refused = (error: unknown) =>
    setErrors(
      error instanceof ApiError
        ? errorsByField(error.fieldErrors, error.message)
        : { form: 'Something went wrong. Try again.' },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = meetingBody(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    if (!uuid) return create.mutate(checked.body, { onSuccess: onDone, onError: refused });
    const patch = meetingPatch(initial, draft, checked.body);
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate({ uuid, body: patch }, { onSuccess: onDone, onError: refused });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          data-autofocus
          maxLength={MEETING_TITLE_MAX}
          value={draft.title}
          onChange={(event) => change('title', event.currentTarget.value)}
          error={errors.title}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <DateInput
            label="Date"
            required
            valueFormat="DD.MM.YYYY"
            dateParser={parseTypedDate}
            placeholder="dd.mm.yyyy"
            firstDayOfWeek={1}
            value={draft.date}
            onChange={(value) => change('date', value)}
            error={errors.date}
          />
          <TimeInput
            label="Start"
            required
            value={draft.start}
            onChange={(event) => change('start', event.currentTarget.value)}
            error={errors.start}
          />
          <TimeInput
            label="End"
            required
            value={draft.end}
            onChange={(event) => change('end', event.currentTarget.value)}
            error={errors.end}
          />
        </SimpleGrid>
        <TextInput
          label="Link"
          type="url"
          placeholder="https://meet.example.com/…"
          maxLength={MEETING_LINK_MAX}
          value={draft.link}
          onChange={(event) => change('link', event.currentTarget.value)}
          error={errors.link}
        />
        <Stack gap={6}>
          <UserIdPicker
            key={pickerKey}
            label="Attendees"
            description="Add colleagues by name. You take part as the organizer."
            value={null}
            error={errors.attendees}
            onChange={(_id, person) => {
              setPickerKey((key) => key + 1);
              const email = person?.email;
              if (!email || draft.attendees.some((each) => each.email.toLowerCase() === email.toLowerCase()))
                return;
              change('attendees', [...draft.attendees, { email, name: person.label }]);
            }}
          />
          {draft.attendees.length > 0 && (
            <Pill.Group aria-label="Chosen attendees" role="list">
              {draft.attendees.map((attendee) => (
                <Pill
                  key={attendee.email}
                  role="listitem"
                  size="md"
                  withRemoveButton
                  removeButtonProps={{ 'aria-label': `Remove ${attendee.name}` }}
                  onRemove={() =>
                    change(
                      'attendees',
                      draft.attendees.filter((each) => each.email !== attendee.email),
                    )
                  }
                >
                  {attendee.name}
                </Pill>
              ))}
            </Pill.Group>
          )}
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Input.Wrapper label="Repeat" error={errors.repeat}>
            <div>
              <SegmentedControl
                aria-label="Repeat"
                data={REPEATS}
                value={draft.repeat}
                onChange={(value) => change('repeat', value)}
              />
            </div>
          </Input.Wrapper>
          {draft.repeat !== 'none' && (
            <DateInput
              label="Until"
              description="Leave empty to repeat without end"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              valueFormat="DD.MM.YYYY"
              dateParser={parseTypedDate}
              placeholder="dd.mm.yyyy"
              firstDayOfWeek={1}
              clearable
              value={draft.until}
              onChange={(value) => change('until', value)}
              error={errors.until}
              w={180}
            />
          )}
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {uuid ? 'Save' : 'Create event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
