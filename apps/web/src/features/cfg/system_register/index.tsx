import { ISSUE_PERIOD_LABELS, ISSUE_PERIODS, branchResource, type BranchRow } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { LicenceCard } from './components/licence-card';

const PERIODS = ISSUE_PERIODS.map((value) => ({ value, label: ISSUE_PERIOD_LABELS[value] }));

/**
 * 系统注册 (cfg/system_register, breadth §7): the licence shown to every user, and the centre's
 * branches (分中心) — each visit and payment line carries its branch; its 检前须知 prints on the guide sheet.
 */
export default function SystemRegister() {
  return (
    <>
      <LicenceCard />
      <ResourceScreen
        resource={branchResource}
        title="分中心"
        filters={[{ name: 'key', kind: 'search', label: '搜索分中心', placeholder: '名称、简码或拼音简码' }]}
        columns={[
          { title: '名称', dataIndex: 'branch_name', width: 160 },
          { title: '简码', dataIndex: 'short_code', width: 80 },
          { title: '拼音简码', dataIndex: 'pinyin_code', width: 90 },
          { title: '电话', dataIndex: 'phone', width: 130 },
          { title: '地址', dataIndex: 'address', width: 220, ellipsis: true },
          { title: '预约周期（天）', dataIndex: 'booking_days', width: 120, align: 'right' },
          {
            title: '出号时间段',
            dataIndex: 'issue_period',
            width: 100,
            render: (p: BranchRow['issue_period']) => ISSUE_PERIOD_LABELS[p],
          },
          {
            title: '开启预约',
            dataIndex: 'booking_enabled',
            width: 90,
            render: (on: boolean) => (on ? '是' : '否'),
          },
          { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
        ]}
        fields={[
          { name: 'branch_name', label: '分中心名称', placeholder: '例如 东院体检中心' },
          { name: 'short_code', label: '简码', placeholder: '例如 DY' },
          { name: 'pinyin_code', label: '拼音简码', placeholder: '例如 DYTJZX' },
          { name: 'phone', label: '电话' },
          { name: 'address', label: '地址' },
          { name: 'booking_days', label: '预约周期（天）', kind: 'number', extra: '可提前多少天预约' },
          { name: 'issue_period', label: '出号时间段', kind: 'select', options: PERIODS },
          { name: 'booking_enabled', label: '开启预约', kind: 'switch' },
          { name: 'desk_notice', label: '前台须知', kind: 'textarea' },
          { name: 'pre_exam_notice', label: '检前须知', kind: 'textarea', extra: '打印在本分中心的导检单上' },
          { name: 'sort', label: '排序', kind: 'number' },
        ]}
        blank={{ booking_days: 30, issue_period: 'all', booking_enabled: false, sort: 0 }}
      />
    </>
  );
}
