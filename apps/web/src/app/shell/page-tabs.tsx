import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Tabs } from 'antd';
import { CloseOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { PageTab } from './tabs-store';
import styles from './manager-layout.module.css';

const CLOSE_KEYS = new Set(['Delete', 'Backspace']);

/**
 * The tabs of the visited pages. antd's closable tabs put a close <button> inside the tablist, which a
 * tablist may not hold (axe aria-required-children) and which antd names "remove". Here the close
 * mark is part of the tab, as the WAI-ARIA tabs pattern has it: a click on the × closes the tab, and
 * so does Delete (or Backspace) on the focused tab; the hint is in the tab's title.
 */
export function PageTabs({
  tabs,
  activeKey,
  isClosable,
  onSelect,
  onClose,
  extra,
}: {
  tabs: PageTab[];
  activeKey: string;
  isClosable: (path: string) => boolean;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  /** Shown at the end of the tab bar: the page's help icon. */
  extra?: ReactNode;
}) {
  const closeByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role=tab]');
    const path = tab?.closest<HTMLElement>('[data-node-key]')?.dataset.nodeKey;
    if (!CLOSE_KEYS.has(event.key) || !path || !isClosable(path)) return;
    event.preventDefault();
    onClose(path);
  };
  const closeByClick = (path: string) => (event: MouseEvent) => {
    // The × sits in the tab: without this the click would open the tab it closes.
    event.stopPropagation();
    onClose(path);
  };

  return (
    // The extra (the help icon) sits beside the tab list, not in it: a tablist holds only tabs (axe).
    <div className={styles.tabsRow}>
      <div className={styles.tabsList} onKeyDown={closeByKey}>
        <Tabs
          type="card"
          size="small"
          className={styles.tabs}
          activeKey={activeKey}
          items={tabs.map((t) => ({
            key: t.path,
            label: isClosable(t.path) ? (
              <span title={`${t.title}（按 Delete 关闭）`}>
                <span>{t.title}</span>
                <CloseOutlined aria-hidden className={styles.tabClose} onClick={closeByClick(t.path)} />
              </span>
            ) : (
              t.title
            ),
          }))}
          onChange={onSelect}
          // Shown when the tabs overflow; antd names it by its icon, "ellipsis".
          more={{ icon: <EllipsisOutlined aria-label="更多页签" /> }}
          data-testid="page-tabs"
        />
      </div>
      {extra}
    </div>
  );
}
