import '../test/jsdom-stubs.js';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GenericTable, type GenericColumn } from './generic-table.js';

interface Person {
  id: number;
  name: string | null;
  dept?: string;
}

const columns: GenericColumn<Person>[] = [
  { title: '姓名', dataIndex: 'name', width: 100 },
  { title: '科室', dataIndex: 'dept', width: 150 },
];

function people(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `受检者${i + 1}`, dept: '内科' }));
}

function bodyRows(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row'));
}

describe('GenericTable', () => {
  beforeEach(() => window.localStorage.clear());

  it('names the pager buttons in Chinese, not by their icons (issue 18, accessibility)', () => {
    render(<GenericTable tableKey="t" rowKey="id" columns={columns} dataSource={people(80)} virtual={false} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /left|right/ })).toBeNull();
  });

  it('shows 暂无数据 when there are no rows', () => {
    render(<GenericTable tableKey="t" rowKey="id" columns={columns} dataSource={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows a dash for null, undefined and empty cells, also after a custom render', () => {
    const data: Person[] = [
      { id: 1, name: null },
      { id: 2, name: '', dept: '外科' },
    ];
    const cols: GenericColumn<Person>[] = [
      ...columns,
      { title: '备注', key: 'note', width: 80, render: () => undefined },
    ];
    const { container } = render(
      <GenericTable tableKey="t" rowKey="id" columns={cols} dataSource={data} virtual={false} />,
    );
    const [first, second] = bodyRows(container);
    const cells = (row: HTMLElement | undefined) => Array.from(row!.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells(first)).toEqual(['1', '-', '-', '-']);
    expect(cells(second)).toEqual(['2', '-', '外科', '-']);
  });

  it('marks every other row for shading and sets a title on overflowing cells', () => {
    const { container } = render(
      <GenericTable tableKey="t" rowKey="id" columns={columns} dataSource={people(3)} virtual={false} />,
    );
    const rows = bodyRows(container);
    expect(rows.map((r) => r.classList.contains('checkup-generic-table__row--odd'))).toEqual([false, true, false]);
    expect(within(rows[0]!).getByText('受检者1').closest('[title]')?.getAttribute('title')).toBe('受检者1');
  });

  it('numbers rows on from the previous page when paginated', () => {
    const { container } = render(
      <GenericTable
        tableKey="t"
        rowKey="id"
        columns={columns}
        dataSource={people(25)}
        pagination={{ pageSize: 10 }}
        virtual={false}
      />,
    );
    expect(bodyRows(container)[0]!.querySelector('td')!.textContent).toBe('1');
    fireEvent.click(screen.getByTitle('2'));
    const rows = bodyRows(container);
    expect(rows[0]!.querySelector('td')!.textContent).toBe('11');
    expect(rows[9]!.querySelector('td')!.textContent).toBe('20');
  });

  it('select-all leaves disabled rows unselected', () => {
    const selected: React.Key[][] = [];
    render(
      <GenericTable
        tableKey="t"
        rowKey="id"
        columns={columns}
        dataSource={people(4)}
        virtual={false}
        rowSelection={{
          type: 'checkbox',
          getCheckboxProps: (p) => ({ disabled: p.id % 2 === 0 }),
          onChange: (keys) => selected.push(keys),
        }}
      />,
    );
    const [selectAll] = screen.getAllByRole('checkbox');
    fireEvent.click(selectAll!);
    expect(selected.at(-1)).toEqual([1, 3]);
  });

  it('offers radio selection', () => {
    render(
      <GenericTable
        tableKey="t"
        rowKey="id"
        columns={columns}
        dataSource={people(2)}
        virtual={false}
        rowSelection={{ type: 'radio' }}
      />,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('saves a dragged width under table-widths-{key} and restores it on the next mount', () => {
    const { container, unmount } = render(
      <GenericTable tableKey="orders" rowKey="id" columns={columns} dataSource={people(2)} />,
    );
    const [, nameHandle] = screen.getAllByTestId('column-resize-handle');
    act(() => {
      fireEvent.mouseDown(nameHandle!, { clientX: 100, clientY: 0, button: 0 });
      fireEvent.mouseMove(document, { clientX: 160, clientY: 0 });
      fireEvent.mouseUp(document, { clientX: 160, clientY: 0 });
    });
    expect(JSON.parse(window.localStorage.getItem('table-widths-orders')!)).toEqual({ dept: 210 });
    expect(headerWidth(container, '科室')).toBe('210');
    unmount();

    const again = render(<GenericTable tableKey="orders" rowKey="id" columns={columns} dataSource={people(2)} />);
    expect(headerWidth(again.container, '科室')).toBe('210');
    expect(headerWidth(again.container, '姓名')).toBe('100');
  });

  it('ignores a corrupt stored value', () => {
    window.localStorage.setItem('table-widths-orders', '{not json');
    const { container } = render(
      <GenericTable tableKey="orders" rowKey="id" columns={columns} dataSource={people(1)} />,
    );
    expect(headerWidth(container, '科室')).toBe('150');
    window.localStorage.setItem('table-widths-other', JSON.stringify({ dept: 'wide', name: 90 }));
    const other = render(<GenericTable tableKey="other" rowKey="id" columns={columns} dataSource={people(1)} />);
    expect(headerWidth(other.container, '科室')).toBe('150');
    expect(headerWidth(other.container, '姓名')).toBe('90');
  });

  it('renders 10,000 rows virtually, keeping only a window of them in the DOM', () => {
    const { container } = render(
      <GenericTable
        tableKey="big"
        rowKey="id"
        columns={columns}
        dataSource={people(10_000)}
        pagination={false}
        scroll={{ y: 400 }}
      />,
    );
    expect(container.querySelector('.ant-table-tbody-virtual')).toBeTruthy();
    const rows = bodyRows(container);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(50);
    expect(screen.getByText('受检者1')).toBeTruthy();
    expect(screen.queryByText('受检者10000')).toBeNull();
  });

  it('moves the window when the virtual body scrolls, numbering rows by their place in the data', () => {
    const { container } = render(
      <GenericTable
        tableKey="big"
        rowKey="id"
        columns={columns}
        dataSource={people(10_000)}
        pagination={false}
        scroll={{ y: 400 }}
      />,
    );
    const holder = container.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder')!;
    act(() => {
      holder.scrollTop = 5_000 * 55;
      fireEvent.scroll(holder);
    });
    const rows = bodyRows(container);
    expect(rows.length).toBeLessThan(50);
    expect(screen.queryByText('受检者1')).toBeNull();
    const firstName = rows[0]!.querySelectorAll('.ant-table-cell')[1]!.textContent!;
    const firstNumber = rows[0]!.querySelector('.ant-table-cell')!.textContent;
    expect(Number(firstName.replace('受检者', ''))).toBeGreaterThan(1_000);
    expect(firstNumber).toBe(firstName.replace('受检者', ''));
  });
});

/** The width rc-table gives a column: the <col> in the header's colgroup at that header's position. */
function headerWidth(container: HTMLElement, title: string): string | null {
  const header = container.querySelector('.ant-table-thead');
  const ths = Array.from(header!.querySelectorAll('th'));
  const position = ths.findIndex((th) => th.textContent === title);
  const cols = header!.closest('table')!.querySelectorAll('colgroup col');
  const col = cols[position] as HTMLElement | undefined;
  return col?.style.width.replace('px', '') ?? null;
}
