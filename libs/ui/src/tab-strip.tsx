import { Tabs, type TabsProps } from 'antd';

export interface TabStripItem {
  item_code: string;
  item_name: string;
  num: number | string;
}

/** spec §2.4: the tab shown first unless told otherwise. */
export const DEFAULT_TAB_CODE = '00';

export interface TabStripProps extends Omit<TabsProps, 'items' | 'activeKey' | 'defaultActiveKey' | 'onChange'> {
  items: TabStripItem[];
  /** Controlled active item_code. */
  activeKey?: string;
  /** Uncontrolled start; default '00'. */
  defaultActiveKey?: string;
  onChange?: (itemCode: string) => void;
}

export function tabStripLabel(item: TabStripItem): string {
  return `${item.item_name} (${item.num})`;
}

/** spec §2.4: one tab per item, labelled `item_name (num)`, keyed by item_code. */
export function TabStrip({ items, activeKey, defaultActiveKey = DEFAULT_TAB_CODE, onChange, ...rest }: TabStripProps) {
  return (
    <Tabs
      {...rest}
      items={items.map((item) => ({ key: item.item_code, label: tabStripLabel(item) }))}
      {...(activeKey === undefined ? { defaultActiveKey } : { activeKey })}
      onChange={onChange}
    />
  );
}
