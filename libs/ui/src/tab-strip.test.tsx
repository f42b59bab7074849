import './test/jsdom-stubs.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabStrip, type TabStripItem } from './tab-strip.js';

const items: TabStripItem[] = [
  { item_code: '01', item_name: '未检', num: 3 },
  { item_code: '00', item_name: '全部', num: 12 },
  { item_code: '02', item_name: '已检', num: 9 },
];

function selectedTab(): string | null {
  return screen.getByRole('tab', { selected: true }).textContent;
}

describe('TabStrip', () => {
  it('labels each tab item_name (num)', () => {
    render(<TabStrip items={items} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['未检 (3)', '全部 (12)', '已检 (9)']);
  });

  it('opens on item_code 00 by default, wherever it sits', () => {
    render(<TabStrip items={items} />);
    expect(selectedTab()).toBe('全部 (12)');
  });

  it('reports the item_code of a clicked tab and switches when uncontrolled', () => {
    const onChange = vi.fn();
    render(<TabStrip items={items} onChange={onChange} />);
    fireEvent.click(screen.getByText('已检 (9)'));
    expect(onChange).toHaveBeenCalledWith('02');
    expect(selectedTab()).toBe('已检 (9)');
  });

  it('follows activeKey when controlled', () => {
    const onChange = vi.fn();
    const { rerender } = render(<TabStrip items={items} activeKey="01" onChange={onChange} />);
    expect(selectedTab()).toBe('未检 (3)');
    fireEvent.click(screen.getByText('已检 (9)'));
    expect(onChange).toHaveBeenCalledWith('02');
    expect(selectedTab()).toBe('未检 (3)');
    rerender(<TabStrip items={items} activeKey="02" onChange={onChange} />);
    expect(selectedTab()).toBe('已检 (9)');
  });

  it('works with a parent holding the state', () => {
    function Parent() {
      const [code, setCode] = useState('00');
      return (
        <>
          <TabStrip items={items} activeKey={code} onChange={setCode} />
          <output>{code}</output>
        </>
      );
    }
    render(<Parent />);
    fireEvent.click(screen.getByText('未检 (3)'));
    expect(screen.getByRole('status').textContent).toBe('01');
    expect(selectedTab()).toBe('未检 (3)');
  });
});
