import { crc32, deflateSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { documentFiles, documents, users } from '../../apps/server/src/db/schema/index';
import { DEMO_ACCOUNTS, DEMO_CORP } from './demo';
import type { Dictionaries } from './dictionaries';
import type { Company } from './structure';

/**
 * Personal documents: Emil, Maya and Helen (the demo employee, manager and HR accounts) get a few each,
 * small generated PDFs and a picture filed under Demo Corp's categories and types, so that the Documents
 * tab of their profiles shows something real. Generated people get none: the bytes are the costly part
 * of a large seed and nothing at scale needs them. Only an account without documents gets them, so a
 * second run adds none. Dates are days before `now`.
 */
export async function seedDocuments(
  db: Db,
  companies: readonly Company[],
  dictionaries: Dictionaries,
  now: Date,
): Promise<{ documents: number }> {
  const demo = companies.find((company) => company.name === DEMO_CORP.name);
  if (!demo) return { documents: 0 };
  const accounts = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.companyId, demo.id),
        inArray(
          users.email,
          Object.values(DEMO_ACCOUNTS).map((account) => account.email),
        ),
      ),
    );
  const account = (key: DemoKey) => accounts.find((row) => row.email === DEMO_ACCOUNTS[key].email);
  const filed = await db
    .select({ userId: documents.userId })
    .from(documents)
    .where(
      inArray(
        documents.userId,
        accounts.map((row) => row.id),
      ),
    );
  const hasDocuments = new Set(filed.map((row) => row.userId));
  const rows = DEMO_DOCUMENTS.flatMap((plan) => {
    const owner = account(plan.owner);
    const by = account(plan.by);
    if (!owner || !by || hasDocuments.has(owner.id)) return [];
    const at = new Date(now.getTime() - plan.daysAgo * DAY);
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    const bytes = plan.lines
      ? onePagePdf(plan.title, [demo.name, `Employee: ${ownerName}`, `Date: ${day(at)}`, '', ...plan.lines])
      : idCardPng();
    const document = {
      companyId: demo.id,
      userId: owner.id,
      title: plan.title,
      categoryId: dictionaries.id('StorageCategory', plan.category, demo.id),
      typeId: dictionaries.id('StorageType', plan.type, demo.id),
      fileName: plan.fileName(ownerName),
      contentType: plan.lines ? 'application/pdf' : 'image/png',
      size: bytes.length,
      uploadedAt: at,
      createdBy: by.id,
      createdAt: at,
      updatedAt: at,
    };
    return [{ document, bytes }];
  });
  // Oldest first, so that ids grow with the dates and the newest is listed first.
  rows.sort((a, b) => a.document.createdAt.getTime() - b.document.createdAt.getTime());
  if (rows.length === 0) return { documents: 0 };
  const inserted = await db
    .insert(documents)
    .values(rows.map((row) => row.document))
    .returning({ id: documents.id, userId: documents.userId, title: documents.title });
  // An owner's titles are distinct, so owner and title tell which bytes are whose.
  const bytesOf = (userId: number, title: string) =>
    rows.find((row) => row.document.userId === userId && row.document.title === title)?.bytes;
  await db.insert(documentFiles).values(
    inserted.map((row) => {
      const bytes = bytesOf(row.userId, row.title);
      if (!bytes) throw new Error(`no file for document ${row.title}`);
      return { documentId: row.id, bytes };
    }),
  );
  return { documents: rows.length };
}

const DAY = 24 * 60 * 60 * 1000;
const day = (at: Date) => at.toISOString().slice(0, 10);

type DemoKey = keyof typeof DEMO_ACCOUNTS;
type DemoDocument = {
  owner: DemoKey;
  /** Who filed it: the owner, or HR for them. */
  by: DemoKey;
  title: string;
  category: 'contracts' | 'certificates' | 'personal' | 'payroll' | 'medical' | 'other';
  type: 'scan' | 'original' | 'copy' | 'electronic';
  fileName: (ownerName: string) => string;
  daysAgo: number;
  /** The text of its PDF under the heading; none for a scanned card, which is a picture (PNG). */
  lines?: readonly string[];
};

/** The account's employment contract, filed by HR when they joined. */
const contract = (owner: DemoKey, daysAgo: number): DemoDocument => ({
  owner,
  by: 'hr',
  title: 'Employment contract',
  category: 'contracts',
  type: 'original',
  fileName: (name) => `Employment contract - ${name}.pdf`,
  daysAgo,
  lines: [
    'This employment contract is a sample generated for the Atrium demo.',
    'Position, salary and working hours are as agreed in the offer letter.',
    'Signed by both parties.',
  ],
});

/** The month's payslip, filed by HR. */
const payslip = (owner: DemoKey): DemoDocument => ({
  owner,
  by: 'hr',
  title: 'Payslip',
  category: 'payroll',
  type: 'electronic',
  fileName: () => 'payslip.pdf',
  daysAgo: 12,
  lines: ['Gross pay, deductions and net pay of the month.', 'This payslip is a demo sample.'],
});

const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  contract('employee', 420),
  {
    owner: 'employee',
    by: 'employee',
    title: 'Passport',
    category: 'personal',
    type: 'scan',
    fileName: () => 'passport-scan.png',
    daysAgo: 400,
  },
  {
    owner: 'employee',
    by: 'employee',
    title: 'First aid course certificate',
    category: 'certificates',
    type: 'copy',
    fileName: () => 'first-aid-certificate.pdf',
    daysAgo: 120,
    lines: ['Has completed the eight-hour first aid at work course.', 'Valid for three years.'],
  },
  {
    owner: 'employee',
    by: 'employee',
    title: 'Medical check-up',
    category: 'medical',
    type: 'scan',
    fileName: () => 'medical-check-up.pdf',
    daysAgo: 45,
    lines: ['Periodic occupational health check-up: fit for work.'],
  },
  payslip('employee'),
  contract('manager', 900),
  {
    owner: 'manager',
    by: 'manager',
    title: 'Leadership programme certificate',
    category: 'certificates',
    type: 'electronic',
    fileName: () => 'leadership-programme.pdf',
    daysAgo: 200,
    lines: ['Has completed the twelve-week leadership programme.'],
  },
  payslip('manager'),
  contract('hr', 1500),
  {
    owner: 'hr',
    by: 'hr',
    title: 'HR practitioner certificate',
    category: 'certificates',
    type: 'copy',
    fileName: () => 'hr-practitioner-certificate.pdf',
    daysAgo: 300,
    lines: ['Certified HR practitioner.'],
  },
  {
    owner: 'hr',
    by: 'hr',
    title: 'ID card',
    category: 'personal',
    type: 'scan',
    fileName: () => 'id-card.png',
    daysAgo: 30,
  },
];

/**
 * A one-page A4 PDF 1.4 with a heading and lines of text in Helvetica: the smallest document every
 * viewer opens without complaint, with a cross-reference table whose offsets are exact. Text is ASCII.
 */
export function onePagePdf(heading: string, lines: readonly string[]): Uint8Array {
  const text = (value: string) => {
    if (/[^\x20-\x7e]/.test(value)) throw new Error(`PDF text must be printable ASCII: ${value}`);
    return `(${value.replace(/[\\()]/g, '\\$&')}) Tj`;
  };
  const content = [
    'BT',
    '/F1 20 Tf',
    '72 760 Td',
    text(heading),
    '/F1 11 Tf',
    '0 -32 Td',
    ...lines.flatMap((line) => [text(line), '0 -18 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = pdf.length;
  // Each entry is exactly 20 bytes: ten-digit offset, five-digit generation, n or f, space and newline.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // ASCII only, so characters and bytes count alike and the offsets hold.
  return new TextEncoder().encode(pdf);
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small picture of an identity card (96 × 60 RGB PNG): a pale card, a grey photo box and lines of
 * "text". Drawn here so that the seed needs no binary files.
 */
export function idCardPng(): Uint8Array {
  const width = 96;
  const height = 60;
  const colour = (x: number, y: number): [number, number, number] => {
    const border = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
    if (border) return [70, 90, 160];
    if (x >= 8 && x < 32 && y >= 12 && y < 48) return [150, 155, 165];
    const line = x >= 40 && x < 88 && [14, 22, 30, 38].some((top) => y >= top && y < top + 3);
    if (line) return [110, 115, 125];
    return [232, 238, 250];
  };
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3);
    // Filter type 0 (none) for every row.
    rows[start] = 0;
    for (let x = 0; x < width; x++) rows.set(colour(x, y), start + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 2 (RGB), deflate, no filter method extras, not interlaced.
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(rows)),
      pngChunk('IEND', new Uint8Array()),
    ]),
  );
}
