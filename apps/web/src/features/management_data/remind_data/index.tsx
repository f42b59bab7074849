import { Tabs } from 'antd';
import { MyRemindersTab } from './components/my-reminders-tab';
import { NoticeTab } from './components/notice-tab';

/**
 * 提醒数据 (management_data/remind_data): the reminders the header bell shows (overdue reports,
 * unhandled critical values, expiring contracts, notices) and the notices an administrator writes.
 */
export default function RemindData() {
  return (
    <Tabs
      items={[
        { key: 'mine', label: '我的提醒', children: <MyRemindersTab /> },
        { key: 'notice', label: '公告管理', children: <NoticeTab /> },
      ]}
    />
  );
}
