import { describe, expect, it } from 'vitest';
import { fieldError, fieldsSchema } from './field-rules';
import { displayValue } from './field-value';
import { initialValues, isFieldShown, type ServerField } from './server-field';

const field = (overrides: Partial<ServerField> = {}): ServerField => ({
  name: 'nickname',
  display_name: 'Nickname',
  type: 'string',
  required: false,
  ...overrides,
});

describe('field rules', () => {
  it.each([null, undefined, 0, '', '   ', [], [null, null]])(
    'a required field refuses %j as "{display name} is required"',
    (value) => {
      expect(fieldError(field({ required: true }), value)).toBe('Nickname is required');
    },
  );

  it('lets a field that is not required stay empty', () => {
    expect(fieldError(field(), null)).toBeUndefined();
    expect(fieldError(field({ type: 'amount' }), 0)).toBeUndefined();
  });

  it('takes text bounds from min_len and max_len, number bounds from min and max', () => {
    const name = field({ min_len: 2, max_len: 5 });
    expect(fieldError(name, 'a')).toBe('Nickname must be at least 2 characters');
    expect(fieldError(name, 'abcdef')).toBe('Nickname must be at most 5 characters');
    expect(fieldError(name, 'abc')).toBeUndefined();

    const gmt = field({ type: 'amount', display_name: 'GMT', min: -12, max: 14 });
    expect(fieldError(gmt, -13)).toBe('GMT must be at least -12');
    expect(fieldError(gmt, 15)).toBe('GMT must be at most 14');
    expect(fieldError(gmt, 3)).toBeUndefined();

    expect(fieldError(field({ min: 3 }), 'ab')).toBe('Nickname must be at least 3 characters');
  });

  it('checks e-mails, whole-number ranges, both ends of date ranges and list sizes', () => {
    expect(fieldError(field({ type: 'email', display_name: 'E-mail' }), 'nope')).toBe(
      'E-mail must be a valid e-mail address',
    );
    expect(fieldError(field({ type: 'range', min: 0, max: 10 }), [2, 11])).toBe(
      'Nickname must be at most 10',
    );
    expect(fieldError(field({ type: 'range' }), [1.5, 2])).toBe('Nickname must be whole numbers');
    expect(fieldError(field({ type: 'date_range' }), ['2025-01-01', null])).toBe(
      'Nickname needs a start and an end date',
    );
    expect(fieldError(field({ type: 'checkboxes', max: 1 }), [1, 2])).toBe('Nickname: choose at most 1');
  });

  it('refuses text that misses its pattern as "{label} has an invalid format", and lets a bad pattern pass', () => {
    const code = field({ display_name: 'Code', regex: '^[A-Z]{2}\\d{3}$' });
    expect(fieldError(code, 'AB123')).toBeUndefined();
    expect(fieldError(code, 'ab123')).toBe('Code has an invalid format');
    // The whole text must match, as the server checks it, whether or not the pattern is anchored.
    expect(fieldError(field({ regex: '\\d+' }), 'room 5')).toBe('Nickname has an invalid format');
    expect(fieldError(field({ regex: '\\d+' }), '55')).toBeUndefined();
    expect(fieldError(field({ regex: '(' }), 'anything')).toBeUndefined();
    // Empty and not required: no pattern to match.
    expect(fieldError(code, '')).toBeUndefined();
  });

  it('refuses a masked value that does not fill its mask, naming the mask as the server does', () => {
    const phone = field({ type: 'phone', display_name: 'Phone', mask: '+7 (999) 999-99-99' });
    expect(fieldError(phone, '+7 (916) 123-45-67')).toBeUndefined();
    expect(fieldError(phone, '+7 (916) 123')).toBe('Phone must match +7 (999) 999-99-99');
  });

  it('keeps days within min_date and max_date, counting today+N from the day of filling in', () => {
    const today = new Date(2026, 10, 22);
    const start = field({ type: 'date', display_name: 'Start', min_date: 'today+1', max_date: '2026-12-31' });
    expect(fieldError(start, '2026-11-22', today)).toBe('Start must be on or after 23.11.2026');
    expect(fieldError(start, '2026-11-23', today)).toBeUndefined();
    expect(fieldError(start, '2027-01-01', today)).toBe('Start must be on or before 31.12.2026');

    const trip = field({ type: 'date_range', display_name: 'Trip', max_date: '2026-12-31' });
    expect(fieldError(trip, ['2026-12-30', '2027-01-02'], today)).toBe(
      'Trip must be on or before 31.12.2026',
    );
    const moment = field({ type: 'datetime', display_name: 'Moment', min_date: 'today' });
    expect(fieldError(moment, '2026-11-21 10:00:00', today)).toBe('Moment must be on or after 22.11.2026');
  });

  it('keeps times within min_time and max_time', () => {
    const slot = field({ type: 'time', display_name: 'Slot', min_time: '09:00', max_time: '18:00' });
    expect(fieldError(slot, '08:59')).toBe('Slot must be at or after 09:00');
    expect(fieldError(slot, '18:01')).toBe('Slot must be at or before 18:00');
    expect(fieldError(slot, '18:00')).toBeUndefined();
    const moment = field({ type: 'datetime', display_name: 'Moment', max_time: '18:00' });
    expect(fieldError(moment, '2026-11-23 19:30:00')).toBe('Moment must be at or before 18:00');
  });

  it('checks only the shown fields: conditions unmet and invisible fields pass', () => {
    const fields = [
      field({ name: 'kind', type: 'select' }),
      field({ name: 'reason', display_name: 'Reason', required: true, if_field: 'kind', if_field_value: 2 }),
      field({ name: 'hidden', display_name: 'Hidden', required: true, visible: false }),
      field({ name: 'note', type: 'heading', required: true }),
    ];
    const schema = fieldsSchema(fields);

    expect(schema.safeParse({ kind: 1, reason: null }).success).toBe(true);
    const refused = schema.safeParse({ kind: 2, reason: null });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['reason'], message: 'Reason is required' }),
    ]);
  });

  it('shows a conditional field while its controlling field holds the value, as number or text', () => {
    const reason = field({ if_field: 'kind', if_field_value: '2' });
    expect(isFieldShown(reason, { kind: 2 })).toBe(true);
    expect(isFieldShown(reason, { kind: [1, 2] })).toBe(true);
    expect(isFieldShown(reason, { kind: 1 })).toBe(false);
    expect(isFieldShown(reason, {})).toBe(false);
  });

  it('starts each field empty in its own shape, or from the source', () => {
    const fields = [
      field({ name: 'a' }),
      field({ name: 'b', type: 'checkboxes' }),
      field({ name: 'c', type: 'vacation_range' }),
      field({ name: 'd', type: 'toggle' }),
      field({ name: 'e', type: 'heading' }),
    ];
    expect(initialValues(fields, { a: 'x' })).toEqual({ a: 'x', b: [], c: [null, null], d: false });
  });
});

describe('displayValue', () => {
  const choices = [
    { id: 1, name: 'Male' },
    { id: 2, name: 'Female' },
  ];

  it('reads choices by name, dates as dd.mm.yyyy and toggles as Yes/No', () => {
    expect(displayValue(field({ type: 'select', values: choices }), 2)).toBe('Female');
    expect(displayValue(field({ type: 'checkboxes', values: choices }), [1, 2])).toBe('Male, Female');
    expect(displayValue(field({ type: 'date' }), '2021-03-15')).toBe('15.03.2021');
    expect(displayValue(field({ type: 'datetime' }), '2021-03-15 09:30:00')).toBe('15.03.2021 09:30');
    expect(displayValue(field({ type: 'date_range' }), ['2021-03-15', '2021-03-20'])).toBe(
      '15.03.2021 – 20.03.2021',
    );
    expect(displayValue(field({ type: 'toggle' }), false)).toBe('No');
    expect(displayValue(field(), null)).toBe('');
  });
});
