import type { ManagerLink, ManagerLinkBody, ManagerType } from '@atrium/contracts';
import { z } from 'zod';

/** The managers a person has one of, in the spec's order. */
export const SINGLE_MANAGERS = [
  { code: 'manager', label: 'Manager' },
  { code: 'deputy', label: 'Deputy' },
  { code: 'hrbp', label: 'HR business partner' },
] as const;
type SingleCode = (typeof SINGLE_MANAGERS)[number]['code'];

export type ExtraManagerRow = { linkId: number | null; manager_type: number | null; manager: number | null };
export type SubordinationValues = Record<SingleCode, number | null> & { extras: ExtraManagerRow[] };

export const blankExtraRow = (): ExtraManagerRow => ({ linkId: null, manager_type: null, manager: null });
const isBlank = (row: ExtraManagerRow) => row.manager_type === null && row.manager === null;
/** Spec: a new extra-manager row appears once the last one is filled. */
export const needsNewExtraRow = (rows: ExtraManagerRow[]) => {
  const last = rows.at(-1);
  return !last || (last.manager_type !== null && last.manager !== null);
};

/** An extra-manager row needs both its type and its manager; the blank row waiting at the end needs none. */
const ExtraManagerRowSchema = z
  .object({
    linkId: z.number().nullable(),
    manager_type: z.number().nullable(),
    manager: z.number().nullable(),
  })
  .superRefine((row, ctx) => {
    if (isBlank(row)) return;
    if (row.manager_type === null) {
      ctx.addIssue({ code: 'custom', path: ['manager_type'], message: 'Manager type is required' });
    }
    if (row.manager === null)
      ctx.addIssue({ code: 'custom', path: ['manager'], message: 'Manager is required' });
  });

export const SubordinationSchema = z.object({
  manager: z.number().nullable(),
  deputy: z.number().nullable(),
  hrbp: z.number().nullable(),
  extras: z.array(ExtraManagerRowSchema),
});

const extraLinks = (links: ManagerLink[]) => links.filter((link) => link.manager_type.code === 'extra');

export function subordinationValuesOf(links: ManagerLink[]): SubordinationValues {
  const single = (code: SingleCode) =>
    links.find((link) => link.manager_type.code === code)?.manager.id ?? null;
  return {
    manager: single('manager'),
    deputy: single('deputy'),
    hrbp: single('hrbp'),
    extras: [
      ...extraLinks(links).map((link) => ({
        linkId: link.id,
        manager_type: link.manager_type.id,
        manager: link.manager.id,
      })),
      blankExtraRow(),
    ],
  };
}

/** A link to add, and where in the form it comes from: a single manager's field or an extra row. */
export type Addition = { body: ManagerLinkBody } & ({ field: SingleCode } | { row: number });

/**
 * The calls that turn `links` into `values`: links to delete and links to add. A changed manager, deputy
 * or HR business partner is only added, since the server replaces the current one of that type; a
 * changed extra row is its old link deleted and a new one added.
 */
export function subordinationChanges(
  userId: number,
  links: ManagerLink[],
  types: ManagerType[],
  values: SubordinationValues,
): { removals: number[]; additions: Addition[] } {
  const removals: number[] = [];
  const additions: Addition[] = [];
  for (const { code } of SINGLE_MANAGERS) {
    const link = links.find((each) => each.manager_type.code === code);
    const type = types.find((each) => each.code === code);
    const next = values[code];
    if (next === (link?.manager.id ?? null)) continue;
    if (next !== null && type) {
      additions.push({ body: { user: userId, manager: next, manager_type: type.id }, field: code });
    } else if (next === null && link) removals.push(link.id);
  }
  const unchanged = (link: ManagerLink, row: ExtraManagerRow) =>
    row.linkId === link.id && row.manager === link.manager.id && row.manager_type === link.manager_type.id;
  for (const link of extraLinks(links)) {
    if (!values.extras.some((row) => unchanged(link, row))) removals.push(link.id);
  }
  values.extras.forEach((row, index) => {
    const { manager, manager_type } = row;
    // Half-filled rows never get here (the form's check stops them), blank ones are skipped.
    if (manager === null || manager_type === null || links.some((link) => unchanged(link, row))) return;
    additions.push({ body: { user: userId, manager, manager_type }, row: index });
  });
  return { removals, additions };
}
