import type { BarcodeField, ExamineeField } from '@checkup/api-contract';

/** The demo examinee every preview is filled with: what a printed sheet would show for her. */
export const SAMPLE_EXAMINEE: Record<ExamineeField, string> = {
  cust_name: '王秀兰',
  sex: '女',
  age: '42岁',
  order_id: '20261125000018',
  id_card: '110105********2327',
  exam_date: '2026-11-25',
  exam_type: '健康体检',
  package_name: '女性标准套餐',
  company_name: '示范科技有限公司',
};

export const SAMPLE_DEPTS = [
  { dept: '内科', items: '内科检查' },
  { dept: '检验科', items: '血常规、肝功能、血脂四项' },
  { dept: '超声科', items: '腹部彩超、乳腺彩超' },
];

export const SAMPLE_LABEL: Record<BarcodeField, string> = {
  order_id: SAMPLE_EXAMINEE.order_id,
  cust_name: SAMPLE_EXAMINEE.cust_name,
  sex: SAMPLE_EXAMINEE.sex,
  age: SAMPLE_EXAMINEE.age,
  union_name: '血常规',
  specimen: '血液',
  exam_date: SAMPLE_EXAMINEE.exam_date,
  dept_name: '检验科',
  company_name: SAMPLE_EXAMINEE.company_name,
  print_time: '2026-11-25 08:12',
};

/** What a section holds in the preview, for the sections without a drawing of their own. */
export const SAMPLE_TEXT: Record<string, string> = {
  notice: '体检时间：8:00-10:00，请空腹前来，按顺序完成各科室检查后交回本单。',
  confirm: '确认体检：本人已核对以上信息及检查项目。  体检者签名：____________',
  conclusion: '1. 高脂血症  2. 脂肪肝（轻度）',
  advice: '低脂饮食，规律作息，半年后复查血脂及腹部彩超。',
  diagnoses: '1. 高脂血症  建议：控制饮食，适量运动',
  results: '内科：未见异常。  检验科：总胆固醇 6.2 mmol/L ↑',
  signatures: '初审医生：周文博    主审医生：李明    终审医生：吴静',
  company: '示范科技有限公司  联系人：赵敏  电话：010-8888 6666',
  fees: '女性标准套餐 × 36 人    男性标准套餐 × 42 人',
  total: '合计：人民币 46,800.00 元',
  signature: '签名：____________    日期：____年__月__日',
  items: '血常规、肝功能、血脂四项、腹部彩超',
  statement: '本人已知悉上述检查的目的、可能的不适与风险，自愿接受检查。',
  clinical: '体检筛查',
  harm_factors: '噪声、粉尘（矽尘）',
  result: '合格',
  validity: '2026-11-25 至 2027-11-24',
  issuer: '示范医院体检中心（盖章）',
  summary: '应检 80 人，实检 78 人，受检率 97.5%。',
  abnormal: '血脂异常 21 人（26.9%），脂肪肝 15 人（19.2%）',
  staff: '王秀兰、张伟、李娜、刘洋 …',
};
