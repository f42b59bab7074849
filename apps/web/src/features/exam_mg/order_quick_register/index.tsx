import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Image, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import {
  ageInYears,
  ORDER_STATUS_LABELS,
  PRICING_MESSAGES,
  withinFloor,
  type CompanyGroupOption,
  type CustomerMatch,
  type OrderSaveAnswer,
  type OrderSaveInput,
  type SexCode,
} from '@checkup/api-contract';
import { IdCardReadButton, deviceImageSrc, type IdCardResult } from '@checkup/devices';
import { getCardReaderSettings } from '../../../lib/workstation/print-config';
import { storedWorkstationId } from '../../../lib/workstation/workstation-id';
import { packageListQueryOptions } from '../shared/union-choice/api/get-package-list';
import { useSaveOrder } from './api/save-order';
import { useBookingPrefill } from './api/get-booking-prefill';
import { AfterSaveActions, type SavedOrder } from './components/after-save-actions';
import { CustomerLookup } from './components/customer-lookup';
import { ExamineeFields, type RegisterFormValues } from './components/examinee-fields';
import { CameraPhotoButton } from './components/camera-photo';
import { useF9 } from './components/use-f9';
import { UnionChoice } from '../shared/union-choice/union-choice';
import { priceSelection, useOrderSelection } from '../shared/union-choice/use-order-selection';
import { useRegistrationSettings } from '../shared/union-choice/api/get-registration-settings';
import { useLeaderConfirm } from '../shared/union-choice/leader-confirm';
import { useUserInfo } from '../../session/api/get-user-info';

const NATION_SUFFIX = /族$/;
const PACKAGE_PICKER_ID = 'order-package';

/** The reader may say 汉 where the dictionary says 汉族. */
const nationName = (folk: string) => (folk && !NATION_SUFFIX.test(folk) ? `${folk}族` : folk);

/** 快速登记 (exam_mg/order_quick_register): one examinee, their package and extras, saved in one go. */
type OpenVisit = Extract<OrderSaveAnswer, { outcome: 'duplicate_visit' }>['existing'];

export default function OrderQuickRegister() {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<RegisterFormValues>();
  const [today] = useState(() => dayjs().startOf('day'));
  const [photo, setPhoto] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  const [group, setGroup] = useState<CompanyGroupOption | null>(null);
  const queryClient = useQueryClient();
  const selection = useOrderSelection();
  const save = useSaveOrder();
  const sex = Form.useWatch('sex', form) as SexCode | undefined;
  const birthday = Form.useWatch('birthday', form) as Dayjs | undefined;
  const examDate = Form.useWatch('exam_date', form) as Dayjs | undefined;
  const age = birthday
    ? ageInYears(birthday.format('YYYY-MM-DD'), (examDate ?? today).format('YYYY-MM-DD'))
    : undefined;
  const settings = useRegistrationSettings();
  const user = useUserInfo();
  const leader = useLeaderConfirm();
  const booking = useBookingPrefill();
  const booked = booking.prefill.data;
  // 转登记 from 体检预约: the booked person fills the form once, when it arrives.
  useEffect(() => {
    if (!booked) return;
    form.setFieldsValue({
      cust_name: booked.cust_name,
      sex: booked.sex,
      birthday: booked.birthday ? dayjs(booked.birthday) : undefined,
      cust_id_card: booked.cust_id_card ?? undefined,
      phone: booked.phone ?? undefined,
    });
  }, [booked, form]);
  useF9(() => {
    if (!save.isPending) form.submit();
  }, saved === null);

  const initialValues: Partial<RegisterFormValues> = {
    kind: 'individual',
    exam_type: 'health',
    exam_date: today,
    special_flag: false,
  };

  const fillFromCard = (card: IdCardResult) => {
    form.setFieldsValue({
      cust_name: card.cust_name,
      sex: card.gender,
      birthday: dayjs(card.cust_birthday),
      cust_id_card: card.cust_id_card,
      nation: nationName(card.folk) || undefined,
      address: card.address || undefined,
    });
    setPhoto(card.base_img || null);
    void form.validateFields(['cust_id_card']);
    // The package is the clerk's next field (type its code or name, Enter), then F9.
    setTimeout(() => document.getElementById(PACKAGE_PICKER_ID)?.focus(), 0);
  };

  const fillFromCustomer = (c: CustomerMatch) => {
    form.setFieldsValue({
      cust_name: c.cust_name,
      sex: c.sex,
      birthday: c.birthday ? dayjs(c.birthday) : undefined,
      cust_id_card: c.cust_id_card ?? undefined,
      phone: c.phone ?? undefined,
      nation: c.nation ?? undefined,
      address: c.address ?? undefined,
      special_flag: c.special_flag === '1',
    });
  };

  // A group with its own package registers that one, in place of any chosen before (the server refuses another).
  const chooseGroup = async (chosen: CompanyGroupOption | null) => {
    setGroup(chosen);
    if (chosen?.package_id == null) return;
    try {
      const packages = await queryClient.fetchQuery(packageListQueryOptions(sex));
      const pkg = packages.find((p) => p.id === chosen.package_id);
      const check = pkg
        ? selection.choosePackage(pkg, sex)
        : { ok: false as const, msg: `分组套餐「${chosen.package_name ?? ''}」已停用或与体检者性别不符` };
      if (!check.ok) void message.warning(check.msg);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  // The server registers a second visit of the same person that day only once the clerk confirmed it.
  const confirmSecondVisit = (existing: OpenVisit) =>
    modal.confirm({
      title: '该体检者当天已有体检',
      content: `${existing.exam_date} 已登记体检号 ${existing.order_id}（${ORDER_STATUS_LABELS[existing.status]}），尚未完成。确定再登记一次吗？`,
      okText: '仍然登记',
      cancelText: '取消',
    });

  const register = async (input: OrderSaveInput) => {
    const answer = await save.mutateAsync(input);
    if (answer.outcome === 'saved') return answer;
    if (!(await confirmSecondVisit(answer.existing))) return null;
    const confirmed = await save.mutateAsync({ ...input, confirm_duplicate: '1' });
    return confirmed.outcome === 'saved' ? confirmed : null;
  };

  const submit = async (values: RegisterFormValues) => {
    const check = selection.check(values.sex!, age);
    if (!check.ok) {
      void message.warning(check.msg);
      return;
    }
    // issue 19: the desk prices as the server will; below the clerk's floor a leader confirms on the spot.
    const priced = priceSelection(selection, group?.pay_mode ?? 'self', settings.data?.rounding ?? 'fen');
    if (!priced.ok) {
      void message.warning(priced.msg);
      return;
    }
    const floor = user.data?.discount_floor ?? 100;
    const credentials = withinFloor(priced, floor) ? undefined : await leader.ask(PRICING_MESSAGES.belowFloor(floor));
    if (credentials === null) return;
    try {
      const result = await register({
        cust_name: values.cust_name,
        sex: values.sex!,
        birthday: values.birthday!.format('YYYY-MM-DD'),
        cust_id_card: values.cust_id_card?.trim() || undefined,
        phone: values.phone || undefined,
        nation: values.nation || undefined,
        address: values.address || undefined,
        photo: photo ?? undefined,
        special_flag: values.special_flag ? '1' : '0',
        exam_type: values.exam_type,
        exam_date: values.exam_date.format('YYYY-MM-DD'),
        company_id: values.kind === 'group' ? values.company_id : undefined,
        group_id: values.kind === 'group' ? values.group_id : undefined,
        package_id: selection.pkg?.id,
        union_ids: JSON.stringify(selection.extras.map((u) => u.id)),
        option_union_ids: JSON.stringify(selection.optionIds),
        discount: selection.discount ? JSON.stringify(selection.discount) : undefined,
        confirm_gender: selection.genderConfirmed ? '1' : '0',
        booking_id: booked ? booked.id : undefined,
        ...credentials,
      });
      if (!result) return;
      if (booked) booking.leave();
      setSaved(result);
      void message.success(`登记成功，体检号 ${result.order_id}`);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const next = () => {
    setSaved(null);
    setPhoto(null);
    setGroup(null);
    selection.reset();
    form.resetFields();
    if (booking.bookingId !== null) booking.leave();
  };

  if (saved) return <AfterSaveActions saved={saved} onNext={next} />;

  return (
    <Form<RegisterFormValues>
      form={form}
      layout="vertical"
      size="small"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
    >
      <Row gutter={12}>
        <Col xs={24} xl={11}>
          <Card
            size="small"
            title="体检者信息"
            extra={
              <IdCardReadButton
                label="读身份证"
                loadParameter={() => getCardReaderSettings(storedWorkstationId())}
                onRead={fillFromCard}
              />
            }
          >
            {booking.bookingId !== null && (
              <Alert
                type={booking.prefill.error ? 'error' : 'info'}
                showIcon
                style={{ marginBottom: 8 }}
                title={
                  booking.prefill.error
                    ? booking.prefill.error.message
                    : `来自体检预约（${booked?.book_date ?? ''}${booked?.company_name ? `，${booked.company_name}` : ''}）：完成登记后该预约即为预约结束`
                }
              />
            )}
            <CustomerLookup onPick={fillFromCustomer} />
            <Row gutter={12} style={{ marginTop: 8 }}>
              <Col flex="auto">
                <ExamineeFields form={form} today={today} onGroupChange={(g) => void chooseGroup(g)} />
              </Col>
              <Col flex="96px">
                <CameraPhotoButton onTaken={setPhoto} />
                {photo ? (
                  <Image src={deviceImageSrc(photo)} alt="体检者照片" width={88} />
                ) : (
                  <div
                    style={{
                      width: 88,
                      height: 110,
                      border: '1px dashed #d9d9d9',
                      textAlign: 'center',
                      paddingTop: 44,
                    }}
                  >
                    照片
                  </div>
                )}
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={13}>
          <Card
            size="small"
            title="套餐与项目"
            extra={
              <Space>
                <Button onClick={next}>清空</Button>
                <Button type="primary" htmlType="submit" loading={save.isPending} title="快捷键 F9">
                  完成登记 (F9)
                </Button>
              </Space>
            }
          >
            <UnionChoice
              packagePickerId={PACKAGE_PICKER_ID}
              selection={selection}
              sex={sex}
              age={age}
              packageFixed={group?.package_id != null}
              packagePayMode={group?.pay_mode ?? 'self'}
              rounding={settings.data?.rounding}
            />
            {leader.dialog}
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
