import { useState } from 'react';
import { Alert, App, Button, Card, List, Progress, Space } from 'antd';
import type { ReportListRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ReportPreviewDialog } from '../shared/report-preview/report-preview-dialog';
import { reportColumns } from '../shared/report-list/report-columns';
import { ReportFilters } from '../shared/report-list/report-filters';
import { ReportListTable, useReportListState } from '../shared/report-list/report-list-table';
import type { BatchSummary } from './batch-print';
import { useBatchPrint } from './use-batch-print';
import { useMarkPrinted } from './use-mark-printed';

/**
 * 报告打印 (exam_mg/print_rpt): final-reviewed reports, generated on the server as a batch task (its
 * progress shown again after a reload) and printed through the local print service.
 */
export default function PrintRpt() {
  const { message, modal } = App.useApp();
  const reports = useReportListState('to_print');
  const { list } = reports;
  const [selected, setSelected] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const batch = useBatchPrint();
  const marking = useMarkPrinted();

  const markPrinted = async (orderIds: readonly string[]) => {
    const marked = await marking.mark(orderIds);
    setSelected((ids) => ids.filter((id) => !marked.includes(id)));
  };

  // A PDF downloaded because the print service was down is printed by the user, or not: only they know.
  const askDownloadsPrinted = async (downloaded: readonly string[]) => {
    const printed = await modal.confirm({
      title: '已打印？',
      content: `本地打印服务不可用，已下载 ${downloaded.length} 份报告 PDF。打印好后点“已打印”，这些报告记为已打印并进入报告审核；还没有打印的，以后可选中后点“标记已打印”。`,
      okText: '已打印',
      cancelText: '还没有',
    });
    if (printed) await markPrinted(downloaded);
  };

  const announce = async (summary: BatchSummary) => {
    void message[summary.level](summary.message);
    setSelected((ids) => ids.filter((id) => !summary.printed.includes(id)));
    if (summary.downloaded.length > 0) await askDownloadsPrinted(summary.downloaded);
  };

  const printSelected = async () => {
    try {
      await announce(await batch.run(selected));
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const { leftOver } = batch;
  const printLeftOver = async () => {
    if (leftOver) await announce(await batch.printBatch(leftOver));
  };

  const confirmMarkSelected = () => {
    const orderIds = selected;
    modal.confirm({
      title: '标记已打印',
      content: `确定将选中的 ${orderIds.length} 份报告标记为已打印？标记后报告进入报告审核。`,
      okText: '标记已打印',
      cancelText: '取消',
      onOk: () => markPrinted(orderIds),
    });
  };

  const columns: GenericColumn<ReportListRow>[] = [
    ...reportColumns,
    {
      title: '操作',
      key: 'action',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="link" autoInsertSpace={false} onClick={() => setPreviewing(r.order_id)}>
          预览
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="报告打印"
      extra={
        <Space>
          <span>已选 {selected.length} 份</span>
          <Button
            disabled={selected.length === 0 || batch.printing}
            loading={marking.marking}
            onClick={confirmMarkSelected}
          >
            标记已打印
          </Button>
          <Button
            type="primary"
            disabled={selected.length === 0 || marking.marking}
            loading={batch.printing}
            onClick={() => void printSelected()}
          >
            批量打印
          </Button>
        </Space>
      }
    >
      <ReportFilters
        stages={['to_print', 'printed', '']}
        value={reports.filter}
        onChange={reports.changeFilter}
        onRefresh={() => void list.refetch()}
      />
      {batch.generating && (
        <Progress
          aria-label="生成进度"
          percent={Math.round((batch.generating.done / Math.max(batch.generating.total, 1)) * 100)}
          format={() => `生成 ${batch.generating!.done}/${batch.generating!.total}`}
          style={{ marginBottom: 8 }}
        />
      )}
      {leftOver && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => batch.dismiss(leftOver.batch_id)}
          style={{ marginBottom: 8 }}
          message={`最近的批量打印任务已生成 ${leftOver.done - leftOver.failed} 份报告${leftOver.failed ? `，${leftOver.failed} 份未能生成` : ''}${leftOver.state === 'interrupted' ? '（任务中断，未全部生成）' : ''}`}
          action={
            <Button size="small" type="primary" onClick={() => void printLeftOver()}>
              打印已生成的报告
            </Button>
          }
        />
      )}
      {batch.progress && (
        <Progress
          aria-label="打印进度"
          percent={Math.round((batch.progress.done / batch.progress.total) * 100)}
          format={() => `${batch.progress!.done}/${batch.progress!.total}`}
          style={{ marginBottom: 8 }}
        />
      )}
      {batch.summary && batch.summary.level !== 'success' && (
        <Alert
          type={batch.summary.level}
          showIcon
          closable
          onClose={batch.clear}
          style={{ marginBottom: 8 }}
          message={batch.summary.message}
          description={
            batch.summary.failed.length > 0 && (
              <List
                size="small"
                dataSource={batch.summary.failed}
                renderItem={(f) => (
                  <List.Item>
                    {f.orderId}：{f.message}
                  </List.Item>
                )}
              />
            )
          }
        />
      )}
      <ReportListTable
        state={reports}
        tableKey="print_rpt"
        columns={columns}
        scroll={{ x: 1300 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
        }}
      />
      <ReportPreviewDialog orderId={previewing} onClose={() => setPreviewing(null)} />
    </Card>
  );
}
