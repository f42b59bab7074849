import { Alert, Tabs } from 'antd';
import { OCCU_PENDING, occuEmployerReport, occuFactorReport } from '@checkup/api-contract';
import { ReportScreen } from '../shared/report-screen';

/** What the statutory tables ask for and today's records do not hold (breadth §4.7, §12.1). */
const PENDING = [
  '体检类别（上岗前/在岗期间/离岗时/应急/离岗后）分列',
  '按危害因素分别下的结论',
  '拒检/补检名单、CDC 直报数据与省平台上传',
];

function Pending() {
  return (
    <Alert
      type="info"
      showIcon
      title={`${PENDING.join('；')}：${OCCU_PENDING}`}
      description="下表按职业体检人次统计，结论取终审后的职业健康检查结论（一人一个总体结论）；点击一行可查看并导出人员名单。"
    />
  );
}

/** 职业健康监护统计 (bi/occu_tutelage): the summary by 用人单位 and by 危害因素, one tab each. */
export function OccuTutelageScreen() {
  return (
    <Tabs
      items={[
        {
          key: 'employer',
          label: '按用人单位',
          children: <ReportScreen report={occuEmployerReport} extra={() => <Pending />} />,
        },
        {
          key: 'factor',
          label: '按危害因素类别',
          children: <ReportScreen report={occuFactorReport} extra={() => <Pending />} />,
        },
      ]}
    />
  );
}
