import { Alert, Card, Descriptions, Form, Input, Radio, Select, Skeleton, Switch, Typography } from 'antd';
import {
  COLOR_STYLES,
  COLOR_STYLE_LABELS,
  DEFAULT_CARD_READER_PARAM,
  PAY_TIMING_LABELS,
  PAY_TIMINGS,
  PRICE_ROUNDING_LABELS,
  PRICE_ROUNDINGS,
  registrationSettingsSchema,
  SWITCHABLE_SERVICE_TYPES,
  type CardReaderParam,
  type ParameterRow,
  type RegistrationSettings,
} from '@checkup/api-contract';
import { useParameters } from './api/parameters';
import { ParameterCard } from './components/parameter-card';

type Company = Record<string, unknown> & {
  name?: string;
  systemColorStyle?: string;
  address?: string;
  phones?: string;
  postcode?: string;
  email?: string;
};

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function CompanyCard({ row }: { row: ParameterRow | undefined }) {
  const stored = objectOf(objectOf(row?.param_value).companyCfg) as Company;
  const initial = {
    name: stored.name ?? '',
    systemColorStyle: stored.systemColorStyle ?? 'default',
    address: stored.address ?? '',
    // Older configurations wrote a single `phone`.
    phones: stored.phones ?? (typeof stored.phone === 'string' ? stored.phone : ''),
    postcode: stored.postcode ?? '',
    email: stored.email ?? '',
  };
  return (
    <ParameterCard<typeof initial>
      code="0810"
      row={row}
      initialValues={initial}
      toValue={(values) => ({ companyCfg: { ...stored, ...values } })}
    >
      <Form.Item label="单位名称" name="name" extra="显示在页面标题、体检报告和指引单上">
        <Input maxLength={64} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="系统配色" name="systemColorStyle">
        <Select
          style={{ width: 180 }}
          options={COLOR_STYLES.map((value) => ({ value, label: COLOR_STYLE_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item label="地址" name="address">
        <Input maxLength={128} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item label="联系电话" name="phones" extra="多个号码用逗号分隔">
        <Input maxLength={64} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="邮政编码" name="postcode">
        <Input maxLength={6} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item label="电子邮箱" name="email">
        <Input maxLength={64} style={{ maxWidth: 360 }} />
      </Form.Item>
    </ParameterCard>
  );
}

const KEY_FIELDS: [keyof CardReaderParam['cardReaderCfg']['keys'], string][] = [
  ['name', '姓名字段'],
  ['gender', '性别字段'],
  ['code', '证件号字段'],
  ['photo', '照片字段'],
  ['folk', '民族字段'],
  ['address', '住址字段'],
];

function CardReaderCard({ row }: { row: ParameterRow | undefined }) {
  const stored = objectOf(row?.param_value).cardReaderCfg
    ? (row!.param_value as CardReaderParam)
    : DEFAULT_CARD_READER_PARAM;
  const cfg = stored.cardReaderCfg;
  const initial = {
    active: cfg.local.checked ? ('local' as const) : ('exe' as const),
    exe: cfg.exe.value,
    local: cfg.local.value,
    ...cfg.keys,
  };
  return (
    <ParameterCard<typeof initial>
      code="0110"
      row={row}
      initialValues={initial}
      toValue={({ active, exe, local, ...keys }) => ({
        cardReaderCfg: {
          exe: { checked: active === 'exe', value: exe },
          local: { checked: active === 'local', value: local },
          keys,
        },
      })}
    >
      <Form.Item label="读卡方式" name="active">
        <Radio.Group
          options={[
            { value: 'exe', label: '读卡程序地址' },
            { value: 'local', label: '本机读卡地址' },
          ]}
        />
      </Form.Item>
      <Form.Item label="读卡程序地址" name="exe" extra="登记台电脑上读卡助手的地址，以 / 结尾">
        <Input style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="本机读卡地址" name="local">
        <Input style={{ maxWidth: 360 }} />
      </Form.Item>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '0 0 8px 120px' }}>
        读卡器返回数据中各字段的名称：
      </Typography.Text>
      {KEY_FIELDS.map(([key, label]) => (
        <Form.Item key={key} label={label} name={key}>
          <Input maxLength={32} style={{ width: 200 }} />
        </Form.Item>
      ))}
    </ParameterCard>
  );
}

function ReviewCard({ row }: { row: ParameterRow | undefined }) {
  const stored = objectOf(row?.param_value);
  const initial = {
    ai: objectOf(stored.ai_review).enable === true,
    contagion: stored.show_contagion === true,
    // Stored values from before the switch existed mean the default: on.
    distinct: stored.distinct_reviewers !== false,
    // Issue 20: off unless set.
    deferred: stored.allow_deferred === true,
  };
  return (
    <ParameterCard<typeof initial>
      code="0030"
      row={row}
      initialValues={initial}
      toValue={({ ai, contagion, distinct, deferred }) => ({
        ...stored,
        ai_review: { enable: ai },
        show_contagion: contagion,
        distinct_reviewers: distinct,
        allow_deferred: deferred,
      })}
    >
      <Form.Item label="AI辅助总检" name="ai" valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item label="传染病报告" name="contagion" valuePropName="checked" extra="总检时提示需上报的传染病">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </Form.Item>
      <Form.Item
        label="分级审核不同人"
        name="distinct"
        valuePropName="checked"
        extra="同一订单的初审、主审、终审须由不同的人完成"
      >
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item
        label="迟检项目可总检"
        name="deferred"
        valuePropName="checked"
        extra="有迟检项目时仍可开始总检，报告中这些项目列为未检；关闭时须等迟检项目完成"
      >
        <Switch checkedChildren="允许" unCheckedChildren="不允许" />
      </Form.Item>
    </ParameterCard>
  );
}

/** 0140 登记收费设置 (issue 19): how the payable total rounds, and whether examinees pay first. */
function RegistrationCard({ row }: { row: ParameterRow | undefined }) {
  const parsed = registrationSettingsSchema.safeParse(row?.param_value ?? {});
  const initial: RegistrationSettings = parsed.success ? parsed.data : registrationSettingsSchema.parse({});
  return (
    <ParameterCard<RegistrationSettings> code="0140" row={row} initialValues={initial} toValue={(values) => values}>
      <Form.Item label="应收金额取整" name="rounding" extra="体检者自费部分按此取整，差额计入其中价格最高的自费项目">
        <Radio.Group options={PRICE_ROUNDINGS.map((value) => ({ value, label: PRICE_ROUNDING_LABELS[value] }))} />
      </Form.Item>
      <Form.Item label="缴费时机" name="pay_timing" extra="先付后检：登记完成后请体检者先到收费处缴费">
        <Radio.Group options={PAY_TIMINGS.map((value) => ({ value, label: PAY_TIMING_LABELS[value] }))} />
      </Form.Item>
      <Form.Item
        label="未缴清自费费用时暂缓发放报告"
        name="hold_report_unpaid"
        valuePropName="checked"
        extra="开启后，体检者尚有自费费用未缴清时，报告领取、自助打印和分享链接均暂缓，请其先到收费处缴费"
      >
        <Switch checkedChildren="暂缓" unCheckedChildren="不限" />
      </Form.Item>
    </ParameterCard>
  );
}

/**
 * 参数设置 (cfg/par_cfg): the hospital's own settings — its name and colour, where the ID card
 * reader answers, the 总检 switches, the desk's rounding and pay timing (0140). Each part saves on its own; workstations read the new values
 * at once (the gateway drops its cached copies).
 */
export default function ParCfg() {
  const list = useParameters();
  const byCode = (code: string) => list.data?.find((r) => r.param_code === code);
  const serviceType = objectOf(byCode('0001')?.param_value).service_type;

  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  if (!list.data) return <Skeleton active />;
  return (
    <div>
      <Card size="small" title="参数设置" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="服务模式（0001）">
            {SWITCHABLE_SERVICE_TYPES[serviceType as keyof typeof SWITCHABLE_SERVICE_TYPES] ?? '未设置'}
            <Typography.Text type="secondary">（在右上角用户菜单的“切换服务模式”中更改）</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <CompanyCard row={byCode('0810')} />
      <CardReaderCard row={byCode('0110')} />
      <ReviewCard row={byCode('0030')} />
      <RegistrationCard row={byCode('0140')} />
    </div>
  );
}
