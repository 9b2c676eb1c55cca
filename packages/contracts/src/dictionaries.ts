import { z } from 'zod';

/** Dictionaries kept as rows of dictionary_items (shared or per company). */
export const ITEM_DICTIONARIES = [
  'UserCountry',
  'UserLocation',
  'DOBMonth',
  'UserStatus',
  'Gender',
  'grade',
  'legal_entity',
  'job_format',
  'job_position',
  'foot_size',
  'clothing_size',
  'nutrition',
  'UserStatusVisible',
  'UserJobPosition',
  'UserSpecialEvent',
  'UserManagerType',
  'StorageCategory',
  'StorageType',
] as const;

/** Dictionaries that are views of companies and their structure. */
export const STRUCTURE_DICTIONARIES = ['Company', 'Division', 'Department'] as const;

export const DICTIONARY_NAMES = [...STRUCTURE_DICTIONARIES, ...ITEM_DICTIONARIES] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

/** What GET /api/dictionaries/?companies= answers for each company. */
export const COMPANY_DICTIONARIES = [
  'UserStatus',
  'UserSpecialEvent',
  'UserCountry',
  'Department',
  'Division',
  'StorageCategory',
  'StorageType',
] as const satisfies readonly DictionaryName[];

export const DictionaryItem = z.object({
  id: z.number(),
  name: z.string(),
  img: z.string().nullable(),
  active: z.boolean(),
});
export type DictionaryItem = z.infer<typeof DictionaryItem>;

export const DictionaryResponse = z.object({ results: z.array(DictionaryItem) });
export type DictionaryResponse = z.infer<typeof DictionaryResponse>;

export const DictionaryQuery = z.object({
  company: z.coerce.number({ error: 'company must be a number' }).int().positive().optional(),
  q: z.string().max(100, 'Search text is too long').optional(),
});

export const CompanyDictionariesQuery = z.object({
  companies: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'companies is a comma-separated list of company ids')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

export const CompanyDictionariesResponse = z.object({
  results: z.array(z.object({ company: z.number(), dicts: z.record(z.string(), z.array(DictionaryItem)) })),
});
