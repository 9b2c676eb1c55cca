import type { AuditLogEntry } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fake-api';
import { renderUi } from '../../../ui/test-utils';
import { AuditTab, shownValue } from './audit-tab';

const AUDIT = 'GET /api/audit/';

const anEntry = (id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  // Midday UTC: the same calendar day in any time zone the tests run in.
  at: '2026-11-20T12:00:00.000Z',
  action: 'user.update',
  entity: 'user',
  entity_id: '12',
  actor: { id: 3, full_name: 'Hanna Berg' },
  changes: [{ field: 'Nickname', before: null, after: 'emo' }],
  ...overrides,
});

const page = (results: AuditLogEntry[], count = results.length, next: string | null = null) =>
  json(200, { count, next, results });

/** A change line, read whole (its field, before and after are separate pieces of text). */
const changeLine = (text: string) => (_: string, node: Element | null) =>
  node?.tagName === 'LI' && node.textContent === text;

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Audit tab', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists when, who, what and each changed field from before to after, for the person asked for', async () => {
    const api = stubApi({
      [AUDIT]: () =>
        page([
          anEntry(2, {
            changes: [
              { field: 'Hire date', before: '2021-02-01', after: '2022-03-04' },
              { field: 'VHI', before: false, after: true },
              { field: 'Gender', before: 'Male', after: 'Female' },
            ],
          }),
          anEntry(1, {
            action: 'task.approve',
            actor: { id: 5, full_name: 'Maya Chen' },
            changes: [{ field: 'Request', before: null, after: 'A new laptop' }],
          }),
        ]),
    });
    renderUi(<AuditTab userId={12} />);

    const table = await screen.findByRole('table', { name: 'Profile history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What', 'Changes']);
    const [, edit, approval] = within(table).getAllByRole('row') as HTMLElement[];
    const [when, who, what, changes] = cellsOf(edit!);
    expect(when).toMatch(/^20\.11\.2026 \d\d:\d\d$/);
    expect([who, what]).toEqual(['Hanna Berg', 'Profile edited']);
    expect(
      within(edit!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hire date: 01.02.2021 → 04.03.2022', 'VHI: No → Yes', 'Gender: Male → Female']);
    expect(changes).toContain('Gender: Male → Female');
    // A decision records what was decided on, not a change of earlier values: the value alone.
    expect(cellsOf(approval!).slice(1)).toEqual(['Maya Chen', 'Request approved', 'Request: A new laptop']);
    expect(api.callsTo(AUDIT)[0]?.path).toBe('/api/audit/?user_id=12&page=1');
  });

  it('names the server itself as System and shows an entry without field changes', async () => {
    stubApi({
      [AUDIT]: () =>
        page([
          anEntry(4, { action: 'document.purge', actor: null }),
          anEntry(3, { action: 'document.download', changes: [] }),
          anEntry(2, { action: 'something.new', changes: [] }),
        ]),
    });
    renderUi(<AuditTab userId={12} />);

    const table = await screen.findByRole('table', { name: 'Profile history' });
    const [, purge, download, unknown] = within(table).getAllByRole('row') as HTMLElement[];
    expect(cellsOf(purge!).slice(1, 3)).toEqual(['System', 'Unfinished upload removed']);
    expect(cellsOf(download!).slice(1)).toEqual(['Hanna Berg', 'Document opened', '—']);
    expect(cellsOf(unknown!).slice(2)).toEqual(['something.new', '—']);
  });

  it('shows the entries as cards on a phone, what, when, who and the changes in each', async () => {
    // The phone's width: below Mantine's sm breakpoint.
    const setup = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...setup(query),
      matches: query === '(max-width: 47.99em)',
    }));
    stubApi({
      [AUDIT]: () => page([anEntry(1, { changes: [{ field: 'Gender', before: 'Male', after: 'Female' }] })]),
    });
    renderUi(<AuditTab userId={12} />);

    const list = await screen.findByRole('list', { name: 'Profile history' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(list.children).toHaveLength(1);
    const card = list.firstElementChild as HTMLElement;
    expect(card).toHaveTextContent('Profile edited');
    expect(card).toHaveTextContent(/20\.11\.2026 \d\d:\d\d/);
    expect(card).toHaveTextContent('Hanna Berg');
    expect(within(card).getByText(changeLine('Gender: Male → Female'))).toBeInTheDocument();
  });

  it('says "No changes recorded yet" when there is nothing in the log', async () => {
    stubApi({ [AUDIT]: () => page([]) });
    renderUi(<AuditTab userId={12} />);

    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages 20 entries at a time, asking the server for the page chosen', async () => {
    const api = stubApi({
      [AUDIT]: (call) => {
        const number = Number(call.query.get('page'));
        const first = 45 - (number - 1) * 20;
        const size = Math.min(20, 45 - (number - 1) * 20);
        return page(
          Array.from({ length: size }, (_, index) =>
            anEntry(first - index, {
              changes: [{ field: 'Nickname', before: null, after: `v${first - index}` }],
            }),
          ),
          45,
        );
      },
    });
    const { user } = renderUi(<AuditTab userId={12} />);

    expect(await screen.findByText(changeLine('Nickname: — → v45'))).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(await screen.findByText(changeLine('Nickname: — → v5'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6));
    expect(screen.queryByText(changeLine('Nickname: — → v45'))).toBeNull();
    expect(api.callsTo(AUDIT).map((call) => call.query.get('page'))).toEqual(['1', '3']);
  });

  it('says who may see the history when the server refuses', async () => {
    stubApi({ [AUDIT]: () => json(403, { error: 'You do not have permission to perform this action.' }) });
    renderUi(<AuditTab userId={12} />);

    expect(await screen.findByText('Only HR sees the history of a profile')).toBeInTheDocument();
  });
});

describe('audit values', () => {
  it('reads nothing as a dash, yes and no in words, a day as dd.mm.yyyy and the rest as it is', () => {
    expect([null, '', true, false, '1992-04-18', 'emo', 2, '2026-11-20T12:00:00Z'].map(shownValue)).toEqual([
      '—',
      '—',
      'Yes',
      'No',
      '18.04.1992',
      'emo',
      '2',
      '2026-11-20T12:00:00Z',
    ]);
  });
});
