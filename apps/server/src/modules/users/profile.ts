import { type Profile, SOCIAL_NETWORKS } from '@atrium/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { companies, departments, dictionaryItems, users } from '../../db/schema/index';
import type { PeopleVersion } from '../../lib/people-version';
import { createVersionedCache } from '../../lib/versioned-cache';
import { managerName } from './directory';
import { accessFrom, standingColumns } from './policy';

const jobPosition = alias(dictionaryItems, 'job_position');
const country = alias(dictionaryItems, 'country');
const location = alias(dictionaryItems, 'location');
const department = alias(departments, 'department');
const division = alias(departments, 'division');

/** The profile's statement: the person, their names and places, and the viewer's standing. */
const profileStatement = preparedOnce('profile', (db, name) =>
  db
    .select({
      user: users,
      ...standingColumns(sql.placeholder('viewer')),
      companyName: companies.name,
      jobPositionName: jobPosition.name,
      countryName: country.name,
      locationName: location.name,
      departmentName: department.name,
      divisionName: division.name,
      managerName,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(jobPosition, eq(jobPosition.id, users.jobPositionId))
    .leftJoin(country, eq(country.id, users.countryId))
    .leftJoin(location, eq(location.id, users.locationId))
    .leftJoin(department, eq(department.id, users.departmentId))
    .leftJoin(division, eq(division.id, users.divisionId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name),
);

/**
 * A profile as the viewer may see it, private fields only for the person themself and HR; null when
 * the person does not exist for the viewer. One statement, the viewer's standing included.
 */
export async function loadProfile(db: Db, viewerId: number, targetId: number): Promise<Profile | null> {
  const [row] = await profileStatement(db).execute({ id: targetId, viewer: viewerId });
  if (!row) return null;
  const u = row.user;
  // The four fields the policy reads, not a copy of the person's seventy columns on every request.
  const access = accessFrom(viewerId, {
    id: u.id,
    companyId: u.companyId,
    shareCompany: row.shareCompany,
    isHr: row.isHr,
  });
  if (!access) return null;
  const social = u.social ?? {};
  const profile: Profile = {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    nickname: u.nickname,
    avatar: u.avatar,
    status: u.status as Profile['status'],
    company: u.companyId,
    company_name: row.companyName,
    job_position: u.jobPositionId,
    job_position_name: row.jobPositionName ?? 'N/A',
    job_position_official: u.jobPositionOfficialId,
    division: u.divisionId,
    division_name: row.divisionName,
    department: u.departmentId,
    department_name: row.departmentName,
    country: u.countryId,
    country_name: row.countryName,
    location: u.locationId,
    location_name: row.locationName,
    gmt: u.gmt,
    gender: u.genderId,
    grade: u.gradeId,
    legal_entity: u.legalEntityId,
    employment_type: u.employmentTypeId,
    shoe_size: u.shoeSizeId,
    clothing_size: u.clothingSizeId,
    nutrition: u.nutritionId,
    status_visible: u.statusVisibleId,
    special_event: u.specialEventId,
    dms: u.dms,
    // Everyone may see the day to wish a happy birthday; the year is private.
    birthday: u.birthdate ? u.birthdate.slice(5) : null,
    hire_date: u.hireDate,
    first_hire_date: u.firstHireDate,
    dismissal_date: u.dismissalDate,
    about_me: u.aboutMe,
    manager_name: row.managerName,
    social,
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, social[network] ?? null])),
    can_edit: access.editMode !== 'none',
    edit_mode: access.editMode,
  };
  if (access.seesPrivate) {
    Object.assign(profile, {
      private_email: u.privateEmail,
      mobile_phone: u.mobilePhone,
      birthdate: u.birthdate,
      passport_expiry: u.passportExpiry,
      visa_expiry: u.visaExpiry,
      residence_permit_expiry: u.residencePermitExpiry,
      private_folder: u.privateFolder,
    });
  }
  return profile;
}

/**
 * Profiles one process keeps, each a few kB: the people a viewer opens in a day, for many viewers.
 */
const PROFILE_CACHE_ENTRIES = 1000;

/**
 * A profile as `loadProfile` gives it, kept per process under the people version (decision 0037), which
 * every write to what the profile shows or to the viewer's standing moves (migrations 0022 and 0026):
 * a profile asked for again is answered without a statement while the version heard holds. Kept per
 * viewer and person, since what a viewer may see of a person is part of the answer.
 */
export function createKeptProfiles(db: Db, version: PeopleVersion) {
  const profiles = createVersionedCache<Profile | null>(PROFILE_CACHE_ENTRIES);
  return async (viewerId: number, targetId: number) =>
    profiles.get(`${viewerId}:${targetId}`, await version.current(), () =>
      loadProfile(db, viewerId, targetId),
    );
}
