import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageTabs } from './page-tabs';

const TABS = [
  { path: '/home', search: '', title: '首页' },
  { path: '/order', search: '', title: '登记管理' },
];

function renderTabs() {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <PageTabs tabs={TABS} activeKey="/home" isClosable={(p) => p !== '/home'} onSelect={onSelect} onClose={onClose} />,
  );
  return { onSelect, onClose };
}

describe('PageTabs (issue 18, accessibility)', () => {
  it('holds only tabs in its tablist: no close button, no English name', () => {
    renderTabs();
    const tablist = screen.getByRole('tablist');
    // antd's "more" button stays hidden while every tab fits.
    const shown = [...tablist.querySelectorAll('button')].filter((b) => b.style.visibility !== 'hidden');
    expect(shown).toHaveLength(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '登记管理']);
    expect(screen.queryByLabelText('remove')).toBeNull();
  });

  it('closes a tab by its × without selecting it, and by Delete on the focused tab', () => {
    const { onSelect, onClose } = renderTabs();
    const order = screen.getByRole('tab', { name: '登记管理' });
    fireEvent.click(order.querySelector('[aria-hidden=true]')!);
    expect(onClose).toHaveBeenCalledWith('/order');
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.keyDown(order, { key: 'Delete' });
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByRole('tab', { name: '首页' }), { key: 'Delete' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
