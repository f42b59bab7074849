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
import { DeptExtraActions } from './components/dept-extra-actions';
import { DeptReminders } from './components/dept-reminders';
import { DiagnosisList } from './components/diagnosis-list';
import { ExamineeHeader } from './components/examinee-header';
import { ExceptionDrawer } from './components/exception-drawer';
import { ResultGrid } from './components/result-grid';
import { SummaryList } from './components/summary-list';
import { judgeItem, withMatches } from './entry-state';
import { useDeptEntry } from './use-dept-entry';
import { useDeptLock } from './use-dept-lock';
import dayjs from 'dayjs';
import { BanBanner } from '../shared/order-ban/ban-banner';
import { useOrderBan } from '../shared/order-ban/use-order-ban';

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
  // 禁检 (issue 19): a visit banned while open turns read-only with the reason.
  const banned = useOrderBan(record.orderId).data?.banned === true;
  const editable =
    lock.state === 'held' && data !== undefined && !signed && !banned && EDITABLE_ORDER.has(data.order_status);
  const { entry, dirty, change, setResult, fillNormal, setSummary, clearLists, clearDraft } = useDeptEntry(
    record,
    data,
    editable,
  );
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

  /** 保存, and with `then` 保存并签名: the signature follows a successful save. */
  const onSave = (then?: () => void) => {
    if (!editable || !entry || save.isPending) return;
    save.mutate(entry, {
      onSuccess: ({ new_critical: raised, ...next }) => {
        clearDraft();
        showView(next);
        refreshWorklist();
        void message.success('保存成功');
        then?.();
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

  const onSign = (workGroupId?: number, justSaved = false) => {
    if (dirty && !justSaved) {
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

  /** 全部正常 (issue 19): every empty item of the lines done today takes its normal value. */
  const onAllNormal = () => {
    if (!editable) return;
    fillNormal();
  };
  const onSaveAndSign = () => {
    if (!editable || sign.isPending) return;
    onSave(() => onSign(undefined, true));
  };

  const keys = useRef({ onSave, onAllNormal, onSaveAndSign });
  useEffect(() => {
    keys.current = { onSave, onAllNormal, onSaveAndSign };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        keys.current.onSave();
      } else if (event.key === 'F8') {
        event.preventDefault();
        keys.current.onAllNormal();
      } else if (event.key === 'F9') {
        event.preventDefault();
        keys.current.onSaveAndSign();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
        <BanBanner orderId={record.orderId} />
        {data.review_return && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={`总检审核不通过，退回本科室：${data.review_return.reason}（${data.review_return.reviewer_name}，${dayjs(data.review_return.created_at).format('YYYY-MM-DD HH:mm')}）`}
          />
        )}
        {lock.state === 'refused' && (
          <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`${lock.message}（只读打开）`} />
        )}
        {signed && <Alert type="info" showIcon style={{ marginBottom: 8 }} title="本科室已签名，结果只读" />}
        <DeptReminders record={record} />
        {critical.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={`危急值：${critical.join('、')}。保存后将上报危急值管理。`}
          />
        )}
        {/* The entry's toolbar: further actions of the screen (反审核, 科室加项, 我要提醒 …) join this row. */}
        <Space wrap style={{ marginBottom: 8 }}>
          <Button disabled={readOnly} onClick={onAllNormal} title="未录入的项目填入正常值（F8）">
            全部正常
          </Button>
          <Button ref={saveButton} type="primary" disabled={readOnly} loading={save.isPending} onClick={() => onSave()}>
            保存
          </Button>
          <Button
            type="primary"
            disabled={readOnly || lock.state !== 'held'}
            loading={save.isPending || sign.isPending}
            onClick={onSaveAndSign}
          >
            保存并签名
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
          <DeptExtraActions
            record={record}
            signed={signed}
            editable={editable}
            lockHeld={lock.state === 'held'}
            onChanged={() => {
              void view.refetch();
              refreshWorklist();
            }}
          />
          <Button danger={data.dept_exception_flag === '1'} onClick={() => setExceptionOpen(true)}>
            科室异常
          </Button>
          {aiPending && (
            <Badge dot>
              <Button onClick={() => setAiClosed(false)}>AI纠错</Button>
            </Badge>
          )}
          <Typography.Text type="secondary">回车跳到下一项，F8 全部正常，Ctrl+S 保存，F9 保存并签名</Typography.Text>
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
