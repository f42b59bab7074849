import { Button, Spin } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, type SelfPrintReport } from '@checkup/api-contract';
import { KioskFrame } from './components/kiosk-frame';
import styles from './components/kiosk-frame.module.css';
import { reportListQueryOptions, useReportList } from './api/get-report-list';
import { forgetExaminee, kioskExaminee } from './kiosk-session';
import { printKioskReport, type KioskPrintOutcome } from './print-report';

/** 报告列表 (/self_print/report_list): the examinee's own reports whose final review passed; 打印 prints one. */
export default function SelfPrintReportList() {
  const examinee = kioskExaminee();
  if (!examinee) return <Navigate to="/self_print" replace />;
  return <ReportList ticket={examinee.ticket} />;
}

function ReportList({ ticket }: { ticket: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reports = useReportList(ticket);
  const [printing, setPrinting] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<KioskPrintOutcome | null>(null);

  const print = async (report: SelfPrintReport) => {
    if (printing) return;
    setOutcome(null);
    setPrinting(report.order_id);
    try {
      setOutcome(await printKioskReport(ticket, report.order_id));
    } finally {
      setPrinting(null);
      void queryClient.invalidateQueries({ queryKey: reportListQueryOptions(ticket).queryKey });
    }
  };

  const finish = () => {
    forgetExaminee();
    void navigate('/self_print');
  };

  const list = reports.data?.list ?? [];
  return (
    <KioskFrame>
      <h1 className={styles.title}>我的体检报告</h1>
      {reports.isPending && <Spin size="large" />}
      {reports.isError && (
        <div className={styles.error} role="alert">
          {reports.error.message}
        </div>
      )}
      {reports.isSuccess && list.length === 0 && (
        <div className={styles.hint}>暂无可打印的报告：报告终审通过后才能自助打印，如有疑问请到服务台咨询</div>
      )}
      {outcome && (
        <div className={outcome.ok ? styles.success : styles.error} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </div>
      )}
      {list.length > 0 && (
        <div className={styles.reports}>
          {list.map((report) => (
            <div key={report.order_id} className={styles.report} data-testid="kiosk-report">
              <div>
                <div>体检日期：{report.exam_date}</div>
                <div>体检套餐：{report.package_name ?? '个人项目'}</div>
                <div className={styles.label}>
                  {ORDER_STATUS_LABELS[report.status]}
                  {report.print_count > 0 ? ` · 已打印 ${report.print_count} 次` : ''}
                </div>
              </div>
              <Button
                type="primary"
                size="large"
                className={styles.big}
                loading={printing === report.order_id}
                disabled={printing !== null && printing !== report.order_id}
                onClick={() => void print(report)}
              >
                打印
              </Button>
            </div>
          ))}
        </div>
      )}
      <div className={styles.actions}>
        <Button size="large" className={styles.big} onClick={finish}>
          完成
        </Button>
      </div>
    </KioskFrame>
  );
}
