import type { DepartmentNode } from '@atrium/contracts';
import type { Db } from '../../db/client';
import type { PeopleVersion } from '../../lib/people-version';
import { createVersionedCache } from '../../lib/versioned-cache';
import { departmentTree } from './service';

/**
 * Companies whose trees one process keeps. A tree of 15,000 nodes (the seed's 100,000-person company)
 * is about 3 MB and takes 60–70 ms to read and order, on every opening of a department list.
 */
const TREE_CACHE_ENTRIES = 8;

/**
 * A company's whole department tree, kept under the people version, which every write to departments
 * or users moves (decisions 0018, 0021, 0030): the structure routes answer from it without reading the
 * tree again until one of those changes. Callers share the kept nodes and must not change them.
 */
export type KeptTrees = (companyId: number) => Promise<DepartmentNode[]>;

export function createKeptTrees(db: Db, version: PeopleVersion): KeptTrees {
  const trees = createVersionedCache<DepartmentNode[]>(TREE_CACHE_ENTRIES);
  return async (companyId) =>
    trees.get(String(companyId), await version.current(), () => departmentTree(db, companyId));
}
