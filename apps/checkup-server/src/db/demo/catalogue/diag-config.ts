import type { StoredRuleCondition } from '../../schema.js';

type Condition = readonly [item: string, op: StoredRuleCondition['op'], value: string];

/** Conclusion words in full (诊断字典详情), with the rule that suggests each from results. */
export const DEMO_PROFILES: readonly {
  diag: string;
  isCommon: boolean;
  explanation: string;
  dietGuidance: string;
  exerciseGuidance: string;
  healthKnowledge: string;
  ruleJoin: 'and' | 'or';
  conditions: readonly Condition[];
}[] = [
  {
    diag: 'KFXTSG',
    isCommon: true,
    explanation: '空腹血糖高于6.1 mmol/L，提示糖调节受损或糖尿病可能，需结合糖化血红蛋白及口服葡萄糖耐量试验判断。',
    dietGuidance: '控制主食总量，粗细搭配，少吃甜食和含糖饮料，多吃绿叶蔬菜。',
    exerciseGuidance: '每周至少5天、每天30分钟中等强度有氧运动，如快走、骑车。',
    healthKnowledge: '糖尿病早期多无症状，定期监测血糖是早发现的关键。',
    ruleJoin: 'and',
    conditions: [['GLU', 'ge', '6.1']],
  },
  {
    diag: 'XYPG',
    isCommon: true,
    explanation: '收缩压≥140 mmHg或舒张压≥90 mmHg，需非同日多次测量确认是否为高血压。',
    dietGuidance: '低盐饮食，每日食盐不超过5克；限酒，多吃新鲜蔬果。',
    exerciseGuidance: '规律有氧运动，避免憋气和剧烈对抗性运动。',
    healthKnowledge: '高血压是心脑血管病的主要危险因素，家庭自测血压有助于管理。',
    ruleJoin: 'or',
    conditions: [
      ['SBP', 'ge', '140'],
      ['DBP', 'ge', '90'],
    ],
  },
  {
    diag: 'GZXZ',
    isCommon: true,
    explanation: '总胆固醇或甘油三酯高于参考范围，长期可促进动脉粥样硬化。',
    dietGuidance: '少吃动物内脏、肥肉和油炸食品，烹调用植物油并控制用量。',
    exerciseGuidance: '每周150分钟以上中等强度运动，控制体重。',
    healthKnowledge: '血脂异常多无症状，40岁以上建议每年检查血脂。',
    ruleJoin: 'or',
    conditions: [
      ['TC', 'gt', '5.18'],
      ['TG', 'gt', '1.7'],
    ],
  },
  {
    diag: 'ZFG',
    isCommon: true,
    explanation: '肝细胞内脂肪堆积，多与肥胖、饮酒、血脂异常相关，可逆转。',
    dietGuidance: '戒酒，减少高脂高糖饮食，晚餐不宜过饱。',
    exerciseGuidance: '坚持有氧运动，体重下降5%~10%可明显改善脂肪肝。',
    healthKnowledge: '脂肪肝若不干预可进展为脂肪性肝炎甚至肝硬化。',
    ruleJoin: 'and',
    conditions: [['US-LIVER', 'contains', '脂肪肝']],
  },
];

/** 合并结论词 (诊断关联): members by diagnosis code. */
export const DEMO_MERGES = [
  {
    mergeName: '代谢异常',
    inputCode: 'dxyc',
    advice: '存在血脂增高及脂肪肝，提示代谢异常，建议内分泌科或消化内科就诊，3~6个月后复查血脂、肝功能及肝脏彩超。',
    groupAdvice: '本单位部分员工存在血脂增高合并脂肪肝，建议开展合理膳食与运动干预的健康讲座。',
    members: ['GZXZ', 'ZFG'],
  },
  {
    mergeName: '代谢综合征倾向',
    inputCode: 'dxzhzqx',
    advice: '超重合并血压偏高及空腹血糖升高，具有代谢综合征倾向，建议心内科及内分泌科就诊，综合管理体重、血压与血糖。',
    groupAdvice: '建议单位关注员工体重管理，组织工间运动，食堂提供低盐低脂餐。',
    members: ['CZ', 'XYPG', 'KFXTSG'],
  },
] as const;

/** 功能字典关联: [diagnosis code, item code, sign word]. */
export const DEMO_ITEM_LINKS: readonly (readonly [string, string, string | null])[] = [
  ['KFXTSG', 'GLU', null],
  ['XYPG', 'SBP', null],
  ['XYPG', 'DBP', null],
  ['GZXZ', 'TC', null],
  ['GZXZ', 'TG', null],
  ['ZFG', 'US-LIVER', '脂肪肝'],
  ['PX', 'HGB', null],
];

/** 健康指导库. */
export const DEMO_GUIDANCES: readonly {
  category: 'diet' | 'exercise' | 'knowledge' | 'summary';
  title: string;
  content: string;
  keywords: string;
}[] = [
  {
    category: 'diet',
    title: '低盐饮食',
    content: '每日食盐摄入不超过5克，少吃咸菜、腌制品及加工肉类，烹调时可用醋、葱姜等调味代替部分盐。',
    keywords: '高血压,低盐',
  },
  {
    category: 'diet',
    title: '低脂饮食',
    content: '减少动物内脏、肥肉、油炸食品，每日烹调油不超过25克，适量增加鱼类、豆制品和燕麦。',
    keywords: '血脂,脂肪肝',
  },
  {
    category: 'exercise',
    title: '中等强度有氧运动',
    content: '每周至少5天，每天30分钟快走、慢跑、游泳或骑车，运动时心率约为（170-年龄）次/分。',
    keywords: '减重,血糖,血压',
  },
  {
    category: 'knowledge',
    title: '定期复查的意义',
    content: '体检发现的异常多需在3~6个月内复查，以观察变化趋势，请保存好本次报告以便对比。',
    keywords: '复查',
  },
  {
    category: 'summary',
    title: '综合生活方式干预',
    content: '建议戒烟限酒，合理膳食，规律运动，保持充足睡眠和良好心态，每年进行一次健康体检。',
    keywords: '生活方式,总检',
  },
  {
    category: 'summary',
    title: '专科就诊建议',
    content: '本次体检发现的异常项目，建议携带体检报告至相关专科门诊进一步检查，遵医嘱治疗。',
    keywords: '就诊,总检',
  },
];
