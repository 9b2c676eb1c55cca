import { describe, expect, it } from 'vitest';
import { aFormConfig, aProfile, privateProfileFields } from '../../test/fake-api';
import { profileSaveBody, shownFields } from './profile-form';

const field = (name: string, required = false, visible = true) => ({
  name,
  display_name: name,
  type: 'string',
  required,
  visible,
});

describe('profile save body', () => {
  it('sends visible fields that hold a value or are required, never hrbp or the other subordination fields', () => {
    const fields = [
      field('nickname'),
      field('about_me'),
      field('first_name', true),
      field('hidden', false, false),
      field('hrbp'),
      field('manager'),
    ];
    const values = { nickname: 'Amazing', about_me: '', first_name: null, hidden: 'x', hrbp: 5, manager: 6 };

    expect(profileSaveBody(fields, values)).toEqual({ nickname: 'Amazing', first_name: null });
  });

  it('sends a field the user emptied as null, so that it can be cleared', () => {
    expect(profileSaveBody([field('about_me')], { about_me: '' }, { about_me: 'Old text' })).toEqual({
      about_me: null,
    });
  });
});

describe('shown fields', () => {
  const personal = aFormConfig('self').fields.filter((each) => each.group === 2);

  it('leaves out the private fields a viewer gets no value for', () => {
    expect(shownFields(personal, aProfile(12)).map((each) => each.name)).toEqual(['gender', 'about_me']);
    expect(shownFields(personal, aProfile(12, privateProfileFields())).map((each) => each.name)).toEqual([
      'birthdate',
      'gender',
      'about_me',
      'private_email',
      'mobile_phone',
    ]);
  });
});
