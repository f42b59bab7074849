/**
 * The demo health questionnaire (breadth §6.6): six questions as a 健康管理 desk asks them before the
 * visit. A "是" to smoking branches to how much; answers that call for an add-on recommend its union
 * (by union code, turned into ids when seeded).
 */
export interface DemoOption {
  code: string;
  content: string;
  next?: string;
  unions?: string[];
}

export interface DemoQuestion {
  code: string;
  title: string;
  type: 'single' | 'multi' | 'text';
  options: DemoOption[];
}

export const DEMO_QUESTIONNAIRE: {
  name: string;
  description: string;
  ageMin: number;
  questions: DemoQuestion[];
} = {
  name: '健康体检问卷（成人）',
  description: '体检前填写，帮助医生了解您的生活习惯和既往病史',
  ageMin: 18,
  questions: [
    {
      code: 'Q1',
      title: '您是否吸烟？',
      type: 'single',
      options: [
        { code: 'A', content: '是', next: 'Q2', unions: ['XBCT'] },
        { code: 'B', content: '已戒烟', next: 'Q3' },
        { code: 'C', content: '否', next: 'Q3' },
      ],
    },
    {
      code: 'Q2',
      title: '您平均每天吸烟多少支？',
      type: 'single',
      options: [
        { code: 'A', content: '10支以下' },
        { code: 'B', content: '10～20支' },
        { code: 'C', content: '20支以上', unions: ['FGN'] },
      ],
    },
    {
      code: 'Q3',
      title: '您饮酒的频率？',
      type: 'single',
      options: [
        { code: 'A', content: '从不' },
        { code: 'B', content: '偶尔（每月少于4次）' },
        { code: 'C', content: '经常（每周3次以上）', unions: ['GGN', 'FBCC'] },
      ],
    },
    {
      code: 'Q4',
      title: '您是否患有或曾经患有以下疾病？（可多选）',
      type: 'multi',
      options: [
        { code: 'A', content: '高血压' },
        { code: 'B', content: '糖尿病', unions: ['THXHDB'] },
        { code: 'C', content: '高脂血症', unions: ['JDMCC'] },
        { code: 'D', content: '甲状腺疾病', unions: ['JZXGN'] },
        { code: 'E', content: '以上都没有' },
      ],
    },
    {
      code: 'Q5',
      title: '您的直系亲属中是否有人患过恶性肿瘤？',
      type: 'single',
      options: [
        { code: 'A', content: '有', unions: ['ZLBZW'] },
        { code: 'B', content: '没有' },
        { code: 'C', content: '不清楚' },
      ],
    },
    { code: 'Q6', title: '您目前正在服用的药物（没有请填“无”）', type: 'text', options: [] },
  ],
};
