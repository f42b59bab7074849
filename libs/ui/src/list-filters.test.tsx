import './test/jsdom-stubs.js';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox, usePaging } from './list-filters.js';

describe('list filters', () => {
  it('searches with the trimmed words on Enter, and with nothing when cleared', () => {
    const onSearch = vi.fn();
    render(<SearchBox label="姓名或体检号" placeholder="姓名或体检号，回车" onSearch={onSearch} />);
    const box = screen.getByLabelText('姓名或体检号');
    fireEvent.change(box, { target: { value: '  张三 ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenLastCalledWith('张三');
    fireEvent.click(document.querySelector('.ant-input-clear-icon')!);
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('pages with a size changer and 共 N 条, and goes back to the first page', () => {
    const { result } = renderHook(() => usePaging(50));
    const first = result.current.pagination(120);
    expect(first).toMatchObject({ current: 1, pageSize: 50, total: 120, showSizeChanger: true });
    expect((first.showTotal as (total: number, range: [number, number]) => string)(120, [1, 50])).toBe('共 120 条');
    act(() => first.onChange!(3, 20));
    expect(result.current.page).toEqual({ page: 3, size: 20 });
    act(() => result.current.firstPage());
    expect(result.current.page).toEqual({ page: 1, size: 20 });
  });
});
