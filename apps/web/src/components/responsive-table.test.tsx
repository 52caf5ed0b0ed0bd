import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';

interface Person {
  id: number;
  name: string;
  email: string;
  leases: number;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Max Mustermann', email: 'max@example.com', leases: 1 },
  { id: 2, name: 'Erika Musterfrau', email: 'erika@example.com', leases: 0 },
];

const COLUMNS: ResponsiveColumn<Person>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (p) => p.name },
  { key: 'email', header: 'E-Mail', cell: (p) => p.email },
  { key: 'leases', header: 'Leasingverträge', numeric: true, cell: (p) => p.leases },
  {
    key: 'actions',
    header: 'Aktionen',
    unlabelledOnPhone: true,
    cell: (p) => <button>{`Ausscheiden ${p.name}`}</button>,
  },
];

function renderPeople(props: Partial<Parameters<typeof ResponsiveTable<Person>>[0]> = {}) {
  return renderWithProviders(
    <ResponsiveTable
      caption="Beschäftigte"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(p) => p.id}
      rowAttributes={(p) => ({ 'data-testid': 'person', 'data-person-id': p.id })}
      testId="people"
      minWidth={700}
      {...props}
    />,
  );
}

describe('ResponsiveTable', () => {
  it('is one table: caption, column headings, a row header per row and one cell per further column', () => {
    renderPeople();
    const table = screen.getByRole('table', { name: 'Beschäftigte' });
    expect(table).toHaveAttribute('data-testid', 'people');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-Mail', 'Leasingverträge', 'Aktionen']);
    const rows = screen.getAllByTestId('person');
    expect(rows.map((row) => row.getAttribute('data-person-id'))).toEqual(['1', '2']);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Max Mustermann');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['max@example.com', '1', 'Ausscheiden Max Mustermann']);
  });

  it("names each cell's column for the phone's card, except a column whose content names itself", () => {
    renderPeople();
    const [email, leases, actions] = within(screen.getAllByTestId('person')[1]!).getAllByRole('cell');
    expect(email).toHaveAttribute('data-label', 'E-Mail');
    expect(leases).toHaveAttribute('data-label', 'Leasingverträge');
    expect(actions).not.toHaveAttribute('data-label');
    // The row's name is the card's title, not a labelled line.
    expect(within(screen.getAllByTestId('person')[1]!).getByRole('rowheader')).not.toHaveAttribute('data-label');
  });

  it('lets the scroller take the focus as a named region only for a table without controls', () => {
    const { unmount } = renderPeople();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    renderPeople({ focusableScroller: true });
    const region = screen.getByRole('region', { name: 'Beschäftigte' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('hands the minimum width and the number of figure columns to its styles', () => {
    const { container } = renderPeople();
    const root = container.querySelector<HTMLElement>('[style*="--responsive-table-min-width"]');
    expect(root?.style.getPropertyValue('--responsive-table-min-width')).toBe('700px');
    // Every column but the row header: the phone's figures sit side by side in that many columns.
    expect(root?.style.getPropertyValue('--responsive-table-figures')).toBe('3');
  });
});
