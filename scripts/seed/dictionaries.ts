import { MONTH_NAMES } from '@atrium/contracts';
import { eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { dictionaryItems } from '../../apps/server/src/db/schema/index';
import { insertRows } from './bulk';
import { asciiSlug, COUNTRIES, type LegalEntityCode } from './names';
import { type Company, DIVISIONS, EXECUTIVE_OFFICE, HRBP_TITLE } from './structure';

/**
 * Every dictionary of the spec that is not the company structure itself (Company, Division and Department
 * are the companies and departments tables), plus UserLocation (the Location filter) and the document
 * category and type dictionaries. Every item has a `code`, so a second run adds only what is missing.
 *
 * Shared (company_id null): what is the same everywhere. Per company: what a company defines for itself.
 * UserJobPosition holds the job titles people have (users.job_position_id); job_position holds the
 * official, contractual positions (users.job_position_official_id).
 */
type Items = readonly (readonly [code: string, name: string])[];

const SHARED: Record<string, Items> = {
  UserCountry: COUNTRIES.map((c) => [c.code, c.name]),
  UserLocation: COUNTRIES.flatMap((c) =>
    c.cities.map(([city]) => [locationCode(c.code, city), city] as const),
  ),
  DOBMonth: MONTH_NAMES.map((month, i) => [String(i + 1), month]),
  UserStatus: [
    ['1', 'Online'],
    ['2', 'Offline'],
    ['3', 'Illness'],
    ['4', 'Vacation'],
  ],
  UserStatusVisible: [
    ['everyone', 'Visible to everyone'],
    ['company', 'Visible to my company'],
    ['hidden', 'Hidden'],
  ],
  Gender: [
    ['male', 'Male'],
    ['female', 'Female'],
  ],
  job_format: [
    ['full-time', 'Full-time'],
    ['part-time', 'Part-time'],
    ['contractor', 'Contractor'],
    ['intern', 'Intern'],
  ],
  foot_size: Array.from({ length: 13 }, (_, i) => [String(35 + i), `EU ${35 + i}`]),
  clothing_size: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].map((size) => [size.toLowerCase(), size]),
  nutrition: [
    ['any', 'No restrictions'],
    ['vegetarian', 'Vegetarian'],
    ['vegan', 'Vegan'],
    ['halal', 'Halal'],
    ['kosher', 'Kosher'],
    ['gluten-free', 'Gluten-free'],
    ['lactose-free', 'Lactose-free'],
  ],
  UserSpecialEvent: [
    ['birthday', 'Birthday'],
    ['anniversary', 'Work anniversary'],
    ['newcomer', 'Newcomer'],
    ['wedding', 'Wedding'],
    ['newborn', 'New baby'],
  ],
  UserManagerType: [
    ['manager', 'Manager'],
    ['deputy', 'Deputy'],
    ['hrbp', 'HR business partner'],
    ['extra', 'Extra manager'],
  ],
};

const GRADES = ['junior', 'middle', 'senior', 'lead', 'head', 'director', 'executive'] as const;
export type Grade = (typeof GRADES)[number];

const OFFICIAL_POSITIONS = {
  intern: 'Intern',
  specialist: 'Specialist',
  'senior-specialist': 'Senior Specialist',
  'lead-specialist': 'Lead Specialist',
  'team-leader': 'Team Leader',
  'head-of-department': 'Head of Department',
  director: 'Director',
  'chief-executive': 'Chief Executive',
};
export type OfficialPosition = keyof typeof OFFICIAL_POSITIONS;

const JOB_TITLES = [
  ...new Set(
    [EXECUTIVE_OFFICE, ...DIVISIONS]
      .flatMap((d) => [d.head, d.departmentHead, d.teamLead, ...d.positions])
      .concat(HRBP_TITLE),
  ),
];

function companyItems(company: Company): Record<string, Items> {
  const entities: Record<LegalEntityCode, string> = {
    us: `${company.name} Inc.`,
    uk: `${company.name} Ltd`,
    eu: `${company.name} Europe GmbH`,
    in: `${company.name} India Pvt Ltd`,
    apac: `${company.name} Asia Pte. Ltd.`,
  };
  return {
    grade: GRADES.map((code) => [code, code[0]?.toUpperCase() + code.slice(1)]),
    legal_entity: Object.entries(entities),
    job_position: Object.entries(OFFICIAL_POSITIONS),
    UserJobPosition: JOB_TITLES.map((title) => [jobTitleCode(title), title]),
    StorageCategory: [
      ['contracts', 'Contracts'],
      ['certificates', 'Certificates'],
      ['personal', 'Personal documents'],
      ['payroll', 'Payroll'],
      ['medical', 'Medical'],
      ['other', 'Other'],
    ],
    StorageType: [
      ['scan', 'Scan'],
      ['original', 'Original'],
      ['copy', 'Copy'],
      ['electronic', 'Electronic'],
    ],
  };
}

/** 'L&D Specialist' → 'landd-specialist'. */
export function jobTitleCode(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function locationCode(country: string, city: string): string {
  return `${country}-${asciiSlug(city)}`;
}

/** Item ids by dictionary and code; per-company dictionaries are looked up in the given company. */
export class Dictionaries {
  constructor(private readonly ids: ReadonlyMap<string, number>) {}

  id(dictionary: string, code: string, companyId: number): number {
    const scope = dictionary in SHARED ? '' : companyId;
    const id = this.ids.get(`${dictionary}|${scope}|${code}`);
    if (id === undefined) throw new Error(`no ${dictionary} item with code ${code}`);
    return id;
  }
}

/** Adds the missing items of the shared dictionaries and of each company's own, then reads every id. */
export async function ensureDictionaries(
  db: Db,
  companies: readonly Company[],
): Promise<{ dictionaries: Dictionaries; added: number }> {
  let added = 0;
  for (const company of [null, ...companies]) {
    const catalogue = company ? companyItems(company) : SHARED;
    const existing = await db
      .select({ dictionary: dictionaryItems.dictionary, code: dictionaryItems.code })
      .from(dictionaryItems)
      .where(company ? eq(dictionaryItems.companyId, company.id) : isNull(dictionaryItems.companyId));
    const have = new Set(existing.map((item) => `${item.dictionary}|${item.code}`));
    const missing = Object.entries(catalogue).flatMap(([dictionary, items]) =>
      items
        .map(([code, name], position) => ({
          dictionary,
          companyId: company?.id ?? null,
          code,
          name,
          position,
        }))
        .filter((item) => !have.has(`${dictionary}|${item.code}`)),
    );
    await insertRows(db, dictionaryItems, missing);
    added += missing.length;
  }
  const rows = await db
    .select({
      id: dictionaryItems.id,
      dictionary: dictionaryItems.dictionary,
      companyId: dictionaryItems.companyId,
      code: dictionaryItems.code,
    })
    .from(dictionaryItems)
    .where(
      or(
        isNull(dictionaryItems.companyId),
        inArray(
          dictionaryItems.companyId,
          companies.map((c) => c.id),
        ),
      ),
    );
  const ids = new Map(rows.map((row) => [`${row.dictionary}|${row.companyId ?? ''}|${row.code}`, row.id]));
  return { dictionaries: new Dictionaries(ids), added };
}
