// Issue 25: on a narrow screen the rows stack as cards and each cell shows its column's label (Table.module.css reads
// `data-label`); the browser layout itself is checked by e2e/tests/no-sideways-scroll.spec.ts.
import { cleanup, render, screen } from '@testing-library/react';
import { Table } from './Table';

afterEach(cleanup);

const labelsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.getAttribute('data-label'));

describe('Table on a narrow screen', () => {
  it('labels every cell with its column: a string header is the label, a column with another header gives one', () => {
    render(
      <Table
        caption="Orders"
        columns={[
          { key: 'status', header: 'Status' },
          { key: 'amount', header: <abbr title="Amount">Amt</abbr>, label: 'Amount', align: 'end' },
          { key: 'actions', header: <span>Actions</span> },
        ]}
        rows={[{ key: '1', cells: { status: 'Completed', amount: '0.5', actions: <button type="button">Repeat</button> } }]}
      />,
    );
    const [, row] = screen.getAllByRole('row');
    // a header that is not text and has no label: its cells show no label (the button says what it does)
    expect(labelsOf(row)).toEqual(['Status', 'Amount', null]);
    // the table keeps its header row for screen readers
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('a table of one column labels no cell: every card is the same kind of thing', () => {
    render(<Table columns={[{ key: 'pair', header: 'Pair' }]} rows={[{ key: 'a', cells: { pair: 'BTC to ETH' } }]} />);
    expect(labelsOf(screen.getAllByRole('row')[1])).toEqual([null]);
  });

  it('the empty text is one cell with no label', () => {
    render(
      <Table
        columns={[
          { key: 'a', header: 'A' },
          { key: 'b', header: 'B' },
        ]}
        rows={[]}
        empty="No withdrawals yet"
      />,
    );
    const cell = screen.getByRole('cell', { name: 'No withdrawals yet' });
    expect(cell.getAttribute('data-label')).toBeNull();
  });
});
