import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import {
  OCCUPATIONAL_CONCLUSIONS,
  ORDER_STATUS_LABELS,
  REVIEW_STEP_RULES,
  joinOccupationalConclusion,
  mayCall,
  reviewUnpassRoute,
  splitOccupationalConclusion,
  unpassableStep,
  type ReviewDetail,
} from '@checkup/api-contract';
import { AiCorrectionDialog } from '@checkup/ui';
import { ConfidentialGuard } from '../../../session/confidential-guard';
import { useAiReviewEnabled } from '../ai-review/api/get-ai-review-parameter';
import { reviewDetailQueryOptions, useReviewDetail } from './api/get-review-detail';
import { usePassReview, useReturnReview, useSaveReview, type ReturnRequest } from './api/review-actions';
import { useUpdateCorrectionStatus } from './api/review-exceptions';
import { ConclusionEditor } from './components/conclusion-editor';
import { ConclusionGrid } from './components/conclusion-grid';
import { DeptResults } from './components/dept-results';
import { ExceptionDrawer } from './components/exception-drawer';
import { HistoryCompare } from './components/history-compare';
import { RemindersPanel } from './components/reminders-panel';
import { ReviewPlanButton } from './components/review-plan-button';
import { ReturnDialog } from './components/return-dialog';
import { useConclusionEntry } from './use-conclusion-entry';
import { useReviewLock } from './use-review-lock';
import { BanBanner } from '../order-ban/ban-banner';
import { useOrderBan } from '../order-ban/use-order-ban';
import { UnpassDialog } from '../review-levels/unpass-dialog';
import { useConfirmedPass } from '../review-levels/use-confirmed-pass';
import { useUserInfo } from '../../../session/api/get-user-info';

export type ReviewVariant = 'standard' | 'first' | 'occupational';

const TITLES: Record<ReviewVariant, string> = { standard: '总检详情', first: '初审详情', occupational: '职业总检详情' };
const AI_REMINDER = '本次体检有待核对的AI纠错提醒，请逐项核对各科室结果与总检结论，核对后点击「已处理异常」。';
const SEX = { '1': '男', '2': '女' } as const;

/** 总检详情 (rev_apr_detail and its first-trial and occupational variants) of one visit. */
export function ReviewDetailPage({ orderId, variant }: { orderId: string; variant: ReviewVariant }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lock = useReviewLock(orderId);
  const view = useReviewDetail(orderId);
  const data = view.data;
  const step = data?.step ?? null;
  // 禁检 (issue 19): a banned visit is read-only, with the reason in a banner.
  const banned = useOrderBan(orderId).data?.banned === true;
  const editable = lock.state === 'held' && step !== null && !banned;
  const { fields, change, clearDraft } = useConclusionEntry(orderId, data, editable);
  const save = useSaveReview(orderId);
  const pass = usePassReview(orderId);
  const giveBack = useReturnReview(orderId);
  const confirmPass = useConfirmedPass();
  const user = useUserInfo();
  const [unpassing, setUnpassing] = useState(false);
  const aiReview = useAiReviewEnabled();
  const clearCorrection = useUpdateCorrectionStatus(orderId);
  const [returning, setReturning] = useState(false);
  const [exceptionOpen, setExceptionOpen] = useState(false);
  const [aiClosed, setAiClosed] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  const showView = (next: ReviewDetail) => queryClient.setQueryData(reviewDetailQueryOptions(orderId).queryKey, next);
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: ['exam_review'] });
  const fail = (err: Error) => void message.error(err.message);
  const leave = () => {
    if (step) void navigate(`/manager/exam_mg/${REVIEW_STEP_RULES[step].worklist}?closeTag=1`);
  };

  const onSave = () => {
    if (!editable || save.isPending) return;
    save.mutate(fields, {
      onSuccess: (next) => {
        clearDraft();
        showView(next);
        void message.success('保存成功');
      },
      onError: fail,
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

  // Issue 20: 通过 asks first, and a second click while it asks or runs does nothing.
  const onPass = () => {
    if (!step || pass.isPending) return;
    if (!fields.conclusion.trim()) return void message.warning('请先填写总检结论');
    confirmPass(step, () =>
      pass.mutateAsync({ step, fields }).then(({ order_status }) => {
        clearDraft();
        refreshLists();
        void message.success(
          order_status === 'final_trial' ? '终审通过，报告可打印' : `${REVIEW_STEP_RULES[step].label}通过`,
        );
        leave();
      }, fail),
    );
  };

  const onReturn = (request: ReturnRequest) =>
    giveBack.mutate(request, {
      onSuccess: () => {
        setReturning(false);
        clearDraft();
        refreshLists();
        void message.success('已退回');
        leave();
      },
      onError: fail,
    });

  if (view.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!data) return <Result status="warning" title="总检详情加载失败" subTitle={view.error?.message} />;

  const occupational = variant === 'occupational' || data.exam_type === 'occupational';
  // Issue 20: the level whose pass brought the visit here may be taken back (反审).
  const unpassStep = unpassableStep(data.order_status);
  const occu = splitOccupationalConclusion(fields.conclusion);
  const aiPending = aiReview.data === true && data.correction_status === '1';
  const readOnly = !editable;

  return (
    <ConfidentialGuard person={data.customer}>
      <Card size="small" title={TITLES[variant]}>
        <Descriptions size="small" column={6} style={{ marginBottom: 8 }}>
          <Descriptions.Item label="体检号">{data.order_id}</Descriptions.Item>
          <Descriptions.Item label="姓名">{data.customer.cust_name}</Descriptions.Item>
          <Descriptions.Item label="性别">{SEX[data.customer.sex]}</Descriptions.Item>
          <Descriptions.Item label="年龄">{data.customer.age}</Descriptions.Item>
          <Descriptions.Item label="套餐">{data.package_name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {ORDER_STATUS_LABELS[data.order_status]}
            {step && <Tag style={{ marginLeft: 4 }}>待{REVIEW_STEP_RULES[step].label}</Tag>}
            {data.review_exception_flag === '1' && <Tag color="error">总检异常</Tag>}
          </Descriptions.Item>
        </Descriptions>
        <BanBanner orderId={orderId} />
        {lock.state === 'refused' && (
          <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`${lock.message}（只读打开）`} />
        )}
        {lock.state === 'held' && !step && (
          <Alert type="info" showIcon style={{ marginBottom: 8 }} title="该订单不在总检审核中，只读" />
        )}
        <Space wrap style={{ marginBottom: 8 }}>
          <Button type="primary" disabled={readOnly} loading={save.isPending} onClick={onSave}>
            保存
          </Button>
          <Button type="primary" ghost disabled={readOnly || pass.isPending} loading={pass.isPending} onClick={onPass}>
            通过
          </Button>
          <Button danger disabled={readOnly} onClick={() => setReturning(true)}>
            审核不通过
          </Button>
          {unpassStep && mayCall(reviewUnpassRoute, user.data?.role_menu ?? []) && (
            <Button disabled={lock.state === 'locking'} onClick={() => setUnpassing(true)}>
              反审{REVIEW_STEP_RULES[unpassStep].label}
            </Button>
          )}
          <Button danger={data.review_exception_flag === '1'} onClick={() => setExceptionOpen(true)}>
            总检异常
          </Button>
          <Button onClick={() => setHistoryOpen(true)}>历史对比</Button>
          <ReviewPlanButton orderId={orderId} readOnly={readOnly} />
          {aiPending && (
            <Badge dot>
              <Button onClick={() => setAiClosed(false)}>AI纠错</Button>
            </Badge>
          )}
          <Typography.Text type="secondary">Ctrl+S 保存</Typography.Text>
        </Space>
        <Card size="small" title="总检结论列表" style={{ marginBottom: 8 }}>
          <ConclusionGrid orderId={orderId} readOnly={readOnly} />
        </Card>
        <Row gutter={12}>
          <Col xs={24} xl={14}>
            <DeptResults depts={data.depts} />
          </Col>
          <Col xs={24} xl={10}>
            <RemindersPanel orderId={orderId} />
            {occupational && (
              <Card size="small" title="职业健康检查" style={{ marginBottom: 8 }}>
                <div style={{ marginBottom: 6 }}>
                  接触危害因素：{data.harm_factors.length ? data.harm_factors.join('、') : '无'}
                </div>
                <Select
                  aria-label="职业结论"
                  placeholder="选择职业健康检查结论"
                  style={{ width: 240 }}
                  disabled={readOnly}
                  allowClear
                  value={occu.category || undefined}
                  options={OCCUPATIONAL_CONCLUSIONS.map((c) => ({ value: c, label: c }))}
                  onChange={(category?: string) =>
                    change({ conclusion: joinOccupationalConclusion(category ?? '', occu.conclusion) })
                  }
                />
              </Card>
            )}
            <Card size="small" title="总检结论与建议" style={{ marginBottom: 8 }}>
              <ConclusionEditor
                fields={occupational ? { ...fields, conclusion: occu.conclusion } : fields}
                depts={data.depts}
                readOnly={readOnly}
                onChange={(next) =>
                  change(
                    occupational && next.conclusion !== undefined
                      ? { ...next, conclusion: joinOccupationalConclusion(occu.category, next.conclusion) }
                      : next,
                  )
                }
              />
            </Card>
            <Card size="small" title="审核记录">
              {data.reviews.length === 0
                ? '暂无'
                : data.reviews.map((r, i) => (
                    <div key={i}>
                      {r.created_at.slice(0, 16).replace('T', ' ')} {r.reviewer_name} {REVIEW_STEP_RULES[r.step].label}
                      {r.result === 'pass' ? (
                        <Tag color="success">通过</Tag>
                      ) : r.result === 'unpass' ? (
                        <Tag color="warning">反审</Tag>
                      ) : (
                        <Tag color="error">退回</Tag>
                      )}
                      {r.reason}
                    </div>
                  ))}
            </Card>
          </Col>
        </Row>
      </Card>
      <HistoryCompare orderId={orderId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
      {step && (
        <ReturnDialog
          open={returning}
          step={step}
          depts={data.depts}
          pending={giveBack.isPending}
          onCancel={() => setReturning(false)}
          onSubmit={onReturn}
        />
      )}
      {unpassStep && (
        <UnpassDialog
          orderId={orderId}
          step={unpassStep}
          open={unpassing}
          onClose={() => setUnpassing(false)}
          onDone={() => {
            setUnpassing(false);
            void view.refetch();
            refreshLists();
          }}
        />
      )}
      <ExceptionDrawer
        orderId={orderId}
        open={exceptionOpen}
        readOnly={lock.state !== 'held'}
        onClose={() => setExceptionOpen(false)}
        onChanged={() => {
          void view.refetch();
          refreshLists();
        }}
      />
      <AiCorrectionDialog
        open={aiPending && !aiClosed}
        content={AI_REMINDER}
        onHandled={() =>
          clearCorrection.mutate(undefined, {
            onSuccess: () => {
              showView({ ...data, correction_status: '0' });
              setAiClosed(true);
            },
            onError: fail,
          })
        }
        refreshing={view.isFetching}
        onRefresh={() => void view.refetch()}
        onClose={() => setAiClosed(true)}
      />
    </ConfidentialGuard>
  );
}
