import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Empty, Image, Result, Row, Space, Spin, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BAN_ACCESS,
  mayUse,
  UNREGISTER_ACCESS,
  DICTIONARIES,
  formatAmount,
  maskIdNumber,
  maskPhone,
  MUST_BE_RECORDED,
  ORDER_STATUS_LABELS,
  PAY_MODE_LABELS,
  specimenName,
  unionExecLabel,
  type OrderDetail,
  type PayMode,
} from '@checkup/api-contract';
import { deviceImageSrc, FingerprintDialog } from '@checkup/devices';
import { usePrintGuideSheet } from '../shared/guide-sheet/use-print-guide-sheet';
import { useCheckIn } from './api/check-in';
import { getFingerprintTemplate } from './api/get-fingerprint-template';
import { useOrderDetail } from './api/get-order-detail';
import { EditExtrasDialog } from './components/edit-extras-dialog';
import { ItemExecCard } from './components/item-exec-card';
import { BanDialog } from './components/ban-dialog';
import { CardPayDialog } from './components/card-pay-dialog';
import { BanBannerOf } from '../shared/order-ban/ban-banner';
import { useBanActions, useOrderBan } from '../shared/order-ban/use-order-ban';
import { useUnregister } from '../shared/orders/use-unregister';
import { useUserInfo } from '../../session/api/get-user-info';
import { ORDER_MG_PATH } from '../shared/orders/order-paths';
import { ReviewOfTag } from './components/review-of-tag';

const EXAM_TYPE_NAMES: Record<string, string> = Object.fromEntries(DICTIONARIES.exam_type.map((t) => [t.code, t.name]));
const DEPT_STATUS: Record<string, { label: string; color: string }> = {
  '0': { label: '待检', color: 'default' },
  '1': { label: '已录入', color: 'processing' },
  '2': { label: '已签名', color: 'success' },
};
const ORIGIN_LABELS: Record<string, string> = { package: '套餐', extra: '加项', dept: '科室加项' };
const EDITABLE = new Set(['prepared', 'registered', 'checked_in']);

type UnionRow = OrderDetail['depts'][number]['unions'][number] & { dept_name: string; dept_status: string };

const GROUP_PAYS: Record<PayMode, string> = { company: '统收（单位支付套餐）', self: '自费（个人支付套餐）' };

// Money in whole fen, so the split adds up to the total exactly.
const fen = (amount: string) => Math.round(Number(amount) * 100);
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** What the company pays (统收) and what the examinee pays (自费): the package as its lines say, extras by their own. */
function paySplit(detail: OrderDetail, rows: UnionRow[]) {
  const packagePaidBy = rows.find((r) => r.origin === 'package')?.pay_mode;
  const company =
    (packagePaidBy === 'company' && detail.package ? fen(detail.package.price) : 0) +
    rows.filter((r) => r.origin === 'extra' && r.pay_mode === 'company').reduce((sum, r) => sum + fen(r.price), 0);
  return { company: yuan(company), self: yuan(fen(detail.total_price) - company) };
}

function ExamineeCard({ detail }: { detail: OrderDetail }) {
  const c = detail.customer;
  return (
    <Card size="small" title="体检者">
      <Row gutter={12} wrap={false}>
        <Col flex="96px">
          {c.photo ? (
            <Image src={deviceImageSrc(c.photo)} alt="体检者照片" width={88} />
          ) : (
            <div style={{ width: 88, height: 110, border: '1px dashed #d9d9d9' }} />
          )}
        </Col>
        <Col flex="auto">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="姓名">
              <Space size={4}>
                {c.cust_name}
                {c.special_flag === '1' && <Tag color="red">保密</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="性别/年龄">
              {c.sex === '1' ? '男' : '女'} / {c.age}岁
            </Descriptions.Item>
            <Descriptions.Item label="身份证号">
              {c.cust_id_card ? maskIdNumber(c.cust_id_card) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{c.phone ? maskPhone(c.phone) : '-'}</Descriptions.Item>
            <Descriptions.Item label="体检号">{detail.order_id}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color="blue">{ORDER_STATUS_LABELS[detail.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="体检日期">{detail.exam_date}</Descriptions.Item>
            <Descriptions.Item label="体检类型">
              {EXAM_TYPE_NAMES[detail.exam_type] ?? detail.exam_type}
              {detail.review_of && <ReviewOfTag reviewOf={detail.review_of} />}
            </Descriptions.Item>
            <Descriptions.Item label="套餐">{detail.package?.package_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="单位/分组">
              {detail.company_name ? `${detail.company_name} / ${detail.group_name ?? ''}` : '个人'}
            </Descriptions.Item>
            <Descriptions.Item label="付费方式">
              {detail.group_pay_mode ? GROUP_PAYS[detail.group_pay_mode] : PAY_MODE_LABELS.self}
            </Descriptions.Item>
            <Descriptions.Item label="指纹">
              {c.has_fingerprint ? `已录入（${c.fingerprint_collection_time?.slice(0, 10) ?? ''}）` : '未录入'}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Card>
  );
}

/** 登记详情 (exam_mg/order_mg_detail?order_id=…): the examinee, the items by department, and the desk's actions. */
export default function OrderMgDetail() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const detail = useOrderDetail(orderId);
  const checkIn = useCheckIn();
  const { print, printing } = usePrintGuideSheet();
  const [editing, setEditing] = useState(false);
  const [comparing, setComparing] = useState<string | null>(null);
  const [banning, setBanning] = useState(false);
  const [cardPaying, setCardPaying] = useState(false);
  const navigate = useNavigate();
  const ban = useOrderBan(orderId);
  const { lift } = useBanActions(orderId);
  const unregister = useUnregister();
  // Each its own permission (route table actions); the server checks them in any case.
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const mayBan = mayUse(BAN_ACCESS, roleMenu);
  const mayUnregister = mayUse(UNREGISTER_ACCESS, roleMenu);

  if (!orderId) return <Empty description="缺少体检号" />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (detail.isError) return <Result status="warning" title="无法打开登记详情" subTitle={detail.error.message} />;
  const data = detail.data;

  const rows: UnionRow[] = data.depts.flatMap((d) =>
    d.unions.map((u) => ({ ...u, dept_name: d.dept_name, dept_status: d.status })),
  );

  const split = paySplit(data, rows);
  // 禁检 (issue 19): the visit is read-only here too until the ban is lifted.
  const banned = ban.data?.banned === true;

  const doUnregister = async () => {
    if (await unregister(orderId, data.customer.cust_name)) void navigate(ORDER_MG_PATH);
  };

  const liftBan = async () => {
    try {
      await lift.mutateAsync();
      void message.success('已解除禁检');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const doCheckIn = async () => {
    try {
      await checkIn.mutateAsync(orderId);
      void message.success('报到成功');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const startCompare = async () => {
    try {
      const stored = await getFingerprintTemplate(data.customer.id);
      if (!stored.fingerprint_template) void message.warning('该体检者尚未录入指纹');
      else setComparing(stored.fingerprint_template);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        <Button
          type="primary"
          disabled={data.status !== 'registered' || banned}
          loading={checkIn.isPending}
          onClick={() => void doCheckIn()}
        >
          报到
        </Button>
        <Button loading={printing} onClick={() => void print(orderId)}>
          打印导检单
        </Button>
        <Button onClick={() => void startCompare()}>指纹比对</Button>
        <Button disabled={!EDITABLE.has(data.status) || banned} onClick={() => setEditing(true)}>
          修改加项
        </Button>
        <Button disabled={banned} onClick={() => setCardPaying(true)}>
          卡支付
        </Button>
        {banned ? (
          <Button disabled={!mayBan} loading={lift.isPending} onClick={() => void liftBan()}>
            解除禁检
          </Button>
        ) : (
          <Button danger disabled={!mayBan} onClick={() => setBanning(true)}>
            禁检
          </Button>
        )}
        <Button danger disabled={!mayUnregister || !EDITABLE.has(data.status)} onClick={() => void doUnregister()}>
          反登记
        </Button>
      </Space>
      <BanBannerOf ban={ban.data} />
      <ExamineeCard detail={data} />
      <Card
        size="small"
        title="检查项目"
        extra={
          <Space size="middle" wrap>
            <span data-testid="detail-pay-split">
              统收 ¥{split.company} · 自费 ¥{split.self}
            </span>
            {data.package && <span>套餐价 ¥{data.totals.package_price}</span>}
            <span>原价合计 ¥{data.totals.list_total}</span>
            <span>优惠合计 ¥{data.totals.discount_total}</span>
            <strong data-testid="detail-total">应收：¥{formatAmount(data.total_price)}</strong>
            <span>已收 ¥{data.totals.paid}</span>
            <strong data-testid="detail-unpaid">待收 ¥{data.totals.unpaid}</strong>
          </Space>
        }
      >
        <Table<UnionRow>
          size="small"
          rowKey="union_id"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: '科室',
              dataIndex: 'dept_name',
              width: 120,
              // One cell per department: its unions follow in exam order.
              onCell: (row, index = 0) => ({
                rowSpan:
                  index > 0 && rows[index - 1]!.dept_name === row.dept_name
                    ? 0
                    : rows.filter((r) => r.dept_name === row.dept_name).length,
              }),
              render: (v: string, row) => {
                // Every line waived, deferred or refused: the department has nothing to do today (issue 19).
                const idle = rows.every((r) => r.dept_name !== row.dept_name || !MUST_BE_RECORDED.has(r.status));
                const tag = idle ? { label: '无需检查', color: 'default' } : DEPT_STATUS[row.dept_status];
                return (
                  <Space size={4}>
                    {v}
                    <Tag color={tag?.color}>{tag?.label}</Tag>
                  </Space>
                );
              },
            },
            { title: '组合项目', dataIndex: 'union_name' },
            {
              title: '来源',
              dataIndex: 'origin',
              width: 70,
              render: (v: string) => ORIGIN_LABELS[v] ?? v,
            },
            { title: '付费', dataIndex: 'pay_mode', width: 60, render: (v: PayMode) => PAY_MODE_LABELS[v] },
            { title: '标本', dataIndex: 'specimen', width: 70, render: (v: string | null) => specimenName(v) },
            { title: '状态', dataIndex: 'status', width: 70, render: (v: string) => unionExecLabel(v) },
            {
              title: '收费',
              dataIndex: 'fee_charged',
              width: 80,
              render: (paid: boolean, row) =>
                paid ? (
                  <Tag color="green">已收费</Tag>
                ) : row.pay_mode === 'self' ? (
                  <Tag color="gold">待收费</Tag>
                ) : (
                  <Tag>单位结算</Tag>
                ),
            },
            { title: '原价', dataIndex: 'list_price', width: 80, align: 'right' },
            { title: '优惠价', dataIndex: 'price', width: 80, align: 'right' },
          ]}
        />
      </Card>
      <ItemExecCard orderId={orderId} />
      <EditExtrasDialog detail={data} open={editing} onClose={() => setEditing(false)} />
      <BanDialog orderId={orderId} open={banning} onClose={() => setBanning(false)} />
      <FingerprintDialog
        open={comparing !== null}
        pageType="order_detail"
        registeredTemplate={comparing ?? undefined}
        onClose={() => setComparing(null)}
      />
      {cardPaying && <CardPayDialog orderId={orderId} onClose={() => setCardPaying(false)} />}
    </Space>
  );
}
