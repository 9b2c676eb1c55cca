import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../web/src/forms/server-field';
import type { TemplateField } from '../src/db/schema/index';
import { acceptedType, cleanFileName, contentDisposition } from '../src/lib/files';
import { DEFAULT_TEMPLATES } from '../src/modules/tasks/default-templates';
import { fitsMask, resolveDay, validateInputs } from '../src/modules/tasks/form-validation';
import { describeInputs } from '../src/modules/tasks/inputs';
import { formFields } from '../src/modules/tasks/templates';
import { aField } from './task-fixtures';

const ctx = { today: '2026-11-20', ownFileIds: new Set([7, 8]), companyUserIds: new Set([42]) };
const colours = [
  { id: 'red', name: 'Red' },
  { id: 2, name: 'Blue' },
];

/** The errors of one field holding one value. */
function errorOf(f: TemplateField, value: unknown) {
  return validateInputs([f], { [f.name]: value }, ctx).errors[f.name]?.[0];
}
function storedValue(f: TemplateField, value: unknown) {
  const result = validateInputs([f], { [f.name]: value }, ctx);
  expect(result.errors).toEqual({});
  return result.values[f.name];
}

describe('validateInputs: required', () => {
  const valued = FIELD_TYPES.filter((type) => type !== 'text_block' && type !== 'heading');
  it.each(valued)('%s refuses null, undefined, 0, blank and empty lists when required', (type) => {
    const required = aField(type, { required: true });
    for (const empty of [null, undefined, 0, '', '   ', [], [null, null]]) {
      expect(errorOf(required, empty)).toBe(`The ${type} is required`);
    }
  });
  it.each(valued)('%s may stay empty when not required', (type) => {
    expect(validateInputs([aField(type)], {}, ctx).errors).toEqual({});
  });
  it('holds nothing for text blocks and headings', () => {
    const result = validateInputs([aField('text_block', { required: true }), aField('heading')], {}, ctx);
    expect(result).toEqual({ values: {}, errors: {} });
  });
});

describe('validateInputs: each type', () => {
  const cases: [string, TemplateField, unknown, string][] = [
    [
      'text too short',
      aField('string', { extra: { min_len: 3 } }),
      ' ab ',
      'The string must be at least 3 characters',
    ],
    [
      'text too long',
      aField('text', { extra: { max_len: 5 } }),
      'abcdef',
      'The text must be at most 5 characters',
    ],
    ['text not text', aField('string'), 12, 'The string must be text'],
    ['bad e-mail', aField('email'), 'nobody', 'The email must be a valid e-mail address'],
    [
      'regex not matched in full',
      aField('string', { regex: '\\d+' }),
      '12a',
      'The string has an invalid format',
    ],
    ['mask not matched', aField('phone', { mask: '+9 999' }), '+1 23', 'The phone must match +9 999'],
    ['mask letter slot', aField('string', { mask: 'aa-99' }), '1a-22', 'The string must match aa-99'],
    ['amount not a number', aField('amount'), '5', 'The amount must be a number'],
    ['amount below min', aField('amount', { extra: { min: 50 } }), 10, 'The amount must be at least 50'],
    ['slider above max', aField('slider', { extra: { max: 10 } }), 11, 'The slider must be at most 10'],
    ['range not whole', aField('range'), [1.5, 3], 'The range must be whole numbers'],
    [
      'range out of bounds',
      aField('range', { extra: { min: 0, max: 10 } }),
      [2, 12],
      'The range must be at most 10',
    ],
    ['range reversed', aField('range'), [5, 2], 'The range must not start after its end'],
    ['range one end', aField('range'), [5], 'The range needs a start and an end'],
    ['toggle not boolean', aField('toggle'), 'yes', 'The toggle must be yes or no'],
    ['date not a day', aField('date'), '2026-02-30', 'The date must be a valid date'],
    ['date other format', aField('date'), '20.11.2026', 'The date must be a valid date'],
    [
      'date before today',
      aField('date', { extra: { min_date: 'today' } }),
      '2026-11-19',
      'The date must be on or after 20.11.2026',
    ],
    [
      'date after max',
      aField('date', { extra: { max_date: '2026-12-31' } }),
      '2027-01-01',
      'The date must be on or before 31.12.2026',
    ],
    [
      'datetime invalid',
      aField('datetime'),
      '2026-11-20 25:00',
      'The datetime must be a valid date and time',
    ],
    [
      'datetime before today+1',
      aField('datetime', { extra: { min_date: 'today+1' } }),
      '2026-11-20 10:00',
      'The datetime must be on or after 21.11.2026',
    ],
    [
      'datetime after max_time',
      aField('datetime', { extra: { max_time: '18:00' } }),
      '2026-11-21 18:30:00',
      'The datetime must be at or before 18:00',
    ],
    ['time invalid', aField('time'), '9:5', 'The time must be a valid time'],
    [
      'time before min',
      aField('time', { extra: { min_time: '09:00' } }),
      '08:59',
      'The time must be at or after 09:00',
    ],
    [
      'date range half',
      aField('date_range'),
      ['2026-11-20', null],
      'The date_range needs a start and an end date',
    ],
    [
      'vacation range reversed',
      aField('vacation_range'),
      ['2026-11-25', '2026-11-21'],
      'The vacation_range must not start after its end',
    ],
    [
      'sick leave range invalid',
      aField('sick_leave_range'),
      ['2026-11-25', '2026-13-01'],
      'The sick_leave_range must be valid dates',
    ],
    [
      'date range before min',
      aField('date_range', { extra: { min_date: 'today' } }),
      ['2026-11-19', '2026-11-21'],
      'The date_range must be on or after 20.11.2026',
    ],
    [
      'radios not offered',
      aField('radios', { values: colours }),
      'green',
      'The radios: choose one of the offered values',
    ],
    [
      'select not offered',
      aField('select', { values: colours }),
      3,
      'The select: choose one of the offered values',
    ],
    [
      'autocomplete an object',
      aField('autocomplete', { values_url: '/api/x' }),
      { id: 1 },
      'The autocomplete: choose one of the offered values',
    ],
    [
      'checkboxes not offered',
      aField('checkboxes', { values: colours }),
      ['red', 'green'],
      'The checkboxes: choose among the offered values',
    ],
    [
      'multiselect too few',
      aField('multiselect', { values: colours, extra: { min: 2 } }),
      ['red'],
      'The multiselect: choose at least 2',
    ],
    [
      'multiselect too many',
      aField('multiselect', { values: colours, extra: { max: 1 } }),
      ['red', 2],
      'The multiselect: choose at most 1',
    ],
    [
      'checkboxes twice',
      aField('checkboxes', { values: colours }),
      ['red', 'red'],
      'The checkboxes lists an item twice',
    ],
    [
      'checkboxes not a list',
      aField('checkboxes', { values: colours }),
      'red',
      'The checkboxes must be a list',
    ],
    [
      'user of another company',
      aField('user_id_picker'),
      43,
      'The user_id_picker must be a colleague of your company',
    ],
    [
      'user id as text',
      aField('user_id_picker'),
      '42',
      'The user_id_picker must be a colleague of your company',
    ],
    ['file of someone else', aField('file'), [7, 9], 'The file: upload the files again (9)'],
    ['file too many', aField('file', { extra: { max: 1 } }), [7, 8], 'The file: choose at most 1'],
    ['file not a list', aField('file'), 7, 'The file must be a list'],
    [
      'unknown type',
      aField('colour_wheel'),
      'red',
      'The colour_wheel has a type this server cannot check (colour_wheel)',
    ],
  ];
  it.each(cases)('refuses %s', (_, f, value, message) => {
    expect(errorOf(f, value)).toBe(message);
  });

  const fits: [string, TemplateField, unknown, unknown][] = [
    ['text trimmed', aField('string', { extra: { min_len: 2, max_len: 4 } }), '  abcd ', 'abcd'],
    ['regex and mask', aField('phone', { mask: '+9 999', regex: '\\+\\d \\d{3}' }), '+1 234', '+1 234'],
    ['mask either slot', aField('string', { mask: '**' }), 'a1', 'a1'],
    ['e-mail', aField('email'), 'ann@acme.test', 'ann@acme.test'],
    ['amount in bounds', aField('amount', { extra: { min: 1, max: 5 } }), 5, 5],
    ['slider', aField('slider'), 30, 30],
    ['range', aField('range', { extra: { min: 0, max: 10 } }), [2, 8], [2, 8]],
    ['toggle off', aField('toggle'), false, false],
    ['date today', aField('date', { extra: { min_date: 'today' } }), '2026-11-20', '2026-11-20'],
    ['datetime with T', aField('datetime'), '2026-11-20T10:30', '2026-11-20 10:30:00'],
    ['time', aField('time', { extra: { min_time: '09:00', max_time: '18:00' } }), '09:00:00', '09:00'],
    ['date range one day', aField('date_range'), ['2026-11-20', '2026-11-20'], ['2026-11-20', '2026-11-20']],
    ['radios by id as text', aField('radios', { values: colours }), '2', 2],
    ['select', aField('select', { values: colours }), 'red', 'red'],
    ['autocomplete from a URL', aField('autocomplete', { values_url: '/api/x' }), 17, 17],
    ['checkboxes', aField('checkboxes', { values: colours }), ['red', 2], ['red', 2]],
    ['user of the company', aField('user_id_picker'), 42, 42],
    ['own files', aField('file', { extra: { max: 2 } }), [7, 8], [7, 8]],
  ];
  it.each(fits)('accepts %s', (_, f, value, stored) => {
    expect(storedValue(f, value)).toEqual(stored);
  });

  it('stores an empty optional field as nothing and an empty toggle as off', () => {
    const result = validateInputs(
      [aField('string'), aField('toggle', { position: 1 })],
      { string: '  ' },
      ctx,
    );
    expect(result).toEqual({ values: { string: null, toggle: false }, errors: {} });
  });
});

describe('validateInputs: the form as a whole', () => {
  const form = [
    aField('select', { name: 'kind', title: 'Kind', required: true, values: colours }),
    aField('string', {
      name: 'other',
      title: 'Other',
      required: true,
      position: 1,
      if_field: 'kind',
      if_field_value: 'red',
    }),
    aField('string', {
      name: 'deeper',
      title: 'Deeper',
      required: true,
      position: 2,
      if_field: 'other',
      if_field_value: 'yes',
    }),
  ];

  it('requires a conditional field only while its controller holds the value', () => {
    expect(validateInputs(form, { kind: 'red' }, ctx).errors).toEqual({ other: ['Other is required'] });
    expect(validateInputs(form, { kind: 'red', other: 'yes' }, ctx).errors).toEqual({
      deeper: ['Deeper is required'],
    });
  });

  it('drops the values of hidden fields, and of fields hidden because their controller is', () => {
    const result = validateInputs(form, { kind: 2, other: 'yes', deeper: 'x' }, ctx);
    expect(result).toEqual({ values: { kind: 2 }, errors: {} });
  });

  it('does not check a hidden field at all', () => {
    expect(validateInputs(form, { kind: 2, other: 12 }, ctx).errors).toEqual({});
  });

  it('shows a field controlled by a toggle when it is on, and by a list when it holds the value', () => {
    const toggled = [
      aField('toggle', { name: 'on' }),
      aField('string', { name: 'why', required: true, position: 1, if_field: 'on', if_field_value: true }),
    ];
    expect(validateInputs(toggled, { on: true }, ctx).errors).toEqual({ why: ['The string is required'] });
    expect(validateInputs(toggled, { on: false }, ctx).errors).toEqual({});
    const listed = [
      aField('checkboxes', { name: 'picked', values: colours }),
      aField('string', { name: 'why', required: true, position: 1, if_field: 'picked', if_field_value: 2 }),
    ];
    expect(validateInputs(listed, { picked: ['red', 2] }, ctx).errors).toEqual({
      why: ['The string is required'],
    });
  });

  it('shows nothing of a loop of conditions', () => {
    const loop = [
      aField('string', { name: 'a', required: true, if_field: 'b', if_field_value: 'x' }),
      aField('string', { name: 'b', required: true, position: 1, if_field: 'a', if_field_value: 'x' }),
    ];
    expect(validateInputs(loop, { a: 'x', b: 'x' }, ctx)).toEqual({ values: {}, errors: {} });
  });

  it('refuses keys the form does not have, naming them', () => {
    expect(validateInputs(form, { kind: 2, salary: 1e6 }, ctx).errors).toEqual({
      salary: ['salary is not a field of this form'],
    });
  });
});

describe('helpers', () => {
  it('reads masks: 9 a digit, a a letter, * either, the rest as typed', () => {
    expect(fitsMask('+1 555 123 4567', '+9 999 999 9999')).toBe(true);
    expect(fitsMask('+1 555 123 456', '+9 999 999 9999')).toBe(false);
    expect(fitsMask('AB-12', 'aa-99')).toBe(true);
    expect(fitsMask('AB 12', 'aa-99')).toBe(false);
    expect(fitsMask('x9', '**')).toBe(true);
  });
  it('resolves today-relative bounds across month ends', () => {
    expect(resolveDay('today', '2026-11-30')).toBe('2026-11-30');
    expect(resolveDay('today+2', '2026-11-30')).toBe('2026-12-02');
    expect(resolveDay('today-1', '2026-03-01')).toBe('2026-02-28');
    expect(resolveDay('2026-01-05', '2026-11-30')).toBe('2026-01-05');
    expect(resolveDay('soon', '2026-11-30')).toBeNull();
  });
});

describe('describeInputs', () => {
  const form = [
    aField('date', { name: 'from', title: 'From', position: 0 }),
    aField('date_range', { name: 'period', title: 'Period', position: 1 }),
    aField('select', { name: 'colour', title: 'Colour', position: 2, values: colours }),
    aField('checkboxes', { name: 'extras', title: 'Extras', position: 3, values: colours }),
    aField('toggle', { name: 'urgent', title: 'Urgent', position: 4 }),
    aField('string', { name: 'why', title: 'Why', position: 5, if_field: 'urgent', if_field_value: true }),
    aField('file', { name: 'quote', title: 'Quote', position: 6 }),
    aField('datetime', { name: 'at', title: 'At', position: 7 }),
    aField('heading', { name: 'head', title: 'Head', position: 8 }),
    aField('amount', { name: 'copies', title: 'Copies', position: 9 }),
  ];

  it('writes each shown field in form order as people read it, with file links', () => {
    const inputs = describeInputs(
      [...form].reverse(),
      {
        from: '2026-11-20',
        period: ['2026-12-01', '2026-12-05'],
        colour: 2,
        extras: ['red', 2],
        urgent: false,
        why: 'hidden, so not shown',
        quote: [5],
        at: '2026-11-20 14:30:00',
        copies: 3,
      },
      [{ id: 5, name: 'quote.pdf', size: 1200 }],
    );
    expect(inputs).toEqual([
      { name: 'from', title: 'From', text: '20.11.2026', files: [] },
      { name: 'period', title: 'Period', text: '01.12.2026 – 05.12.2026', files: [] },
      { name: 'colour', title: 'Colour', text: 'Blue', files: [] },
      { name: 'extras', title: 'Extras', text: 'Red, Blue', files: [] },
      { name: 'urgent', title: 'Urgent', text: 'No', files: [] },
      {
        name: 'quote',
        title: 'Quote',
        text: 'quote.pdf',
        files: [{ id: 5, name: 'quote.pdf', size: 1200, url: '/api/tasks/files/5/' }],
      },
      { name: 'at', title: 'At', text: '20.11.2026 14:30', files: [] },
      { name: 'copies', title: 'Copies', text: '3', files: [] },
    ]);
  });

  it('shows a conditional field while its condition holds, and empty values as nothing', () => {
    const inputs = describeInputs(form, { urgent: true, why: 'Deadline' }, []);
    expect(inputs.find((input) => input.name === 'urgent')?.text).toBe('Yes');
    expect(inputs.find((input) => input.name === 'why')?.text).toBe('Deadline');
    expect(inputs.find((input) => input.name === 'from')?.text).toBe('');
  });
});

describe('the default templates', () => {
  it('spell every field type as the web renderer names them, with compiling patterns and fitting masks', () => {
    for (const template of DEFAULT_TEMPLATES) {
      for (const f of template.form) {
        expect(FIELD_TYPES, `${template.key}.${f.name}`).toContain(f.field_type);
        if (f.regex) expect(() => new RegExp(f.regex as string, 'u')).not.toThrow();
        if (f.if_field) expect(template.form.map((other) => other.name)).toContain(f.if_field);
      }
    }
  });

  it('has the six known keys and at least three factory templates with conditional and file fields', () => {
    const known = DEFAULT_TEMPLATES.filter((template) => !template.factory).map((template) => template.key);
    expect(known.sort()).toEqual([
      'business_trip_approval',
      'internal_hospital_gph',
      'internal_hospital_staff',
      'leave_at_own_expense_approval',
      'official_sick_leave_approval',
      'vacation_approval',
    ]);
    const factory = DEFAULT_TEMPLATES.filter((template) => template.factory);
    expect(factory.map((template) => template.key)).toEqual(
      expect.arrayContaining(['equipment_request', 'business_card_order', 'certificate_of_employment']),
    );
    for (const template of factory) {
      expect(
        template.form.some((f) => f.if_field),
        template.key,
      ).toBe(true);
      expect(['laptop', 'id', 'certificate', 'file']).toContain(template.icon);
    }
    expect(factory.some((template) => template.form.some((f) => f.field_type === 'file'))).toBe(true);
  });

  it('serves today-relative bounds as the day they mean', () => {
    const equipment = DEFAULT_TEMPLATES.find((template) => template.key === 'equipment_request');
    const neededBy = formFields(equipment?.form ?? [], '2026-11-20').find((f) => f.name === 'needed_by');
    expect(neededBy?.extra.min_date).toBe('2026-11-20');
  });
});

describe('task files', () => {
  it('keeps a name without folders or control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(cleanFileName('../../etc/pass\u0000wd.png')).toBe('passwd.png');
    expect(cleanFileName('  ')).toBe('file');
  });
  it('accepts PDF and picture bytes only under their extensions', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7');
    expect(acceptedType(pdf, 'a.PDF')).toBe('application/pdf');
    expect(acceptedType(pdf, 'a.exe')).toBeNull();
    expect(acceptedType(new TextEncoder().encode('hello'), 'a.pdf')).toBeNull();
    // WebP is a picture, but not one the spec's task files accept.
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
    expect(acceptedType(webp, 'a.png')).toBeNull();
  });
  it('names the download per RFC 6266: an ASCII fallback and the exact name, inline only for PDFs and pictures', () => {
    expect(contentDisposition('Angebot "Q4" für 50%.pdf', 'application/pdf')).toBe(
      `inline; filename="Angebot _Q4_ f_r 50_.pdf"; filename*=UTF-8''Angebot%20%22Q4%22%20f%C3%BCr%2050%25.pdf`,
    );
    expect(contentDisposition("it's.gif", 'image/gif')).toBe(
      `inline; filename="it's.gif"; filename*=UTF-8''it%27s.gif`,
    );
    expect(contentDisposition('x.bin', 'application/octet-stream')).toMatch(/^attachment; /);
  });
});
