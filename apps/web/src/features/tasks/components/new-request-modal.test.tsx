import type { TaskFormField, TaskFormResponse, TaskTemplate } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FormValues } from '../../../forms';
import { type ApiCall, json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { aTaskField } from '../task-fixtures';
import { NewRequestModal } from './new-request-modal';

const FORM = 'GET /api/tasks/templates/equipment_request/form/';
const UPLOAD = 'POST /api/tasks/upload/';
const FACTORY = 'POST /api/tasks/factory/';

const EQUIPMENT: TaskTemplate = {
  key: 'equipment_request',
  name: 'Equipment request',
  icon: 'laptop',
  type_key: null,
  factory: true,
};

/** The equipment request much as the seed defines it: a conditional field, a mask, a pattern, a file field. */
const EQUIPMENT_FIELDS: TaskFormField[] = [
  aTaskField({ name: 'intro', title: 'What you need', field_type: 'heading', position: 1 }),
  aTaskField({
    name: 'kind',
    title: 'Device',
    field_type: 'select',
    required: true,
    values: [
      { id: 1, name: 'Laptop' },
      { id: 2, name: 'Phone' },
    ],
    position: 2,
  }),
  aTaskField({
    name: 'phone_model',
    title: 'Phone model',
    field_type: 'string',
    required: true,
    if_field: 'kind',
    if_field_value: 2,
    position: 3,
  }),
  aTaskField({
    name: 'cost_centre',
    title: 'Cost centre',
    field_type: 'string',
    regex: '^[A-Z]{3}$',
    hint: 'Three capital letters, e.g. OPS',
    position: 4,
  }),
  aTaskField({
    name: 'contact',
    title: 'Contact phone',
    field_type: 'phone',
    mask: '+7 (999) 999-99-99',
    position: 5,
  }),
  aTaskField({ name: 'quote', title: 'Quote', field_type: 'file', position: 6 }),
  // Out of position order on purpose: the form is laid out by position.
  aTaskField({ name: 'comment', title: 'Comment', field_type: 'text', position: 0 }),
];

const equipmentForm = (fields = EQUIPMENT_FIELDS): TaskFormResponse => ({ template: EQUIPMENT, fields });

/** The modal as /tasks uses it: open while there is a template key, closed by onClose or onCreated. */
function Page({
  onClose,
  onCreated,
  templateKey = 'equipment_request',
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
  templateKey?: string;
}) {
  const [key, setKey] = useState<string | null>(templateKey);
  return (
    <NewRequestModal
      templateKey={key}
      onClose={() => {
        onClose();
        setKey(null);
      }}
      onCreated={(id) => {
        onCreated(id);
        setKey(null);
      }}
    />
  );
}

function renderModal(routes: Parameters<typeof stubApi>[0], templateKey?: string) {
  const api = stubApi(routes);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderUi(<Page onClose={onClose} onCreated={onCreated} templateKey={templateKey} />);
  const send = () => view.user.click(screen.getByRole('button', { name: 'Send request' }));
  return { ...view, api, onClose, onCreated, send };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const uploadedName = (call: ApiCall) => ((call.body as FormData).get('file') as File).name;
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('NewRequestModal', { timeout: 20_000 }, () => {
  it('titles the modal with the template and renders its fields by position, with hints and required marks', async () => {
    renderModal({ [FORM]: () => json(200, equipmentForm()) });

    const dialog = await screen.findByRole('dialog', { name: 'Equipment request' });
    expect(await within(dialog).findByRole('heading', { name: 'What you need' })).toBeInTheDocument();
    // Comment comes last in the answer but first by position.
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    const device = within(dialog).getByRole('combobox', { name: 'Device' });
    expect(comment.compareDocumentPosition(device) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'Device' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Cost centre' })).toHaveAccessibleDescription(
      'Three capital letters, e.g. OPS',
    );
    expect(screen.getByRole('textbox', { name: 'Contact phone' })).toHaveAttribute(
      'placeholder',
      '+7 (___) ___-__-__',
    );
    expect(screen.getByRole('button', { name: 'Quote' })).toHaveTextContent('Choose files');
    // Spec §9: pdf, jpg, jpeg, png, gif.
    expect(fileInput().accept.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', '.jpeg', '.png', '.gif']),
    );
  });

  it('renders a field of each type the server may send', async () => {
    const choices = [
      { id: 1, name: 'One' },
      { id: 2, name: 'Two' },
    ];
    const types: [string, Partial<TaskFormField>?][] = [
      ['string'],
      ['amount', { extra: { min: 1, max: 5 } }],
      ['toggle'],
      ['date', { extra: { min_date: 'today' } }],
      ['time', { extra: { min_time: '09:00' } }],
      ['radios', { values: choices }],
      ['checkboxes', { values: choices }],
      ['multiselect', { values: choices }],
      ['date_range'],
    ];
    renderModal({
      [FORM]: () =>
        json(
          200,
          equipmentForm(
            types.map(([type, seed], position) =>
              aTaskField({ name: type, title: `A ${type}`, field_type: type, position, ...seed }),
            ),
          ),
        ),
    });

    expect(await screen.findByRole('textbox', { name: 'A string' })).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'A amount' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('switch', { name: 'A toggle' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'A date' })).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    expect(screen.getByLabelText('A time')).toHaveAttribute('type', 'time');
    expect(screen.getByRole('radiogroup', { name: 'A radios' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'A multiselect' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'A date_range' })).toHaveTextContent('dd.mm.yyyy – dd.mm.yyyy');
  });

  it('shows a conditional field only while the controlling select holds its value', async () => {
    const { user } = renderModal({ [FORM]: () => json(200, equipmentForm()) });
    const device = await screen.findByRole('combobox', { name: 'Device' });
    expect(screen.queryByRole('textbox', { name: 'Phone model' })).toBeNull();

    await user.click(device);
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    expect(await screen.findByRole('textbox', { name: 'Phone model' })).toBeInTheDocument();

    await user.click(device);
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone model' })).toBeNull());
  });

  it('formats typed digits with the field’s mask', async () => {
    const { user } = renderModal({ [FORM]: () => json(200, equipmentForm()) });
    const contact = await screen.findByRole('textbox', { name: 'Contact phone' });

    await user.type(contact, '916x1234567');
    expect(contact).toHaveValue('+7 (916) 123-45-67');
    await user.type(contact, '8');
    expect(contact).toHaveValue('+7 (916) 123-45-67');
  });

  it('checks required fields, patterns and masks before sending anything', async () => {
    const { user, api, send } = renderModal({ [FORM]: () => json(200, equipmentForm()) });
    await user.type(await screen.findByRole('textbox', { name: 'Cost centre' }), 'ops');
    await user.type(screen.getByRole('textbox', { name: 'Contact phone' }), '916');
    await send();

    expect(await screen.findByText('Device is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cost centre' })).toHaveAccessibleDescription(
      expect.stringContaining('Cost centre has an invalid format'),
    );
    expect(screen.getByText('Contact phone must match +7 (999) 999-99-99')).toBeInTheDocument();
    expect(api.callsTo(UPLOAD)).toHaveLength(0);
    expect(api.callsTo(FACTORY)).toHaveLength(0);
  });

  it('uploads the chosen files first, in order, then files the request with their ids and the shown fields', async () => {
    let nextId = 501;
    const { user, api, send } = renderModal({
      [FORM]: () => json(200, equipmentForm()),
      [UPLOAD]: (call) => {
        const file = (call.body as FormData).get('file') as File;
        return json(201, { id: nextId++, name: file.name, size: file.size, content_type: file.type });
      },
      [FACTORY]: () => json(201, { id: 77, chat: 300 }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await user.type(screen.getByRole('textbox', { name: 'Cost centre' }), 'OPS');
    await user.upload(fileInput(), [pdf('quote.pdf'), pdf('specs.pdf')]);
    await send();

    await waitFor(() => expect(api.callsTo(FACTORY)).toHaveLength(1));
    expect(api.callsTo(UPLOAD).map(uploadedName)).toEqual(['quote.pdf', 'specs.pdf']);
    const order = api.calls
      .map((call) => `${call.method} ${call.path}`)
      .filter((key) => key !== FORM && key !== 'GET /api/auth/csrf/');
    expect(order).toEqual([UPLOAD, UPLOAD, FACTORY]);
    // The hidden conditional field and the heading are not sent; files go as their ids.
    expect(api.callsTo(FACTORY)[0]?.body).toEqual({
      template: 'equipment_request',
      inputParams: { comment: null, kind: 1, cost_centre: 'OPS', contact: null, quote: [501, 502] },
    });
  });

  it('does not upload a file again when the request is sent again after a refusal', async () => {
    let refuse = true;
    const { user, api, send, onCreated } = renderModal({
      [FORM]: () => json(200, equipmentForm()),
      [UPLOAD]: () => json(201, { id: 601, name: 'quote.pdf', size: 8, content_type: 'application/pdf' }),
      [FACTORY]: () =>
        refuse
          ? json(422, {
              missing_fields: { cost_centre: ['Cost centre is not a cost centre of the company'] },
            })
          : json(201, { id: 78, chat: 301 }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await user.type(screen.getByRole('textbox', { name: 'Cost centre' }), 'XYZ');
    await user.upload(fileInput(), pdf('quote.pdf'));
    await send();
    expect(await screen.findByText('Cost centre is not a cost centre of the company')).toBeInTheDocument();

    refuse = false;
    await user.clear(screen.getByRole('textbox', { name: 'Cost centre' }));
    await user.type(screen.getByRole('textbox', { name: 'Cost centre' }), 'OPS');
    await send();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(78));
    expect(api.callsTo(UPLOAD)).toHaveLength(1);
    expect(
      api.callsTo(FACTORY).map((call) => (call.body as { inputParams: FormValues }).inputParams.quote),
    ).toEqual([[601], [601]]);
  });

  it('shows a refused upload under its file field and files nothing', async () => {
    const { user, api, send } = renderModal({
      [FORM]: () => json(200, equipmentForm()),
      [UPLOAD]: () => json(400, { error: 'Only PDF or image files can be attached' }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await user.upload(fileInput(), pdf('notes.pdf'));
    await send();

    expect(await screen.findByText('Only PDF or image files can be attached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quote' })).toHaveAccessibleDescription(
      'Only PDF or image files can be attached',
    );
    expect(api.callsTo(UPLOAD)).toHaveLength(1);
    expect(api.callsTo(FACTORY)).toHaveLength(0);
  });

  it('shows the server’s missing_fields under their fields, and a template error above the form', async () => {
    const { user, onCreated, send } = renderModal({
      [FORM]: () => json(200, equipmentForm()),
      [FACTORY]: () =>
        json(422, {
          missing_fields: {
            cost_centre: ['Cost centre is not a cost centre of the company'],
            template: ['This request template is switched off'],
          },
        }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await user.type(screen.getByRole('textbox', { name: 'Cost centre' }), 'XYZ');
    await send();

    const dialog = screen.getByRole('dialog', { name: 'Equipment request' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request template is switched off',
    );
    expect(screen.getByRole('textbox', { name: 'Cost centre' })).toHaveAccessibleDescription(
      expect.stringContaining('Cost centre is not a cost centre of the company'),
    );
    expect(onCreated).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  it('closes 200 ms after the request was filed and hands over its id', async () => {
    // Notices of earlier tests live in Mantine's store; this one looks for its own.
    notifications.clean();
    let respond: (response: Response) => void = () => {};
    const { user, api, onCreated, send } = renderModal({
      [FORM]: () => json(200, equipmentForm()),
      [FACTORY]: () => new Promise<Response>((resolve) => (respond = resolve)),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Laptop' }));
    await send();
    await waitFor(() => expect(api.callsTo(FACTORY)).toHaveLength(1));

    // The test moves the clock from the server's answer on. No Testing Library waits from here: they
    // pause on setTimeout themselves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      respond(json(201, { id: 77, chat: 300 }));
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    });
    expect(screen.getByText('Request sent')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(199));
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Equipment request' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(onCreated).toHaveBeenCalledExactlyOnceWith(77);
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Equipment request' })).toBeNull());
  });

  it('says so when the template is unknown', async () => {
    renderModal({ [FORM]: () => json(404, { error: 'Not found.' }) });

    expect(await screen.findByText('This request template is not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('shows a known template’s name and its own absence form instead of the factory form', async () => {
    const vacation: TaskTemplate = {
      key: 'vacation_approval',
      name: 'Vacation',
      icon: null,
      type_key: 24,
      factory: false,
    };
    renderModal(
      {
        'GET /api/tasks/templates/vacation_approval/form/': () =>
          json(200, { template: vacation, fields: [] }),
      },
      'vacation_approval',
    );

    const dialog = await screen.findByRole('dialog', { name: 'Vacation' });
    expect(within(dialog).getByRole('textbox', { name: 'Start date' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Number of days' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('filed from its own form');
  });

  it('says a non-factory template it has no form for is filed elsewhere, with nothing to send', async () => {
    const other: TaskTemplate = {
      key: 'relocation',
      name: 'Relocation',
      icon: null,
      type_key: null,
      factory: false,
    };
    renderModal(
      { 'GET /api/tasks/templates/relocation/form/': () => json(200, { template: other, fields: [] }) },
      'relocation',
    );

    expect(await screen.findByRole('dialog', { name: 'Relocation' })).toHaveTextContent(
      'This request is filed from its own form',
    );
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('shows skeleton fields while the form loads', async () => {
    renderModal({ [FORM]: () => new Promise<Response>(() => {}) });

    expect(await screen.findByRole('dialog', { name: 'New request' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('cancels at once while untouched, and asks first once something was typed', async () => {
    const first = renderModal({ [FORM]: () => json(200, equipmentForm()) });
    await first.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderModal({ [FORM]: () => json(200, equipmentForm()) });
    await second.user.type(await screen.findByRole('textbox', { name: 'Cost centre' }), 'OPS');
    await second.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('All unsaved changes will be lost')).toBeInTheDocument();
    expect(second.onClose).not.toHaveBeenCalled();
    await second.user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });
});
