import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type TemplateField, type TemplateStep, taskTemplates } from '../../db/schema/index';

/** What a company's template row holds, minus its identity. */
export type TemplateDefinition = {
  key: string;
  name: string;
  icon: string | null;
  typeKey: number | null;
  factory: boolean;
  description: string;
  form: TemplateField[];
  steps: TemplateStep[];
  parallel?: boolean;
  slaDays?: number;
  /** The completion and rejection effect (tasks/effects.ts); the absence templates' (decision 0011). */
  effect?: string;
};

type FieldSpec = Pick<TemplateField, 'title' | 'name' | 'field_type'> & Partial<TemplateField>;

/** A form field with the spec's every attribute, positioned by its place in `fields`. */
function fields(...specs: FieldSpec[]): TemplateField[] {
  return specs.map((spec, position) => ({
    required: false,
    regex: null,
    mask: null,
    hint: null,
    extra: {},
    if_field: null,
    if_field_value: null,
    values_url: null,
    values: null,
    icon: null,
    ...spec,
    position,
  }));
}

const choices = (...names: [id: string, name: string][]) => names.map(([id, name]) => ({ id, name }));

const BY_MANAGER: TemplateStep = { name: 'Approval by the manager', role: 'manager' };
const BY_HRBP: TemplateStep = { name: 'Approval by the HR business partner', role: 'hrbp' };
const BY_HR: TemplateStep = { name: 'Approval by HR', role: 'hr' };
/**
 * HR's approval of a factory request goes to the person's own HR business partner (HR by definition),
 * not to whichever HR has the fewest open steps: so each request lands with the HR who knows the person,
 * and the demo routes predictably (employee@ → manager@ → hr@demo.test) however many steps HR holds.
 * Without an HR business partner the engine's stand-ins apply (deputy, the next manager up, HR).
 */
const BY_OWN_HR: TemplateStep = { name: 'Approval by HR', role: 'hrbp' };

/** The from_date and to_date of an absence (spec §3: its inputParams). */
const period = (hint: string): FieldSpec[] => [
  { title: 'Start date', name: 'from_date', field_type: 'date', required: true, hint },
  { title: 'End date', name: 'to_date', field_type: 'date', required: true },
];

/**
 * The six templates the spec knows by key: absences and trips with their own request forms and
 * endpoints (modules/absences) and their effects (decision 0011), so they are not factory tasks. Type keys follow
 * spec §9 (24 vacation, 20 trip, 28 sick leave); 22 and 26 go to the unpaid leave and the internal
 * sick days, the icons the web app gives those numbers.
 */
const KNOWN_TEMPLATES: TemplateDefinition[] = [
  {
    key: 'vacation_approval',
    effect: 'vacation',
    name: 'Vacation',
    icon: null,
    typeKey: 24,
    factory: false,
    description: 'Paid vacation days from your balance.',
    form: fields(...period('The first day of your vacation')),
    steps: [BY_MANAGER, BY_HRBP],
  },
  {
    key: 'leave_at_own_expense_approval',
    effect: 'own_expense',
    name: 'Leave at own expense',
    icon: null,
    typeKey: 22,
    factory: false,
    description: 'Unpaid days off.',
    form: fields(...period('The first unpaid day'), {
      title: 'Reason',
      name: 'reason',
      field_type: 'text',
      extra: { max_len: 500 },
    }),
    steps: [BY_MANAGER, BY_HRBP],
  },
  {
    key: 'business_trip_approval',
    effect: 'business_trip',
    name: 'Business trip',
    icon: null,
    typeKey: 20,
    factory: false,
    description: 'Travel on company business.',
    form: fields(
      { title: 'Start date', name: 'from_date', field_type: 'date', required: true },
      { title: 'End date', name: 'to_date', field_type: 'date', required: true },
      {
        title: 'Destination',
        name: 'destination',
        field_type: 'string',
        required: true,
        extra: { max_len: 100 },
      },
      { title: 'Purpose', name: 'purpose', field_type: 'text', required: true, extra: { max_len: 1000 } },
    ),
    steps: [BY_MANAGER, BY_HR],
  },
  {
    key: 'official_sick_leave_approval',
    effect: 'sick_leave',
    name: 'Sick leave',
    icon: null,
    typeKey: 28,
    factory: false,
    description: 'Sick leave with a doctor’s certificate.',
    form: fields(...period('The first day of the sick leave')),
    steps: [BY_HR],
  },
  {
    key: 'internal_hospital_staff',
    effect: 'sick_leave',
    name: 'Sick days (staff)',
    icon: null,
    typeKey: 26,
    factory: false,
    description: 'Sick days without a certificate, for employees.',
    form: fields(...period('The first sick day')),
    steps: [BY_MANAGER],
  },
  {
    key: 'internal_hospital_gph',
    effect: 'sick_leave',
    name: 'Sick days (contractors)',
    icon: null,
    typeKey: 26,
    factory: false,
    description: 'Sick days without a certificate, for contractors.',
    form: fields(...period('The first sick day')),
    steps: [BY_MANAGER, BY_HR],
  },
];

/**
 * Factory templates: requests whose whole form the server defines. Each shows a conditional field and
 * the checks the server applies (lengths, masks, bounds, dates, choices, files).
 */
const FACTORY_TEMPLATES: TemplateDefinition[] = [
  {
    key: 'equipment_request',
    name: 'Equipment request',
    icon: 'laptop',
    typeKey: null,
    factory: true,
    description: 'A laptop, a monitor, a phone or anything else you need for your work.',
    form: fields(
      {
        title: 'Equipment',
        name: 'equipment',
        field_type: 'select',
        required: true,
        values: choices(['laptop', 'Laptop'], ['monitor', 'Monitor'], ['phone', 'Phone'], ['other', 'Other']),
      },
      {
        title: 'What do you need?',
        name: 'equipment_other',
        field_type: 'string',
        required: true,
        hint: 'Name the item, e.g. a docking station',
        extra: { min_len: 3, max_len: 100 },
        if_field: 'equipment',
        if_field_value: 'other',
      },
      {
        title: 'Reason',
        name: 'reason',
        field_type: 'text',
        required: true,
        hint: 'Why you need it and what you will use it for',
        extra: { min_len: 10, max_len: 1000 },
      },
      {
        title: 'Needed by',
        name: 'needed_by',
        field_type: 'date',
        required: true,
        extra: { min_date: 'today' },
      },
      {
        title: 'Quote',
        name: 'quote',
        field_type: 'file',
        hint: 'A quote or a link to the product as PDF or picture, if you have one',
        extra: { max: 3 },
      },
    ),
    steps: [BY_MANAGER, BY_OWN_HR],
  },
  {
    key: 'business_card_order',
    name: 'Business card order',
    icon: 'id',
    typeKey: null,
    factory: true,
    description: 'Printed business cards with your name and contact details.',
    form: fields(
      {
        title: 'Name on the card',
        name: 'card_name',
        field_type: 'string',
        required: true,
        extra: { min_len: 2, max_len: 40 },
      },
      { title: 'Job title on the card', name: 'card_title', field_type: 'string', extra: { max_len: 60 } },
      {
        title: 'Phone',
        name: 'phone',
        field_type: 'phone',
        required: true,
        mask: '+9 999 999 9999',
        regex: '\\+\\d \\d{3} \\d{3} \\d{4}',
        hint: 'As printed: +1 555 123 4567',
      },
      {
        title: 'Quantity',
        name: 'quantity',
        field_type: 'amount',
        required: true,
        hint: 'Cards are printed in boxes of 50 to 500',
        extra: { min: 50, max: 500 },
      },
      { title: 'Print on both sides', name: 'double_sided', field_type: 'toggle' },
      {
        title: 'Text on the back',
        name: 'back_text',
        field_type: 'text',
        required: true,
        extra: { max_len: 200 },
        if_field: 'double_sided',
        if_field_value: true,
      },
      {
        title: 'Delivery',
        name: 'delivery',
        field_type: 'radios',
        required: true,
        values: choices(['office', 'To the office'], ['home', 'To my home address']),
      },
      {
        title: 'Home address',
        name: 'home_address',
        field_type: 'text',
        required: true,
        extra: { min_len: 10, max_len: 300 },
        if_field: 'delivery',
        if_field_value: 'home',
      },
    ),
    steps: [BY_MANAGER, BY_OWN_HR],
  },
  {
    key: 'certificate_of_employment',
    name: 'Certificate of employment',
    icon: 'certificate',
    typeKey: null,
    factory: true,
    description: 'A signed letter confirming your employment, position and salary if you ask for it.',
    form: fields(
      {
        title: 'Purpose',
        name: 'purpose',
        field_type: 'radios',
        required: true,
        values: choices(['bank', 'Bank or loan'], ['visa', 'Visa or embassy'], ['other', 'Other']),
      },
      {
        title: 'Addressed to',
        name: 'addressee',
        field_type: 'string',
        required: true,
        hint: 'The organisation the certificate is for',
        extra: { min_len: 2, max_len: 120 },
        if_field: 'purpose',
        if_field_value: 'other',
      },
      { title: 'Include salary', name: 'include_salary', field_type: 'toggle' },
      {
        title: 'Copies',
        name: 'copies',
        field_type: 'amount',
        required: true,
        extra: { min: 1, max: 5 },
      },
      {
        title: 'Language',
        name: 'language',
        field_type: 'select',
        required: true,
        values: choices(['en', 'English'], ['de', 'German'], ['fr', 'French'], ['es', 'Spanish']),
      },
      {
        title: 'Needed by',
        name: 'delivery_date',
        field_type: 'date',
        required: true,
        hint: 'HR needs at least two days',
        extra: { min_date: 'today+2' },
      },
    ),
    steps: [BY_MANAGER, BY_OWN_HR],
  },
];

export const DEFAULT_TEMPLATES: readonly TemplateDefinition[] = [...KNOWN_TEMPLATES, ...FACTORY_TEMPLATES];

/**
 * Gives a company every default template it lacks, by key: a template a company already has (perhaps
 * reworded or deactivated by its HR) is left alone, so running it again changes nothing. Returns how many
 * were added.
 */
export async function ensureTemplates(db: Db | Tx, companyId: number): Promise<number> {
  const existing = new Set(
    (
      await db
        .select({ key: taskTemplates.key })
        .from(taskTemplates)
        .where(eq(taskTemplates.companyId, companyId))
    ).map((row) => row.key),
  );
  const missing = DEFAULT_TEMPLATES.filter((template) => !existing.has(template.key));
  if (missing.length === 0) return 0;
  await db
    .insert(taskTemplates)
    .values(missing.map((template) => ({ ...template, companyId })))
    // Two seeds at once (server start and the CLI) may both see a key missing; the first one wins.
    .onConflictDoNothing({ target: [taskTemplates.companyId, taskTemplates.key] });
  return missing.length;
}
