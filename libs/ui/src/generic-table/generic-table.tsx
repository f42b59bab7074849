import {
  Empty,
  Table,
  type PaginationProps,
  type TableColumnType,
  type TablePaginationConfig,
  type TableProps,
  type TableRef,
} from 'antd';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { loadColumnWidths, saveColumnWidths, type ColumnWidths } from './column-widths.js';
import { ResizableHeaderCell, type ResizableHeaderCellProps } from './resizable-header-cell.js';
import './generic-table.css';

/** A data column; grouped columns (children) are not supported. */
export type GenericColumn<T> = TableColumnType<T>;

export const EMPTY_CELL = '-';
export const DEFAULT_COLUMN_WIDTH = 120;
/** Body height of a virtual table without `scroll.y`: antd's virtual list needs a number (antd Table `virtual`). */
export const DEFAULT_TABLE_SCROLL_Y = 400;
const INDEX_COLUMN_WIDTH = 60;
/** Room for antd's own selection and expand columns when summing scroll.x. */
const EXTRA_COLUMN_WIDTH = 48;

export interface GenericTableProps<T extends object> extends Omit<TableProps<T>, 'columns' | 'scroll'> {
  /** Names the table for its saved column widths: localStorage `table-widths-{tableKey}`. */
  tableKey: string;
  columns: GenericColumn<T>[];
  /** Adds the 序号 column, counting on across pages. Default true. */
  showIndex?: boolean;
  /** `y` is the body height of the virtual list; `x` defaults to the sum of the column widths. */
  scroll?: { x?: number; y?: number };
}

export function isEmptyCellValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Where a column's width is saved: its dataIndex (spec: the column property), else its key. */
export function columnStorageId<T>(column: GenericColumn<T>): string | undefined {
  const { dataIndex, key } = column;
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  if (dataIndex !== undefined && dataIndex !== null) return String(dataIndex);
  return key === undefined || key === null ? undefined : String(key);
}

function withDash<T>(column: GenericColumn<T>): GenericColumn<T>['render'] {
  const { render } = column;
  return (value, record, index) => {
    const shown = render ? render(value, record, index) : (value as ReactNode);
    return isEmptyCellValue(shown) ? EMPTY_CELL : shown;
  };
}

/** antd names its pager buttons by their icons ("left", "double-right"); these are the locale's words. */
const PAGER_NAMES: Record<string, string> = {
  prev: '上一页',
  next: '下一页',
  'jump-prev': '向前 5 页',
  'jump-next': '向后 5 页',
};

const namedPagerItem: NonNullable<PaginationProps['itemRender']> = (_page, type, element) =>
  PAGER_NAMES[type] && isValidElement<{ 'aria-label'?: string }>(element)
    ? cloneElement(element, { 'aria-label': PAGER_NAMES[type] })
    : element;

/** What the keyboard can reach: a disabled control (an empty list's select-all box) is not. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * WCAG 2.1.1 (axe scrollable-region-focusable): a table wider than its card scrolls sideways; with
 * nothing inside to tab to (an empty list) the keyboard could not scroll it, so its scroll area takes
 * focus itself. Checked after each render, when rows or widths have changed.
 */
export function useKeyboardScroll() {
  const ref = useRef<TableRef>(null);
  useEffect(() => {
    const areas = ref.current?.nativeElement?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body');
    areas?.forEach((area) => {
      if (area.scrollWidth > area.clientWidth && !area.querySelector(FOCUSABLE)) area.tabIndex = 0;
      else area.removeAttribute('tabindex');
    });
  });
  return ref;
}

function usePageOffset<T>(pagination: TableProps<T>['pagination']) {
  const config: TablePaginationConfig | undefined = pagination === false ? undefined : pagination;
  const [page, setPage] = useState({
    current: config?.defaultCurrent ?? 1,
    pageSize: config?.defaultPageSize ?? 10,
  });
  if (pagination === false) return { offset: 0, setPage };
  const current = config?.current ?? page.current;
  const pageSize = config?.pageSize ?? page.pageSize;
  return { offset: (current - 1) * pageSize, setPage };
}

/**
 * antd Table with the house rules of spec §2.3: 序号 column, '-' for empty cells, '暂无数据', zebra rows,
 * native-title tooltips on overflowing cells, draggable column edges remembered per table, and
 * virtual scrolling (antd `virtual`, on by default). Select-all already skips rows whose
 * `getCheckboxProps` disables them; selection (radio/checkbox) and `expandable` pass straight to antd.
 */
export function GenericTable<T extends object>({
  tableKey,
  columns,
  showIndex = true,
  virtual = true,
  scroll,
  pagination,
  locale,
  rowClassName,
  className,
  components,
  rowSelection,
  expandable,
  onChange,
  ...rest
}: GenericTableProps<T>) {
  const [saved, setSaved] = useState(() => ({ tableKey, widths: loadColumnWidths(tableKey) }));
  if (saved.tableKey !== tableKey) setSaved({ tableKey, widths: loadColumnWidths(tableKey) });
  const widths = saved.widths;
  const { offset, setPage } = usePageOffset(pagination);
  const tableRef = useKeyboardScroll();

  const shownColumns = useMemo(() => {
    const resize = (id: string, width: number, persist: boolean) =>
      setSaved((prev) => {
        const next: ColumnWidths = { ...prev.widths, [id]: Math.round(width) };
        if (persist) saveColumnWidths(prev.tableKey, next);
        return { ...prev, widths: next };
      });
    const dataColumns = columns.map((column): GenericColumn<T> => {
      const id = columnStorageId(column);
      const baseWidth = typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH;
      const width = (id && widths[id]) || baseWidth;
      const headerCell: ResizableHeaderCellProps | undefined = id
        ? {
            resizableWidth: width,
            onResizeWidth: (w) => resize(id, w, false),
            onResizeWidthStop: (w) => resize(id, w, true),
          }
        : undefined;
      return {
        ellipsis: true,
        ...column,
        width,
        render: withDash(column),
        onHeaderCell: (col) => ({
          ...column.onHeaderCell?.(col),
          // antd forwards these to components.header.cell (antd resizable-column demo).
          ...(headerCell as HTMLAttributes<HTMLElement>),
        }),
      };
    });
    if (!showIndex) return dataColumns;
    const indexColumn: GenericColumn<T> = {
      key: '__index',
      title: '序号',
      width: INDEX_COLUMN_WIDTH,
      align: 'center',
      fixed: 'left',
      render: (_value, _record, index) => offset + index + 1,
    };
    return [indexColumn, ...dataColumns];
  }, [columns, widths, showIndex, offset]);

  const scrollX =
    scroll?.x ??
    shownColumns.reduce((sum, c) => sum + (c.width as number), 0) +
      (rowSelection ? EXTRA_COLUMN_WIDTH : 0) +
      (expandable ? EXTRA_COLUMN_WIDTH : 0);

  return (
    <Table<T>
      {...rest}
      ref={tableRef}
      className={['checkup-generic-table', className].filter(Boolean).join(' ')}
      columns={shownColumns}
      virtual={virtual}
      scroll={{ x: scrollX, y: scroll?.y ?? (virtual ? DEFAULT_TABLE_SCROLL_Y : undefined) }}
      pagination={pagination === false ? false : { itemRender: namedPagerItem, ...pagination }}
      rowSelection={rowSelection}
      expandable={expandable}
      components={{ ...components, header: { ...components?.header, cell: ResizableHeaderCell } }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
        ...locale,
      }}
      rowClassName={(record, index, indent) =>
        [
          index % 2 === 1 ? 'checkup-generic-table__row--odd' : '',
          typeof rowClassName === 'function' ? rowClassName(record, index, indent) : rowClassName,
        ]
          .filter(Boolean)
          .join(' ')
      }
      onChange={(page, filters, sorter, extra) => {
        setPage({ current: page.current ?? 1, pageSize: page.pageSize ?? 10 });
        onChange?.(page, filters, sorter, extra);
      }}
    />
  );
}
