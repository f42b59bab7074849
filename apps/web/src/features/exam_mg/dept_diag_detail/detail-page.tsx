import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Col, Result, Row, Space, Spin, Typography } from 'antd';
import { ABNORMAL_ARROWS, type DeptDiagnosisView } from '@checkup/api-contract';
import { AiCorrectionDialog } from '@checkup/ui';
import { useRefreshFlag } from '../../../lib/use-refresh-flag';
import { ConfidentialGuard } from '../../session/confidential-guard';
import { aiReviewQueryOptions, useAiReviewEnabled } from '../shared/ai-review/api/get-ai-review-parameter';
import { deptDiagnosisQueryOptions, useDeptDiagnosis, type DeptRecord } from './api/get-dept-diagnosis';
import { useMatchDiagnoses } from './api/match-diagnoses';
import { useSaveDeptDiagnosis } from './api/save-dept-diagnosis';
import { useSignDept } from './api/sign-dept';
import { useUpdateCorrectionStatus } from './api/update-correction-status';
import { DiagnosisList } from './components/diagnosis-list';
import { ExamineeHeader } from './components/examinee-header';
import { ExceptionDrawer } from './components/exception-drawer';
import { ResultGrid } from './components/result-grid';
import { SummaryList } from './components/summary-list';
import { judgeItem, withMatches } from './entry-state';
import { useDeptEntry } from './use-dept-entry';
import { useDeptLock } from './use-dept-lock';

const EDITABLE_ORDER = new Set(['checked_in', 'in_exam']);
const AI_REMINDER = '本次体检有待核对的AI纠错提醒，请逐项核对本科室的结果与诊断，核对后点击「已处理异常」。';

/** 科室诊断详情: result entry, summary, diagnoses and signature of one department of one order. */
export function DetailPage({ record }: { record: DeptRecord }) {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const lock = useDeptLock(record);
  const view = useDeptDiagnosis(record);
  const data = view.data;
  const signed = data?.dept_status === '2';
  const editable = lock.state === 'held' && data !== undefined && !signed && EDITABLE_ORDER.has(data.order_status);
  const { entry, dirty, change, setResult, setSummary, clearLists, clearDraft } = useDeptEntry(record, data, editable);
  const save = useSaveDeptDiagnosis(record);
  const match = useMatchDiagnoses(record);
  const sign = useSignDept(record);
  const aiReview = useAiReviewEnabled();
  const clearCorrection = useUpdateCorrectionStatus(record.orderId);
  const [exceptionOpen, setExceptionOpen] = useState(false);
  const [aiClosed, setAiClosed] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);

  const showView = (next: DeptDiagnosisView) =>
    queryClient.setQueryData(deptDiagnosisQueryOptions(record).queryKey, next);
  const refreshWorklist = () => void queryClient.invalidateQueries({ queryKey: ['dept_diag', 'worklist'] });

  useRefreshFlag(() => {
    void queryClient.invalidateQueries({ queryKey: aiReviewQueryOptions.queryKey });
    void view.refetch();
  });

  // Spec §7: a failed load of the diagnosis list shows the server's msg and empties the lists.
  const loadError = view.error?.message;
  useEffect(() => {
    if (!loadError) return;
    void message.error(loadError);
    clearLists();
  }, [loadError, message, clearLists]);

  const critical = useMemo(
    () =>
      data && entry
        ? data.unions.flatMap((u) =>
            u.items.flatMap((item) => {
              const value = entry.results[item.item_id] ?? '';
              const verdict = judgeItem(item, value);
              return verdict.critical ? [`${item.item_name} ${value}${ABNORMAL_ARROWS[verdict.critical]}`] : [];
            }),
          )
        : [],
    [data, entry],
  );

  const onSave = () => {
    if (!editable || !entry || save.isPending) return;
    save.mutate(entry, {
      onSuccess: ({ new_critical: raised, ...next }) => {
        clearDraft();
        showView(next);
        refreshWorklist();
        void message.success('保存成功');
        if (raised.length > 0) {
          notification.error({
            title: '危急值已上报',
            description: `${raised.map((c) => `${c.item_name} ${c.result_value}${ABNORMAL_ARROWS[c.direction]}`).join('、')}，已发送至危急值管理，请及时通知受检者。`,
            duration: 0,
          });
        }
      },
      onError: (err) => void message.error(err.message),
    });
  };
  const saveRef = useRef(onSave);
  useEffect(() => {
    saveRef.current = onSave;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onMatch = () => {
    if (!entry) return;
    match.mutate(entry.results, {
      onSuccess: (matches) => {
        if (matches.length === 0) void message.info('没有匹配到诊断');
        else change((current) => withMatches(current, matches));
      },
      onError: (err) => void message.error(err.message),
    });
  };

  const onSign = (workGroupId?: number) => {
    if (dirty) {
      void message.warning('请先保存本科室结果再签名');
      return;
    }
    sign.mutate(workGroupId, {
      onSuccess: () => {
        void message.success('签名成功');
        void view.refetch();
        refreshWorklist();
      },
      onError: (err) => void message.error(err.message),
    });
  };

  const onCorrectionHandled = () =>
    clearCorrection.mutate(undefined, {
      onSuccess: () => {
        if (data) showView({ ...data, correction_status: '0' });
        setAiClosed(true);
      },
      onError: (err) => void message.error(err.message),
    });

  if (view.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!data) return <Result status="warning" title="科室诊断加载失败" subTitle={loadError} />;

  const aiPending = aiReview.data === true && data.correction_status === '1';
  const readOnly = !editable;

  return (
    <ConfidentialGuard person={data.customer}>
      <Card size="small" title="科室诊断详情">
        <ExamineeHeader view={data} />
        {lock.state === 'refused' && (
          <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`${lock.message}（只读打开）`} />
        )}
        {signed && <Alert type="info" showIcon style={{ marginBottom: 8 }} title="本科室已签名，结果只读" />}
        {critical.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={`危急值：${critical.join('、')}。保存后将上报危急值管理。`}
          />
        )}
        <Space wrap style={{ marginBottom: 8 }}>
          <Button ref={saveButton} type="primary" disabled={readOnly} loading={save.isPending} onClick={onSave}>
            保存
          </Button>
          <Button disabled={readOnly} loading={match.isPending} onClick={onMatch}>
            匹配诊断
          </Button>
          <Button disabled={lock.state !== 'held' || signed} loading={sign.isPending} onClick={() => onSign()}>
            签名
          </Button>
          {data.imaging_groups.map((g) => (
            <Button key={g.work_group_id} disabled={lock.state !== 'held'} onClick={() => onSign(g.work_group_id)}>
              影像签名（{g.group_name}）
            </Button>
          ))}
          <Button danger={data.dept_exception_flag === '1'} onClick={() => setExceptionOpen(true)}>
            科室异常
          </Button>
          {aiPending && (
            <Badge dot>
              <Button onClick={() => setAiClosed(false)}>AI纠错</Button>
            </Badge>
          )}
          <Typography.Text type="secondary">回车跳到下一项，Ctrl+S 保存</Typography.Text>
        </Space>
        <Row gutter={12}>
          <Col xs={24} xl={14}>
            {entry && (
              <ResultGrid
                view={data}
                results={entry.results}
                readOnly={readOnly}
                onChange={setResult}
                onPastLast={() => saveButton.current?.focus()}
              />
            )}
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title="科室小结" style={{ marginBottom: 8 }}>
              <SummaryList lines={entry?.summary ?? []} readOnly={readOnly} onChange={setSummary} />
            </Card>
            <Card size="small" title="诊断">
              <DiagnosisList
                deptId={record.deptId}
                diags={entry?.diag_list ?? []}
                readOnly={readOnly}
                onChange={(diag_list) => change((c) => ({ ...c, diag_list }))}
              />
            </Card>
          </Col>
        </Row>
      </Card>
      <ExceptionDrawer
        record={record}
        open={exceptionOpen}
        flag={data.dept_exception_flag}
        readOnly={lock.state !== 'held'}
        onClose={() => setExceptionOpen(false)}
        onChanged={() => {
          void view.refetch();
          refreshWorklist();
        }}
      />
      <AiCorrectionDialog
        open={aiPending && !aiClosed}
        content={AI_REMINDER}
        onHandled={onCorrectionHandled}
        refreshing={view.isFetching}
        onRefresh={() => void view.refetch()}
        onClose={() => setAiClosed(true)}
      />
    </ConfidentialGuard>
  );
}
