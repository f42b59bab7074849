import { loginRoute, versionRoute, type UserInfo, type VersionInfo } from '@checkup/api-contract';

/** A GET the BFF forwards every time: signed, answer read whole and checked (spec §4/§8). */
export const ORDER_LIST_URL = '/manager/api/order/list?page=1';
/** Whitelisted in apps/bff/src/policy/cached-gets.ts, so the BFF answers it from its GET cache. */
export const CACHED_URL = '/manager/api/user/user_simple_list';
/** A form POST under the duplicate guard (not in apps/bff/src/policy/duplicate-exempt.ts). */
export const ORDER_SAVE_URL = '/manager/api/order/save';
export const VERSION_URL = versionRoute.path;
export const LOGIN_URL = loginRoute.path;

/** Loopback-only key so that signing and field encryption run as in production; never a real secret. */
export const BENCH_API_SECRET = Buffer.from('bench-only secret, not for prod!').toString('base64');

export const benchUser: UserInfo = {
  id: 1,
  user_account: 'bench',
  user_name: '压测',
  special_flag: '0',
  role_menu: ['*'],
  all_depts: true,
  leader: false,
  discount_floor: 100,
  must_change_password: false,
  data_scope: 'all',
};

export const benchVersion: VersionInfo = {
  name: '体检管理系统',
  version: '1.0.0',
  service_type: 1,
  systemColorStyle: 'blue',
  is_record_fill_in_password: false,
  encrypt_cfg: {
    api_integrity_verify: true,
    api_params_encrypt: true,
    api_encrypt_fields: ['cust_id_card'],
    api_signature_sort: true,
  },
};

/** The same upstream asking for neither: what the gateway costs without the cryptography. */
export const benchPlainVersion: VersionInfo = {
  ...benchVersion,
  encrypt_cfg: { ...benchVersion.encrypt_cfg, api_integrity_verify: false, api_params_encrypt: false },
};

// Answers of about 200 bytes each, the size of a typical list page or save result.
export const orderListAnswer = {
  status: 200,
  data: {
    total: 1,
    page: 1,
    list: [
      {
        order_id: 10001,
        cust_name: '张三',
        exam_date: '2025-06-01',
        package_name: '入职体检套餐',
        order_status: '2',
        dept_count: 6,
      },
    ],
  },
  msg: '',
};

export const userSimpleListAnswer = {
  status: 200,
  data: [
    { id: 1, user_name: '压测' },
    { id: 2, user_name: '张医生' },
    { id: 3, user_name: '李护士' },
    { id: 4, user_name: '王主任' },
    { id: 5, user_name: '赵前台' },
  ],
  msg: '',
};

export const orderSaveAnswer = {
  status: 200,
  data: {
    order_id: 10002,
    order_status: '1',
    exam_date: '2025-06-01',
    package_id: 12,
    dept_count: 6,
    print_flag: '0',
    created_at: '2025-06-01 08:30:00',
  },
  msg: '保存成功',
};

/**
 * A ~150-byte order form; `serial` makes every body different so the duplicate guard never
 * refuses one, and carries cust_id_card so field encryption runs too.
 */
export function orderForm(serial: number): string {
  return new URLSearchParams({
    order_no: `B${String(serial % 1e9).padStart(9, '0')}`,
    cust_name: '张三',
    cust_sex: '1',
    cust_age: '35',
    cust_id_card: '110101199003071234',
    package_id: '12',
    exam_date: '2025-06-01',
    remark: 'bench',
  }).toString();
}
