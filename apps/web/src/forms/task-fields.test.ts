import type { TaskFormField } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { taskFormField, taskFormFields } from './task-fields';

const aTaskField = (overrides: Partial<TaskFormField> = {}): TaskFormField => ({
  title: 'Serial number',
  name: 'serial',
  field_type: 'string',
  required: true,
  regex: '^[A-Z]{2}\\d+$',
  mask: 'aa-9999',
  hint: 'On the back of the device',
  extra: {},
  if_field: null,
  if_field_value: null,
  values_url: null,
  values: null,
  position: 1,
  icon: 'laptop',
  ...overrides,
});

describe('task form fields', () => {
  it('map title, field_type and the bounds of extra onto the renderer’s field', () => {
    expect(
      taskFormField(
        aTaskField({
          extra: { min: 1, max: 3, min_len: 2, max_len: 9, min_date: 'today', max_date: '2027-01-01' },
          if_field: 'kind',
          if_field_value: 2,
          values: [{ id: 1, name: 'One' }],
          values_url: '/api/dictionaries/UserLocation',
        }),
      ),
    ).toEqual({
      name: 'serial',
      display_name: 'Serial number',
      type: 'string',
      required: true,
      values: [{ id: 1, name: 'One' }],
      values_url: '/api/dictionaries/UserLocation',
      if_field: 'kind',
      if_field_value: 2,
      hint: 'On the back of the device',
      regex: '^[A-Z]{2}\\d+$',
      mask: 'aa-9999',
      min: 1,
      max: 3,
      min_len: 2,
      max_len: 9,
      min_date: 'today',
      max_date: '2027-01-01',
      min_time: null,
      max_time: null,
    });
  });

  it('gives a missing bound of extra as none', () => {
    const field = taskFormField(aTaskField({ field_type: 'time', extra: { min_time: '09:00' } }));
    expect(field).toMatchObject({
      type: 'time',
      min: null,
      max_len: null,
      min_time: '09:00',
      max_time: null,
    });
  });

  it('put the form in position order, keeping the server’s order among equal positions', () => {
    const fields = taskFormFields([
      aTaskField({ name: 'c', position: 3 }),
      aTaskField({ name: 'a', position: 1 }),
      aTaskField({ name: 'b1', position: 2 }),
      aTaskField({ name: 'b2', position: 2 }),
    ]);
    expect(fields.map((field) => field.name)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});
