import type { SyntheticEvent, ThHTMLAttributes } from 'react';
import { Resizable, type ResizeCallbackData } from 'react-resizable';

export const MIN_COLUMN_WIDTH = 40;

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Set only on resizable columns; the others render a plain header cell. */
  resizableWidth?: number;
  onResizeWidth?: (width: number) => void;
  onResizeWidthStop?: (width: number) => void;
}

/** Header cell whose right edge drags the column width (react-resizable, as in antd's resizable-column demo). */
export function ResizableHeaderCell({
  resizableWidth,
  onResizeWidth,
  onResizeWidthStop,
  ...thProps
}: ResizableHeaderCellProps) {
  if (resizableWidth === undefined) return <th {...thProps} />;
  return (
    <Resizable
      width={resizableWidth}
      height={0}
      axis="x"
      resizeHandles={['e']}
      minConstraints={[MIN_COLUMN_WIDTH, 0]}
      handle={
        <span
          className="checkup-generic-table__resize-handle"
          data-testid="column-resize-handle"
          // A drag on the edge must not also sort the column.
          onClick={(e) => e.stopPropagation()}
        />
      }
      draggableOpts={{ enableUserSelectHack: false }}
      onResize={(_e: SyntheticEvent, { size }: ResizeCallbackData) => onResizeWidth?.(size.width)}
      onResizeStop={(_e: SyntheticEvent, { size }: ResizeCallbackData) => onResizeWidthStop?.(size.width)}
    >
      <th {...thProps} />
    </Resizable>
  );
}
