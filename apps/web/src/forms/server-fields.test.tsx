import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { aPerson, fakeUsersFilter, json, stubApi } from '../test/fake-api';
import { renderUi } from '../ui/test-utils';
import { FIELD_TYPES, type FormValues, initialValues, type ServerField } from './server-field';
import { ServerFields } from './server-fields';
import { ServerForm, useServerForm } from './server-form';

const field = (name: string, type: string, overrides: Partial<ServerField> = {}): ServerField => ({
  name,
  display_name: `${name[0]?.toUpperCase()}${name.slice(1)}`,
  type,
  required: false,
  ...overrides,
});

const COLOURS = [
  { id: 1, name: 'Red' },
  { id: 2, name: 'Blue' },
];

type HarnessProps = { fields: ServerField[]; values?: FormValues; onSubmit: (values: FormValues) => void };

/** The fields in the form wrapper, as a screen uses them, with a Submit button. */
function Harness({ fields, values, onSubmit }: HarnessProps) {
  const form = useServerForm({ validate: fields, defaultValues: initialValues(fields, values) });
  return (
    <ServerForm form={form} onSubmit={async (submitted) => onSubmit(submitted)}>
      <ServerFields fields={fields} />
      <button type="submit">Submit</button>
    </ServerForm>
  );
}

function renderFields(fields: ServerField[], values?: FormValues) {
  const onSubmit = vi.fn();
  const view = renderUi(<Harness fields={fields} values={values} onSubmit={onSubmit} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...view, submit, onSubmit };
}

describe('server fields', { timeout: 15_000 }, () => {
  it('renders each field type as its control, labelled with the display name', () => {
    stubApi();
    const everyType = [
      field('nickname', 'string'),
      field('about', 'text'),
      field('mail', 'email'),
      field('phone', 'phone'),
      field('amount', 'amount'),
      field('level', 'slider', { min: 1, max: 5 }),
      field('span', 'range', { min: 0, max: 10 }),
      field('vhi', 'toggle'),
      field('scan', 'file'),
      field('day', 'date'),
      field('moment', 'datetime'),
      field('period', 'date_range'),
      field('sick', 'sick_leave_range'),
      field('vacation', 'vacation_range'),
      field('start', 'time'),
      field('gender', 'radios', { values: COLOURS }),
      field('tags', 'checkboxes', { values: COLOURS }),
      field('colour', 'select', { values: COLOURS }),
      field('colours', 'multiselect', { values: COLOURS }),
      field('city', 'autocomplete', { values_url: '/api/dictionaries/UserLocation' }),
      field('person', 'user_id_picker'),
      field('intro', 'heading', { display_name: 'About the trip' }),
      field('note', 'text_block', { display_name: 'Attach the tickets.' }),
    ];
    expect(new Set(everyType.map((each) => each.type))).toEqual(new Set(FIELD_TYPES));
    renderFields(everyType);

    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'About' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Mail' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('slider', { name: 'Level' })).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByRole('slider', { name: 'Span from' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('slider', { name: 'Span to' })).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByRole('switch', { name: 'Vhi' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Scan' })).toHaveTextContent('Choose files');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    expect(screen.getByRole('button', { name: 'Moment' })).toHaveTextContent('dd.mm.yyyy hh:mm');
    for (const name of ['Period', 'Sick', 'Vacation']) {
      expect(screen.getByRole('button', { name })).toHaveTextContent('dd.mm.yyyy – dd.mm.yyyy');
    }
    expect(screen.getByLabelText('Start')).toHaveAttribute('type', 'time');
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2']);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['1', '2']);
    expect(screen.getByRole('combobox', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Colours' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAttribute('placeholder', 'Search');
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveAttribute('placeholder', 'Name');
    expect(screen.getByRole('heading', { name: 'About the trip' })).toBeInTheDocument();
    expect(screen.getByText('Attach the tickets.')).toBeInTheDocument();
  });

  it('refuses empty required fields with "{display name} is required" under each, and submits nothing', async () => {
    stubApi();
    const { submit, onSubmit } = renderFields([
      field('nickname', 'string', { required: true, display_name: 'Nickname' }),
      field('amount', 'amount', { required: true }),
      field('colour', 'select', { required: true, values: COLOURS }),
      field('period', 'date_range', { required: true }),
      field('tags', 'checkboxes', { required: true, values: COLOURS }),
    ]);

    await submit();

    for (const label of ['Nickname', 'Amount', 'Colour', 'Period', 'Tags']) {
      expect(await screen.findByText(`${label} is required`)).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAccessibleDescription(
      'Nickname is required',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps values within min and max (or min_len and max_len)', async () => {
    stubApi();
    const { user, submit, onSubmit } = renderFields([
      field('gmt', 'amount', { display_name: 'GMT', min: -12, max: 14 }),
      field('code', 'string', { min_len: 3 }),
    ]);

    await user.type(screen.getByRole('textbox', { name: 'GMT' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ab');
    await submit();

    expect(await screen.findByText('GMT must be at most 14')).toBeInTheDocument();
    expect(screen.getByText('Code must be at least 3 characters')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'GMT' }));
    await user.type(screen.getByRole('textbox', { name: 'GMT' }), '-5');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'c');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ gmt: -5, code: 'abc' }));
  });

  it('shows a conditional field only while the controlling field holds its value', async () => {
    stubApi();
    const { user, submit, onSubmit } = renderFields([
      field('kind', 'radios', { values: COLOURS }),
      field('reason', 'string', { required: true, if_field: 'kind', if_field_value: 2 }),
    ]);

    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    // Hidden, it is not checked either.
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 1, reason: null }));
  });

  it('gives choices back as their ids, dates typed as dd.mm.yyyy as yyyy-mm-dd, toggles as booleans', async () => {
    stubApi();
    const { user, submit, onSubmit } = renderFields([
      field('colour', 'select', { values: COLOURS }),
      field('tags', 'checkboxes', { values: COLOURS }),
      field('day', 'date'),
      field('vhi', 'toggle'),
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '09.12.1990');
    await user.click(screen.getByRole('switch', { name: 'Vhi' }));
    await submit();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ colour: 2, tags: [1], day: '1990-12-09', vhi: true }),
    );
  });

  it('searches an autocomplete 500 ms after typing stops, at its values URL with a trailing slash', async () => {
    const api = stubApi({
      'GET /api/dictionaries/UserLocation/': (call) =>
        json(200, { results: call.query.get('q') === 'ber' ? [{ id: 7, name: 'Berlin' }] : [] }),
    });
    const { user, submit, onSubmit } = renderFields([
      field('city', 'autocomplete', { values_url: '/api/dictionaries/UserLocation' }),
    ]);

    await user.type(screen.getByRole('combobox', { name: 'City' }), 'ber');
    expect(api.callsTo('GET /api/dictionaries/UserLocation/')).toHaveLength(0);

    await user.click(await screen.findByRole('option', { name: 'Berlin' }, { timeout: 2000 }));
    expect(api.callsTo('GET /api/dictionaries/UserLocation/').map((call) => call.path)).toEqual([
      '/api/dictionaries/UserLocation/?q=ber',
    ]);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ city: 7 }));
  });

  it('picks a person by name through the user search, and shows a chosen one by id', async () => {
    const people = [aPerson(4, { first_name: 'Alan', last_name: 'Turing' }), aPerson(5)];
    const api = stubApi({ 'POST /api/users/filter/': fakeUsersFilter(people) });
    const { user, submit, onSubmit } = renderFields([field('person', 'user_id_picker')]);

    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'alan');
    await user.click(await screen.findByRole('option', { name: /Alan Turing/ }, { timeout: 2000 }));
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ person: 4 }));
    const [search] = api.callsTo('POST /api/users/filter/');
    expect(search?.path).toBe('/api/users/filter/?page=1&page_size=10');
    expect(search?.body).toEqual({ q: 'alan' });
  });

  it('names the person of an id it was given', async () => {
    const api = stubApi({ 'POST /api/users/filter/': fakeUsersFilter([aPerson(4, { first_name: 'Alan' })]) });
    renderFields([field('person', 'user_id_picker')], { person: 4 });

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('Alan No4'));
    expect(api.callsTo('POST /api/users/filter/')[0]?.body).toEqual({ ids: [4] });
  });

  it('shows the server’s first message under its field, and any other refusal above the form', async () => {
    stubApi();
    const fields = [field('nickname', 'string')];
    function Refusing() {
      const form = useServerForm({ validate: fields, defaultValues: initialValues(fields) });
      return (
        <ServerForm
          form={form}
          onSubmit={async () => {
            throw new ApiError(422, 'Nickname is taken', {
              nickname: 'Nickname is taken',
              other: 'Other is wrong',
            });
          }}
        >
          <ServerFields fields={fields} />
          <button type="submit">Submit</button>
        </ServerForm>
      );
    }
    const { user } = renderUi(<Refusing />);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Other is wrong');
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAccessibleDescription(
      'Nickname is taken',
    );
  });
});
