import { Checkbox, Col, DatePicker, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ageInYears,
  checkIdNumber,
  DESK_EXAM_TYPES,
  DICTIONARIES,
  ID_NUMBER_ERROR,
  isValidPhone,
  PAY_MODE_LABELS,
  PHONE_ERROR,
  type CompanyGroupOption,
  type OrderSaveInput,
} from '@checkup/api-contract';
import { useCompanySearchData } from '../../shared/companies/api/get-company-search-data';

export interface RegisterFormValues {
  kind: 'individual' | 'group';
  company_id?: number;
  group_id?: number;
  cust_name: string;
  sex?: '1' | '2';
  birthday?: Dayjs;
  cust_id_card?: string;
  phone?: string;
  nation?: string;
  address?: string;
  exam_type: OrderSaveInput['exam_type'];
  exam_date: Dayjs;
  special_flag: boolean;
}

const NATION_OPTIONS = DICTIONARIES.nation.map((n) => ({ value: n.name, label: n.name }));
// 复查 is registered from 复查管理 only (linked to the first visit).
const EXAM_TYPE_OPTIONS = DICTIONARIES.exam_type
  .filter((t) => (DESK_EXAM_TYPES as readonly string[]).includes(t.code))
  .map((t) => ({ value: t.code, label: t.name }));

/** Spec §5: an ID number is checked against GB 11643; blank is allowed (a visitor without one). */
const idNumberRule = {
  validator: (_: unknown, value: string | undefined) =>
    !value || checkIdNumber(value).ok ? Promise.resolve() : Promise.reject(new Error(ID_NUMBER_ERROR)),
};

/** A mobile or a landline with its area code, as the server checks it; blank is allowed. */
const phoneRule = {
  validator: (_: unknown, value: string | undefined) =>
    !value?.trim() || isValidPhone(value) ? Promise.resolve() : Promise.reject(new Error(PHONE_ERROR)),
};

const groupLabel = (g: CompanyGroupOption) =>
  `${g.group_name}（${[g.package_name, PAY_MODE_LABELS[g.pay_mode]].filter(Boolean).join('，')}）`;

/**
 * The examinee part of 快速登记: who, individual or of a company group, and the exam. The group
 * chosen (or none) is told to the page, which registers the group's package and payer.
 */
export function ExamineeFields({
  form,
  today,
  onGroupChange,
}: {
  form: FormInstance<RegisterFormValues>;
  today: Dayjs;
  onGroupChange: (group: CompanyGroupOption | null) => void;
}) {
  const kind = Form.useWatch('kind', form);
  const companyId = Form.useWatch('company_id', form);
  const birthday = Form.useWatch('birthday', form);
  const companies = useCompanySearchData(kind === 'group');
  const groups = companies.data?.find((c) => c.id === companyId)?.groups ?? [];

  // A valid ID number tells the sex and birthday (GB 11643): they follow it as it is typed.
  const fillFromIdNumber = (value: string) => {
    const checked = checkIdNumber(value);
    if (!checked.ok) return;
    form.setFieldsValue({ sex: checked.sex, birthday: dayjs(checked.birthday) });
  };

  const age = birthday ? `${ageInYears(birthday.format('YYYY-MM-DD'), today.format('YYYY-MM-DD'))}岁` : '';

  return (
    <Row gutter={12}>
      <Col span={24}>
        <Form.Item name="kind" label="登记类型">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'individual', label: '个人' },
              { value: 'group', label: '团体' },
            ]}
            onChange={() => {
              form.setFieldsValue({ company_id: undefined, group_id: undefined });
              onGroupChange(null);
            }}
          />
        </Form.Item>
      </Col>
      {kind === 'group' && (
        <>
          <Col span={12}>
            <Form.Item name="company_id" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={companies.isPending}
                placeholder="选择单位"
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.company_name }))}
                onChange={() => {
                  form.setFieldValue('group_id', undefined);
                  onGroupChange(null);
                }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="group_id" label="分组" rules={[{ required: true, message: '请选择分组' }]}>
              <Select
                placeholder="选择分组"
                options={groups.map((g) => ({ value: g.id, label: groupLabel(g) }))}
                onChange={(id: number) => onGroupChange(groups.find((g) => g.id === id) ?? null)}
              />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={8}>
        <Form.Item name="cust_name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input autoFocus maxLength={64} placeholder="姓名" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="sex" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
          <Radio.Group options={DICTIONARIES.sex.map((s) => ({ value: s.code, label: s.name }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="出生日期 / 年龄" required>
          <Form.Item name="birthday" noStyle rules={[{ required: true, message: '请选择出生日期' }]}>
            <DatePicker aria-label="出生日期" style={{ width: 150 }} disabledDate={(d) => d.isAfter(today)} />
          </Form.Item>
          <span style={{ marginLeft: 8 }} data-testid="age">
            {age}
          </span>
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="cust_id_card" label="身份证号" rules={[idNumberRule]} validateTrigger="onBlur">
          <Input maxLength={18} placeholder="18位身份证号" onBlur={(e) => fillFromIdNumber(e.target.value)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="phone" label="联系电话" rules={[phoneRule]} validateTrigger="onBlur">
          <Input maxLength={20} placeholder="手机号，或带区号的固定电话" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="nation" label="民族">
          <Select showSearch={{ optionFilterProp: 'label' }} allowClear options={NATION_OPTIONS} placeholder="民族" />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item name="address" label="地址">
          <Input maxLength={128} placeholder="住址" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="exam_type" label="体检类型" rules={[{ required: true, message: '请选择体检类型' }]}>
          <Select options={EXAM_TYPE_OPTIONS} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="exam_date" label="体检日期" rules={[{ required: true, message: '请选择体检日期' }]}>
          <DatePicker aria-label="体检日期" allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="special_flag" label="保密" valuePropName="checked">
          <Checkbox>保密人员</Checkbox>
        </Form.Item>
      </Col>
    </Row>
  );
}
