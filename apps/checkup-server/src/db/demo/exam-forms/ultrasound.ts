/**
 * The demo ultrasound templates (breadth §6.4): a body-part tree, items, and the sign words of 肝脏,
 * 胆囊 and 甲状腺 as a 超声科 keeps them — the normal finding first, each description a sentence the
 * doctor inserts with one click.
 */
export interface DemoSign {
  name: string;
  positive: boolean;
  description: string;
  conclusion: string | null;
  /** '0' 一般, '1' 重大阳性, '2' 危急 */
  serious?: '0' | '1' | '2';
  isDefault?: boolean;
}

export interface DemoUsItem {
  name: string;
  inputCode: string;
  classify: string;
  gender?: '0' | '1' | '2';
  signs: DemoSign[];
}

export const DEMO_US_CLASSIFIES: { name: string; nameEn: string; children: { name: string; nameEn: string }[] }[] = [
  {
    name: '腹部',
    nameEn: 'Abdomen',
    children: [
      { name: '肝胆', nameEn: 'Hepatobiliary' },
      { name: '胰脾', nameEn: 'Pancreas and Spleen' },
      { name: '泌尿系', nameEn: 'Urinary System' },
    ],
  },
  {
    name: '浅表器官',
    nameEn: 'Superficial Organs',
    children: [
      { name: '甲状腺', nameEn: 'Thyroid' },
      { name: '乳腺', nameEn: 'Breast' },
    ],
  },
];

export const DEMO_US_ITEMS: DemoUsItem[] = [
  {
    name: '肝脏',
    inputCode: 'GZ',
    classify: '肝胆',
    signs: [
      {
        name: '肝脏未见异常',
        positive: false,
        isDefault: true,
        description: '肝脏形态大小正常，包膜光滑，实质回声均匀，肝内管道结构清晰，门静脉主干内径正常。',
        conclusion: '肝脏未见明显异常',
      },
      {
        name: '脂肪肝（轻度）',
        positive: true,
        description: '肝脏大小正常，实质回声细密增强，后场回声稍衰减，肝内管道结构显示尚清。',
        conclusion: '轻度脂肪肝',
      },
      {
        name: '脂肪肝（中度）',
        positive: true,
        description: '肝脏体积稍大，实质回声细密增强，后场回声明显衰减，肝内管道结构显示欠清。',
        conclusion: '中度脂肪肝',
      },
      {
        name: '肝囊肿',
        positive: true,
        description: '肝内可见一无回声区，边界清，壁薄，后方回声增强。',
        conclusion: '肝囊肿',
      },
      {
        name: '肝内实性占位',
        positive: true,
        serious: '1',
        description: '肝内可见一低回声团块，边界欠清，形态欠规则，内部回声不均。',
        conclusion: '肝内实性占位，建议进一步检查',
      },
    ],
  },
  {
    name: '胆囊',
    inputCode: 'DN',
    classify: '肝胆',
    signs: [
      {
        name: '胆囊未见异常',
        positive: false,
        isDefault: true,
        description: '胆囊大小形态正常，囊壁光滑，囊内透声好，未见明显异常回声。',
        conclusion: '胆囊未见明显异常',
      },
      {
        name: '胆囊结石',
        positive: true,
        description: '胆囊内可见强回声团，后方伴声影，随体位改变而移动。',
        conclusion: '胆囊结石',
      },
      {
        name: '胆囊息肉',
        positive: true,
        description: '胆囊壁可见一稍强回声附着，后方无声影，不随体位改变而移动。',
        conclusion: '胆囊息肉样病变',
      },
      {
        name: '胆囊炎',
        positive: true,
        description: '胆囊壁增厚、毛糙，囊内透声欠佳。',
        conclusion: '胆囊炎声像',
      },
    ],
  },
  {
    name: '甲状腺',
    inputCode: 'JZX',
    classify: '甲状腺',
    signs: [
      {
        name: '甲状腺未见异常',
        positive: false,
        isDefault: true,
        description: '甲状腺左右叶及峡部大小形态正常，包膜完整，实质回声均匀，CDFI：血流信号未见明显异常。',
        conclusion: '甲状腺未见明显异常',
      },
      {
        name: '甲状腺结节（TI-RADS 3类）',
        positive: true,
        description: '甲状腺内可见一低回声结节，边界清，形态规则，纵横比小于1，未见明显钙化。',
        conclusion: '甲状腺结节（TI-RADS 3类）',
      },
      {
        name: '甲状腺结节（TI-RADS 4类）',
        positive: true,
        serious: '1',
        description: '甲状腺内可见一低回声结节，边界不清，形态不规则，纵横比大于1，内见点状强回声。',
        conclusion: '甲状腺结节（TI-RADS 4类），建议穿刺活检',
      },
      {
        name: '桥本甲状腺炎',
        positive: true,
        description: '甲状腺实质回声减低、不均匀，呈网格样改变，CDFI：血流信号较丰富。',
        conclusion: '甲状腺弥漫性病变（桥本甲状腺炎可能）',
      },
    ],
  },
  {
    name: '脾脏',
    inputCode: 'PZ',
    classify: '胰脾',
    signs: [
      {
        name: '脾脏未见异常',
        positive: false,
        isDefault: true,
        description: '脾脏形态大小正常，实质回声均匀。',
        conclusion: '脾脏未见明显异常',
      },
    ],
  },
  {
    name: '乳腺',
    inputCode: 'RX',
    classify: '乳腺',
    gender: '2',
    signs: [
      {
        name: '乳腺未见异常',
        positive: false,
        isDefault: true,
        description: '双侧乳腺腺体层结构清晰，未见明显占位性病变，双侧腋下未见明显肿大淋巴结。',
        conclusion: '双侧乳腺未见明显异常',
      },
      {
        name: '乳腺增生',
        positive: true,
        description: '双侧乳腺腺体层增厚，结构紊乱，回声不均匀。',
        conclusion: '双侧乳腺增生',
      },
    ],
  },
];
