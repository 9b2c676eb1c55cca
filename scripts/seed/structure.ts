import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import {
  companies,
  departments,
  levelTypes,
  managerLinks,
  users,
} from '../../apps/server/src/db/schema/index';
import { insertRows, reserveIds } from './bulk';
import { asciiSlug, TEAM_NAMES } from './names';
import type { FixedPerson } from './people';
import type { Random } from './random';

/**
 * Companies and their structure: level types, the department tree (Division › Department › Team) and the
 * seats people fill in it. A plan is built in memory first, ids are reserved, then nodes are inserted;
 * people.ts and managers.ts turn the seats into users and manager links.
 */

export type CompanySpec = { name: string; domain: string; vacationAllowance: number };

export type Company = CompanySpec & {
  id: number;
  /** Level type ids by depth: 1 Division, 2 Department, 3 Team. */
  levelTypes: Record<Depth, number>;
};

type Depth = 1 | 2 | 3;
const LEVEL_TYPES: Record<Depth, string> = { 1: 'Division', 2: 'Department', 3: 'Team' };

export function companySpec(name: string, vacationAllowance = 28): CompanySpec {
  return { name, domain: `${asciiSlug(name.replace(/&/g, 'and'))}.test`, vacationAllowance };
}

/** Finds each company by name or creates it with its level types; an existing one is left as it is. */
export async function ensureCompanies(db: Db, specs: readonly CompanySpec[]): Promise<Company[]> {
  const result: Company[] = [];
  for (const spec of specs) {
    let [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, spec.name))
      .orderBy(companies.id)
      .limit(1);
    if (!row) {
      const logo = logoDataUrl(spec.name);
      [row] = await db
        .insert(companies)
        .values({ name: spec.name, logo, logoSmall: logo, vacationAllowance: spec.vacationAllowance })
        .returning({ id: companies.id });
    }
    if (!row) throw new Error(`company ${spec.name} not created`);
    result.push({ ...spec, id: row.id, levelTypes: await ensureLevelTypes(db, row.id) });
  }
  return result;
}

async function ensureLevelTypes(db: Db, companyId: number): Promise<Record<Depth, number>> {
  const existing = await db.select().from(levelTypes).where(eq(levelTypes.companyId, companyId));
  const ids = {} as Record<Depth, number>;
  for (const depth of [1, 2, 3] as const) {
    let id = existing.find((t) => t.depth === depth)?.id;
    if (id === undefined) {
      const [row] = await db
        .insert(levelTypes)
        .values({ companyId, depth, name: LEVEL_TYPES[depth] })
        .returning({ id: levelTypes.id });
      id = row?.id;
    }
    if (id === undefined) throw new Error('level type not created');
    ids[depth] = id;
  }
  return ids;
}

/** A small square logo with the company's initials, as a data URL (no file to serve). */
function logoDataUrl(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="hsl(${hue},55%,42%)"/>` +
    `<text x="32" y="41" font-family="Arial,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A division kind: how big it grows relative to the others, its titles, department names, staff titles. */
export type DivisionSpec = {
  name: string;
  weight: number;
  head: string;
  departmentHead: string;
  teamLead: string;
  departments: readonly string[];
  positions: readonly string[];
};

export const HRBP_TITLE = 'HR Business Partner';

/** Where the CEO sits, the top of each company; it gets no departments. */
export const EXECUTIVE_OFFICE: DivisionSpec = {
  name: 'Executive Office',
  weight: 0,
  head: 'Chief Executive Officer',
  departmentHead: 'Chief of Staff',
  teamLead: 'Chief of Staff',
  departments: [],
  positions: ['Executive Assistant', 'Internal Communications Manager'],
};

/** In the order a growing company adds them. */
export const DIVISIONS: readonly DivisionSpec[] = [
  {
    name: 'Engineering',
    weight: 30,
    head: 'VP of Engineering',
    departmentHead: 'Director of Engineering',
    teamLead: 'Engineering Manager',
    departments: ['Backend', 'Frontend', 'Mobile', 'Platform', 'Data', 'Quality Assurance'],
    positions: [
      'Software Engineer',
      'Senior Software Engineer',
      'Frontend Developer',
      'Backend Developer',
      'Mobile Developer',
      'QA Engineer',
      'DevOps Engineer',
      'Data Engineer',
    ],
  },
  {
    name: 'Sales',
    weight: 14,
    head: 'VP of Sales',
    departmentHead: 'Sales Director',
    teamLead: 'Sales Team Lead',
    departments: ['Enterprise Sales', 'SMB Sales', 'Partnerships', 'Sales Operations'],
    positions: [
      'Account Executive',
      'Sales Development Representative',
      'Account Manager',
      'Partner Manager',
    ],
  },
  {
    name: 'Customer Success',
    weight: 12,
    head: 'VP of Customer Success',
    departmentHead: 'Support Director',
    teamLead: 'Support Team Lead',
    departments: ['Support', 'Onboarding', 'Customer Success'],
    positions: [
      'Support Specialist',
      'Customer Success Manager',
      'Onboarding Specialist',
      'Support Engineer',
    ],
  },
  {
    name: 'Product',
    weight: 10,
    head: 'Chief Product Officer',
    departmentHead: 'Group Product Manager',
    teamLead: 'Lead Product Manager',
    departments: ['Product Management', 'Design', 'Research', 'Analytics'],
    positions: ['Product Manager', 'Product Designer', 'UX Researcher', 'Data Analyst', 'Product Owner'],
  },
  {
    name: 'Operations',
    weight: 8,
    head: 'Chief Operating Officer',
    departmentHead: 'Operations Director',
    teamLead: 'Operations Lead',
    departments: ['Logistics', 'Procurement', 'Facilities', 'IT Support'],
    positions: ['Operations Specialist', 'Logistics Coordinator', 'Procurement Specialist', 'Office Manager'],
  },
  {
    name: 'Marketing',
    weight: 7,
    head: 'Chief Marketing Officer',
    departmentHead: 'Marketing Director',
    teamLead: 'Marketing Lead',
    departments: ['Brand', 'Growth', 'Content', 'Events'],
    positions: [
      'Marketing Specialist',
      'Content Writer',
      'SEO Specialist',
      'Event Manager',
      'Graphic Designer',
    ],
  },
  {
    name: 'Finance',
    weight: 5,
    head: 'Chief Financial Officer',
    departmentHead: 'Finance Director',
    teamLead: 'Finance Lead',
    departments: ['Accounting', 'Payroll', 'Financial Planning', 'Treasury'],
    positions: ['Accountant', 'Financial Analyst', 'Payroll Specialist', 'Controller'],
  },
  {
    name: 'People & Culture',
    weight: 5,
    head: 'Chief People Officer',
    departmentHead: 'HR Director',
    teamLead: 'HR Lead',
    departments: ['Recruiting', 'HR Operations', 'Learning & Development', 'Compensation & Benefits'],
    positions: ['Recruiter', 'HR Specialist', 'L&D Specialist', 'Compensation Analyst'],
  },
  {
    name: 'Legal',
    weight: 3,
    head: 'General Counsel',
    departmentHead: 'Legal Director',
    teamLead: 'Senior Counsel',
    departments: ['Corporate Legal', 'Compliance', 'Privacy'],
    positions: ['Legal Counsel', 'Paralegal', 'Compliance Officer'],
  },
];

export const divisionSpec = (name: string): DivisionSpec => {
  const spec = DIVISIONS.find((d) => d.name === name);
  if (!spec) throw new Error(`unknown division ${name}`);
  return spec;
};

/** A user or a node: the id is known for existing rows and assigned when ids are reserved for new ones. */
export type Ref = { id: number };
export type Role = 'ceo' | 'divisionHead' | 'hrbp' | 'departmentHead' | 'teamLead' | 'member';
type ManagerType = 'manager' | 'deputy' | 'hrbp' | 'extra';
type Link = { type: ManagerType; manager: Ref };

/** A place for one person in the plan; `fixed` names a demo account, otherwise a person is generated. */
export type Seat = Ref & {
  role: Role;
  title: string;
  node: Ref;
  divisionNode: Ref;
  links: Link[];
  fixed?: FixedPerson;
};

export type NewNode = Ref & { parent: Ref | null; depth: Depth; name: string };

type Division = {
  spec: DivisionSpec;
  node: Ref;
  head: Ref;
  hrbp: Ref | null;
  /** The division's first department head, deputy of the division head for the other department heads. */
  deputy: Ref | null;
  departments: number;
};
type Department = {
  division: Division;
  node: Ref;
  head: Ref;
  deputy: Ref | null;
  leads: Ref[];
  /** Order among the plan's departments. */
  index: number;
};
type Team = { department: Department; node: Ref; lead: Ref; hrbp: Ref | null };

/** The divisions a company already has (by name), so that a second seed run grows the same tree. */
export type ExistingOrg = Map<string, Omit<Division, 'spec' | 'deputy'>>;

/**
 * Reads the company's divisions. A division's head is the first person placed at its node (the seed
 * places the head first); its HR business partner is the head's hrbp link.
 */
export async function loadOrg(db: Db, company: Company, hrbpTypeId: number): Promise<ExistingOrg> {
  const rows = await queryRows<{ id: number; name: string; head: number | null; departments: number }>(
    db,
    sql`select d.id, d.name, h.id as head,
          (select count(*)::int from ${departments} c where c.parent_id = d.id) as departments
        from ${departments} d
        left join lateral (select min(u.id) as id from ${users} u where u.department_id = d.id) h on true
        where d.company_id = ${company.id} and d.level_type_id = ${company.levelTypes[1]} and d.parent_id is null
        order by d.id`,
  );
  const heads = rows.flatMap((row) => (row.head === null ? [] : [Number(row.head)]));
  const hrbps = heads.length
    ? await db
        .select({ userId: managerLinks.userId, managerId: managerLinks.managerId })
        .from(managerLinks)
        .where(and(inArray(managerLinks.userId, heads), eq(managerLinks.managerTypeId, hrbpTypeId)))
    : [];
  const org: ExistingOrg = new Map();
  for (const row of rows) {
    if (row.head === null || org.has(row.name)) continue;
    const head = Number(row.head);
    const hrbp = hrbps.find((link) => link.userId === head)?.managerId;
    org.set(row.name, {
      node: { id: Number(row.id) },
      head: { id: head },
      hrbp: hrbp === undefined ? null : { id: hrbp },
      departments: Number(row.departments),
    });
  }
  return org;
}

/** Department and team sizes: about 40 people a department, 8 a team. */
const TEAMS_PER_DEPARTMENT: [number, number] = [3, 7];
const MEMBERS_PER_TEAM: [number, number] = [4, 10];
/** A new company gets one division per this many people, up to the whole catalogue. */
const PEOPLE_PER_DIVISION = 25;
const EXTRA_MANAGER_SHARE = 0.03;

export class OrgPlan {
  readonly nodes: NewNode[] = [];
  readonly seats: Seat[] = [];
  /** Generated (not fixed) people planned so far. */
  generated = 0;
  private readonly divisions = new Map<string, Division>();
  /** Departments planned so far, for varied team names. */
  private departments = 0;

  constructor(
    private readonly rng: Random,
    existing: ExistingOrg,
  ) {
    const specs = [EXECUTIVE_OFFICE, ...DIVISIONS];
    for (const [name, division] of existing) {
      const spec = specs.find((s) => s.name === name);
      if (spec) this.divisions.set(name, { ...division, spec, deputy: null });
    }
  }

  /** Plans generated people until `total` have been planned, growing the tree as a company grows. */
  fillTo(total: number) {
    const left = () => total - this.generated;
    if (left() <= 0) return;
    this.office();
    const wanted = Math.min(DIVISIONS.length, Math.ceil(total / PEOPLE_PER_DIVISION));
    const candidates = DIVISIONS.filter((spec, i) => i < wanted || this.divisions.has(spec.name));
    while (left() > 0) {
      // A new division needs room for its head, its HR business partner and a department head.
      const open = candidates.filter((spec) => this.divisions.has(spec.name) || left() >= 3);
      if (!open.length) {
        this.officeMember();
        continue;
      }
      const load = (spec: DivisionSpec) => (this.divisions.get(spec.name)?.departments ?? 0) / spec.weight;
      const spec = open.reduce((best, next) => (load(next) < load(best) ? next : best));
      const department = this.department(this.division(spec));
      const teams = this.rng.int(...TEAMS_PER_DEPARTMENT);
      for (let t = 0; t < teams && left() > 0; t++) {
        const team = this.team(department);
        const members = this.rng.int(...MEMBERS_PER_TEAM);
        for (let m = 0; m < members && left() > 0; m++) this.member(team);
      }
    }
  }

  /** The Executive Office, created with the CEO (the one person without a manager) when missing. */
  office(): Division {
    const found = this.divisions.get(EXECUTIVE_OFFICE.name);
    if (found) return found;
    const node = this.node(null, 1, EXECUTIVE_OFFICE.name);
    const ceo = this.seat({ role: 'ceo', title: EXECUTIVE_OFFICE.head, node, divisionNode: node, links: [] });
    const office: Division = {
      spec: EXECUTIVE_OFFICE,
      node,
      head: ceo,
      hrbp: null,
      deputy: null,
      departments: 0,
    };
    this.divisions.set(EXECUTIVE_OFFICE.name, office);
    return office;
  }

  /** Someone working directly for the CEO. */
  officeMember(person?: FixedPerson): Seat {
    const office = this.office();
    return this.seat({
      role: 'member',
      title: person?.title ?? this.rng.pick(EXECUTIVE_OFFICE.positions),
      node: office.node,
      divisionNode: office.node,
      links: [{ type: 'manager', manager: office.head }],
      fixed: person,
    });
  }

  /** The division, created with its head and HR business partner (`hrbp`, else generated) when missing. */
  division(spec: DivisionSpec, hrbp?: FixedPerson): Division {
    let division = this.divisions.get(spec.name);
    if (!division) {
      const office = this.office();
      const node = this.node(null, 1, spec.name);
      const head = this.seat({
        role: 'divisionHead',
        title: spec.head,
        node,
        divisionNode: node,
        links: link('manager', office.head),
      });
      division = { spec, node, head, hrbp: null, deputy: null, departments: 0 };
      this.divisions.set(spec.name, division);
      division.hrbp = this.partner(division, hrbp);
      head.links.push({ type: 'hrbp', manager: division.hrbp });
    } else if (hrbp) {
      // An existing division keeps its partner; the demo's partner is added beside it.
      const partner = this.partner(division, hrbp);
      division.hrbp ??= partner;
    }
    return division;
  }

  private partner(division: Division, person?: FixedPerson): Seat {
    return this.seat({
      role: 'hrbp',
      title: HRBP_TITLE,
      node: division.node,
      divisionNode: division.node,
      links: link('manager', division.head),
      fixed: person,
    });
  }

  department(division: Division): Department {
    const { departments: names } = division.spec;
    const k = division.departments++;
    const base = names[k % names.length] as string;
    const name = k < names.length ? base : `${base} ${Math.floor(k / names.length) + 1}`;
    const node = this.node(division.node, 2, name);
    const head = this.seat({
      role: 'departmentHead',
      title: division.spec.departmentHead,
      node,
      divisionNode: division.node,
      links: [
        ...link('manager', division.head),
        ...link('deputy', division.deputy),
        ...link('hrbp', division.hrbp),
      ],
    });
    division.deputy ??= head;
    return { division, node, head, deputy: null, leads: [], index: this.departments++ };
  }

  team(department: Department, options: { lead?: FixedPerson; hrbp?: Ref } = {}): Team {
    const { division } = department;
    // Departments start at different names, so that not every first team is called Atlas.
    const name = TEAM_NAMES[(department.index * 7 + department.leads.length) % TEAM_NAMES.length] as string;
    const node = this.node(department.node, 3, name);
    const hrbp = options.hrbp ?? division.hrbp;
    const lead = this.seat({
      role: 'teamLead',
      title: options.lead?.title ?? division.spec.teamLead,
      node,
      divisionNode: division.node,
      links: [
        ...link('manager', department.head),
        ...link('deputy', department.deputy),
        ...link('hrbp', hrbp),
      ],
      fixed: options.lead,
    });
    // The first team's lead stands in for the department head.
    department.deputy ??= lead;
    department.leads.push(lead);
    return { department, node, lead, hrbp };
  }

  member(team: Team, person?: FixedPerson): Seat {
    const { department } = team;
    const others = department.leads.filter((lead) => lead !== team.lead);
    const extra =
      !person && others.length && this.rng.chance(EXTRA_MANAGER_SHARE) ? this.rng.pick(others) : null;
    return this.seat({
      role: 'member',
      title: person?.title ?? this.rng.pick(department.division.spec.positions),
      node: team.node,
      divisionNode: department.division.node,
      links: [...link('manager', team.lead), ...link('hrbp', team.hrbp), ...link('extra', extra)],
      fixed: person,
    });
  }

  seatOf(person: FixedPerson): Seat {
    const seat = this.seats.find((s) => s.fixed === person);
    if (!seat) throw new Error(`${person.email} has no seat`);
    return seat;
  }

  private node(parent: Ref | null, depth: Depth, name: string): NewNode {
    const node = { id: 0, parent, depth, name };
    this.nodes.push(node);
    return node;
  }

  private seat(seat: Omit<Seat, 'id'>): Seat {
    const placed = { id: 0, ...seat };
    this.seats.push(placed);
    if (!seat.fixed) this.generated++;
    return placed;
  }
}

const link = (type: ManagerType, manager: Ref | null): Link[] => (manager ? [{ type, manager }] : []);

/** Gives the plan's new nodes their ids and inserts them (parents come before their children). */
export async function insertNodes(db: Db, company: Company, nodes: readonly NewNode[]): Promise<void> {
  const ids = await reserveIds(db, departments, nodes.length);
  nodes.forEach((node, i) => {
    node.id = ids[i] as number;
  });
  await insertRows(
    db,
    departments,
    nodes.map((node) => ({
      id: node.id,
      companyId: company.id,
      parentId: node.parent?.id ?? null,
      levelTypeId: company.levelTypes[node.depth],
      name: node.name,
    })),
  );
}
