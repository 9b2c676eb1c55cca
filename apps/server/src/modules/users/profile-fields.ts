import { SOCIAL_NETWORKS } from '@atrium/contracts';
import type { users } from '../../db/schema/index';

type UserColumn = keyof typeof users.$inferInsert;

/**
 * How each profile field is stored and checked. The form configuration in the database decides labels,
 * groups, required and editable per mode, but only names listed here can ever be written, and only
 * into their own column: nothing in a request body reaches is_active, groups, rights or ids.
 */
export type FieldSpec =
  | { kind: 'text' | 'email' | 'phone' | 'date'; column: UserColumn }
  | { kind: 'number'; column: UserColumn }
  | { kind: 'bool'; column: UserColumn }
  | { kind: 'status'; column: 'status' }
  /** An item of a dictionary_items dictionary (shared or of the user's company). */
  | { kind: 'dictionary'; column: UserColumn; dictionary: string }
  /** A node of the user's company structure at the given depth. */
  | { kind: 'node'; column: 'divisionId' | 'departmentId' }
  | { kind: 'social'; network: (typeof SOCIAL_NETWORKS)[number] };

export const PROFILE_FIELDS: Record<string, FieldSpec> = {
  first_name: { kind: 'text', column: 'firstName' },
  last_name: { kind: 'text', column: 'lastName' },
  email: { kind: 'email', column: 'email' },
  nickname: { kind: 'text', column: 'nickname' },
  job_position: { kind: 'dictionary', column: 'jobPositionId', dictionary: 'UserJobPosition' },
  job_position_official: { kind: 'dictionary', column: 'jobPositionOfficialId', dictionary: 'job_position' },
  division: { kind: 'node', column: 'divisionId' },
  department: { kind: 'node', column: 'departmentId' },
  status: { kind: 'status', column: 'status' },
  country: { kind: 'dictionary', column: 'countryId', dictionary: 'UserCountry' },
  location: { kind: 'dictionary', column: 'locationId', dictionary: 'UserLocation' },
  gmt: { kind: 'number', column: 'gmt' },
  hire_date: { kind: 'date', column: 'hireDate' },
  first_hire_date: { kind: 'date', column: 'firstHireDate' },
  dismissal_date: { kind: 'date', column: 'dismissalDate' },
  special_event: { kind: 'dictionary', column: 'specialEventId', dictionary: 'UserSpecialEvent' },
  birthdate: { kind: 'date', column: 'birthdate' },
  gender: { kind: 'dictionary', column: 'genderId', dictionary: 'Gender' },
  about_me: { kind: 'text', column: 'aboutMe' },
  private_email: { kind: 'email', column: 'privateEmail' },
  mobile_phone: { kind: 'phone', column: 'mobilePhone' },
  shoe_size: { kind: 'dictionary', column: 'shoeSizeId', dictionary: 'foot_size' },
  clothing_size: { kind: 'dictionary', column: 'clothingSizeId', dictionary: 'clothing_size' },
  nutrition: { kind: 'dictionary', column: 'nutritionId', dictionary: 'nutrition' },
  status_visible: { kind: 'dictionary', column: 'statusVisibleId', dictionary: 'UserStatusVisible' },
  grade: { kind: 'dictionary', column: 'gradeId', dictionary: 'grade' },
  legal_entity: { kind: 'dictionary', column: 'legalEntityId', dictionary: 'legal_entity' },
  employment_type: { kind: 'dictionary', column: 'employmentTypeId', dictionary: 'job_format' },
  dms: { kind: 'bool', column: 'dms' },
  passport_expiry: { kind: 'date', column: 'passportExpiry' },
  visa_expiry: { kind: 'date', column: 'visaExpiry' },
  residence_permit_expiry: { kind: 'date', column: 'residencePermitExpiry' },
  private_folder: { kind: 'text', column: 'privateFolder' },
  ...Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [`social_${network}`, { kind: 'social', network } as const]),
  ),
};

/**
 * Form fields kept elsewhere than the users row: subordination has its own API (/api/managers/), and
 * the form never sends hrbp. They are accepted in a body and left alone.
 */
export const SPECIAL_FIELDS = new Set(['user_vars', 'manager', 'deputy', 'hrbp', 'manager_type']);
