import type { APPLY_TARGETS, CodeCategory, HARM_CATEGORIES, MSG_CHANNELS, MSG_SCENES } from '@checkup/api-contract';

type HarmCategory = (typeof HARM_CATEGORIES)[number];

/**
 * Harm factors of GBZ 188-2014 (职业健康监护技术规范), with the diseases each is examined for.
 * The codes are the centre's own (category letter + number); the provincial codes go in 字典对照.
 */
export const DEMO_HARM_FACTORS: readonly [string, string, HarmCategory, string, string | null][] = [
  ['FC001', '矽尘（游离二氧化硅粉尘）', 'dust', '长期吸入可致矽肺，并增加肺结核风险', '14808-60-7'],
  ['FC002', '煤尘', 'dust', '长期吸入可致煤工尘肺', null],
  ['FC003', '石棉粉尘', 'dust', '可致石棉肺、肺癌和间皮瘤', '1332-21-4'],
  ['HX001', '苯', 'chemical', '损害造血系统，可致再生障碍性贫血、白血病', '71-43-2'],
  ['HX002', '铅及其无机化合物', 'chemical', '可致铅中毒：贫血、腹绞痛、周围神经病', '7439-92-1'],
  ['HX003', '正己烷', 'chemical', '可致周围神经病', '110-54-3'],
  ['HX004', '甲醛', 'chemical', '刺激眼和呼吸道，可致职业性哮喘', '50-00-0'],
  ['WL001', '噪声', 'physical', '可致听力下降和职业性噪声聋', null],
  ['WL002', '高温', 'physical', '可致中暑；心血管疾病者为职业禁忌', null],
  ['WL003', '手传振动', 'physical', '可致手臂振动病（白指）', null],
  ['FS001', '电离辐射', 'radiation', '可致放射性疾病、放射性白内障，增加肿瘤风险', null],
  ['SW001', '布鲁菌属', 'biological', '可致职业性布鲁菌病', null],
];

/** 申请单类型: [code, name, target, barcode class]. */
export const DEMO_APPLICATION_TYPES: readonly [string, string, (typeof APPLY_TARGETS)[number], string | null][] = [
  ['LAB', '检验申请单', 'lis', '检验条码'],
  ['RAD', '放射申请单', 'pacs', '影像条码'],
  ['US', '超声申请单', 'pacs', null],
  ['ECG', '心电图申请单', 'pacs', null],
  ['PATH', '病理申请单', 'none', '病理条码'],
];

/** 系统维护's code tables: [category, code, name]. */
export const DEMO_CODE_TABLES: readonly [CodeCategory, string, string][] = [
  ['charge_category', 'JCF', '检查费'],
  ['charge_category', 'JYF', '检验费'],
  ['charge_category', 'FSF', '放射费'],
  ['charge_category', 'CLF', '材料费'],
  ['item_type', 'GENERAL', '一般检查'],
  ['item_type', 'LAB', '检验'],
  ['item_type', 'IMAGING', '影像'],
  ['item_type', 'FUNCTION', '功能检查'],
  ['proceeds_way', 'CASH', '现金'],
  ['proceeds_way', 'SCAN', '扫码支付'],
  ['proceeds_way', 'CARD', '银行卡'],
  ['proceeds_way', 'TRANSFER', '对公转账'],
  ['business_type', 'HEALTH', '健康体检'],
  ['business_type', 'OCCU', '职业体检'],
  ['business_type', 'ENTRY', '入职体检'],
  ['business_type', 'CERT', '健康证'],
];

/** 耗材: [code, name, spec, unit, cost (yuan), union code, quantity per exam]. */
export const DEMO_CONSUMABLES: readonly [string, string, string | null, string, string, string | null, number][] = [
  ['HC001', '真空采血管（紫帽EDTA）', '2ml', '支', '0.80', 'XCG', 1],
  ['HC002', '真空采血管（黄帽促凝）', '5ml', '支', '0.90', 'GGN', 1],
  ['HC003', '一次性采血针', '0.7mm', '支', '0.35', 'XCG', 1],
  ['HC004', '一次性尿杯', '100ml', '个', '0.20', 'NCG', 1],
  ['HC005', '心电电极片', '成人', '片', '0.50', 'XDT', 10],
  ['HC006', '超声耦合剂', '250ml', '瓶', '6.50', null, 1],
];

/** 消息模板: [code, name, scene, content, channels]. */
export const DEMO_MSG_TEMPLATES: readonly [
  string,
  string,
  (typeof MSG_SCENES)[number],
  string,
  (typeof MSG_CHANNELS)[number][],
][] = [
  [
    'REPORT_READY',
    '报告完成通知',
    'report_ready',
    '{姓名}您好，您{体检日期}的体检报告（体检号{体检号}）已完成，可凭身份证到体检中心领取。咨询电话{中心电话}。',
    ['sms', 'wechat'],
  ],
  [
    'RECHECK',
    '复查提醒',
    'recheck',
    '{姓名}您好，根据您{体检日期}的体检结果，建议近期到体检中心复查，咨询电话{中心电话}。',
    ['sms'],
  ],
  [
    'CRITICAL',
    '危急值通知',
    'critical',
    '{姓名}您好，您的体检结果（体检号{体检号}）提示{危急值内容}，请尽快就医或联系体检中心{中心电话}。',
    ['sms', 'app'],
  ],
  [
    'APPOINT',
    '预约提醒',
    'appointment',
    '{姓名}您好，您已预约{预约日期}的{套餐名称}，请当天空腹到体检中心登记。',
    ['sms'],
  ],
];
