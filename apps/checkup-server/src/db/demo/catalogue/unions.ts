import type { PackageDef, UnionDef } from './types.js';

const BLOOD_ROUTINE = ['WBC', 'NEUT%', 'LYMPH%', 'RBC', 'HGB', 'HCT', 'MCV', 'MCH', 'MCHC', 'PLT'];
const URINE_ROUTINE = ['U-PRO', 'U-GLU', 'U-BLD', 'U-LEU', 'U-KET', 'U-SG', 'U-PH'];

/** Combination items with list prices in yuan, as a mid-size public hospital's checkup centre charges. */
// One union per row reads as the price list it is.
// prettier-ignore
export const DEMO_UNIONS: readonly UnionDef[] = [
  { code: 'YBJC', name: '一般检查', dept: 'YBJC', price: '10.00', pinyin: 'ybjc', items: ['HEIGHT', 'WEIGHT', 'BMI', 'SBP', 'DBP', 'PULSE'] },
  { code: 'NKJC', name: '内科检查', dept: 'NK', price: '15.00', pinyin: 'nkjc', items: ['NK-HEART', 'NK-LUNG', 'NK-LIVER', 'NK-SPLEEN', 'NK-NERVE'] },
  { code: 'WKJC', name: '外科检查', dept: 'WK', price: '15.00', pinyin: 'wkjc', items: ['WK-SKIN', 'WK-LYMPH', 'WK-THYROID', 'WK-SPINE', 'WK-LIMB'] },
  { code: 'YKJC', name: '眼科检查', dept: 'YK', price: '15.00', pinyin: 'ykjc', items: ['VA-L', 'VA-R', 'YK-OUTER', 'YK-FUNDUS', 'YK-COLOR'] },
  { code: 'EBHJC', name: '耳鼻喉科检查', dept: 'EBH', price: '15.00', pinyin: 'ebhkjc', items: ['EBH-EAR', 'EBH-NOSE', 'EBH-PHARYNX', 'EBH-TONSIL'] },
  { code: 'CYCT', name: '纯音测听', dept: 'EBH', price: '40.00', pinyin: 'cyct', items: ['PTA-L', 'PTA-R'] },
  { code: 'KQJC', name: '口腔科检查', dept: 'KQ', price: '10.00', pinyin: 'kqkjc', items: ['KQ-TOOTH', 'KQ-GUM'] },
  { code: 'FKJC', name: '妇科检查', dept: 'FK', price: '40.00', gender: '2', pinyin: 'fkjc', items: ['FK-VULVA', 'FK-VAGINA', 'FK-CERVIX', 'FK-UTERUS', 'FK-ADNEXA'] },
  { code: 'XCG', name: '血常规', dept: 'JYK', group: '临检组', price: '20.00', specimen: 'blood', pinyin: 'xcg', items: BLOOD_ROUTINE },
  { code: 'NCG', name: '尿常规', dept: 'JYK', group: '临检组', price: '10.00', specimen: 'urine', pinyin: 'ncg', items: URINE_ROUTINE },
  { code: 'GGN', name: '肝功能', dept: 'JYK', group: '生化组', price: '60.00', specimen: 'blood', pinyin: 'ggn', items: ['ALT', 'AST', 'GGT', 'TBIL', 'DBIL', 'TP', 'ALB'] },
  { code: 'GGN2', name: '肝功能二项', dept: 'JYK', group: '生化组', price: '20.00', specimen: 'blood', pinyin: 'ggnex', items: ['ALT', 'AST'] },
  { code: 'SGN', name: '肾功能', dept: 'JYK', group: '生化组', price: '30.00', specimen: 'blood', pinyin: 'sgn', items: ['CREA', 'UREA', 'UA'] },
  { code: 'XZSX', name: '血脂四项', dept: 'JYK', group: '生化组', price: '40.00', specimen: 'blood', pinyin: 'xzsx', items: ['TC', 'TG', 'HDL-C', 'LDL-C'] },
  { code: 'KFXT', name: '空腹血糖', dept: 'JYK', group: '生化组', price: '8.00', specimen: 'blood', pinyin: 'kfxt', items: ['GLU'] },
  { code: 'THXHDB', name: '糖化血红蛋白', dept: 'JYK', group: '临检组', price: '50.00', specimen: 'blood', pinyin: 'thxhdb', items: ['HBA1C'] },
  { code: 'ZLBZW', name: '肿瘤标志物二项', dept: 'JYK', group: '生化组', price: '80.00', specimen: 'blood', pinyin: 'zlbzw', items: ['AFP', 'CEA'] },
  { code: 'JZXGN', name: '甲状腺功能三项', dept: 'JYK', group: '生化组', price: '90.00', specimen: 'blood', pinyin: 'jzxgn', items: ['FT3', 'FT4', 'TSH'] },
  { code: 'XDT', name: '心电图', dept: 'XDT', price: '25.00', pinyin: 'xdt', items: ['ECG'] },
  { code: 'FGN', name: '肺功能', dept: 'GNJC', price: '60.00', pinyin: 'fgn', items: ['FVC', 'FEV1', 'FEV1/FVC'] },
  { code: 'FBCC', name: '腹部彩超', dept: 'CSK', group: '彩超组', price: '120.00', pinyin: 'fbcc', items: ['US-LIVER', 'US-GB', 'US-PANCREAS', 'US-SPLEEN', 'US-KIDNEY'] },
  { code: 'JZXCC', name: '甲状腺彩超', dept: 'CSK', group: '彩超组', price: '80.00', pinyin: 'jzxcc', items: ['US-THYROID'] },
  { code: 'QLXCC', name: '前列腺彩超', dept: 'CSK', group: '彩超组', price: '60.00', gender: '1', pinyin: 'qlxcc', items: ['US-PROSTATE'] },
  { code: 'RXCC', name: '乳腺彩超', dept: 'CSK', group: '彩超组', price: '80.00', gender: '2', pinyin: 'rxcc', items: ['US-BREAST'] },
  { code: 'JDMCC', name: '颈动脉彩超', dept: 'CSK', group: '彩超组', price: '100.00', pinyin: 'jdmcc', items: ['US-CAROTID'] },
  { code: 'XBDR', name: '胸部DR', dept: 'FSK', group: 'DR组', price: '80.00', pinyin: 'xbdr', items: ['DR-CHEST'] },
  { code: 'XBCT', name: '胸部CT', dept: 'FSK', group: 'CT组', price: '260.00', pinyin: 'xbct', items: ['CT-CHEST'] },
];

/** Pairs that may not be in one order: the same film twice, or the same liver tests twice. */
export const DEMO_UNION_MUTEX: readonly (readonly [string, string])[] = [
  ['XBDR', 'XBCT'],
  ['GGN', 'GGN2'],
];

const EXAM_BASE = ['YBJC', 'NKJC', 'WKJC', 'YKJC', 'EBHJC', 'KQJC'];
const LAB_BASE = ['XCG', 'NCG', 'GGN', 'SGN', 'XZSX', 'KFXT'];

/** Packages priced below the sum of their unions, as centres discount them. */
export const DEMO_PACKAGES: readonly PackageDef[] = [
  {
    code: 'RZTJ',
    name: '入职体检套餐',
    gender: '0',
    price: '198.00',
    description: '满足一般企事业单位入职要求的基础项目',
    unions: ['YBJC', 'NKJC', 'WKJC', 'YKJC', 'XCG', 'NCG', 'GGN', 'XDT', 'XBDR'],
  },
  {
    code: 'JCTJ-M',
    name: '基础体检套餐(男)',
    gender: '1',
    price: '458.00',
    description: '成年男性年度基础体检',
    unions: [...EXAM_BASE, ...LAB_BASE, 'XDT', 'FBCC', 'XBDR', 'QLXCC'],
  },
  {
    code: 'JCTJ-F',
    name: '基础体检套餐(女)',
    gender: '2',
    price: '498.00',
    description: '成年女性年度基础体检，含妇科检查及乳腺彩超',
    unions: [...EXAM_BASE, ...LAB_BASE, 'XDT', 'FBCC', 'XBDR', 'FKJC', 'RXCC'],
  },
  {
    code: 'ZLNTJ',
    name: '中老年体检套餐',
    gender: '0',
    price: '888.00',
    description: '45岁以上人群，增加心脑血管、甲状腺及肿瘤筛查项目',
    ageMin: 45,
    unions: [...EXAM_BASE, ...LAB_BASE, 'THXHDB', 'ZLBZW', 'JZXGN', 'XDT', 'FBCC', 'JZXCC', 'JDMCC', 'XBCT'],
  },
  {
    code: 'ZYJK-FC',
    name: '职业健康体检(粉尘)',
    gender: '0',
    price: '260.00',
    description: '依据GBZ 188，接触粉尘作业人员在岗期间职业健康检查',
    unions: ['YBJC', 'NKJC', 'XCG', 'NCG', 'GGN', 'XDT', 'XBDR', 'FGN'],
  },
  {
    code: 'ZYJK-ZS',
    name: '职业健康体检(噪声)',
    gender: '0',
    price: '180.00',
    description: '依据GBZ 188，接触噪声作业人员在岗期间职业健康检查',
    unions: ['YBJC', 'NKJC', 'EBHJC', 'CYCT', 'XCG', 'NCG', 'GGN', 'XDT'],
  },
  {
    code: 'JKZ',
    name: '健康证体检套餐',
    gender: '0',
    price: '100.00',
    description: '食品、公共场所从业人员健康证体检',
    unions: ['NKJC', 'WKJC', 'GGN2', 'XBDR'],
  },
  {
    code: 'JXTJ',
    name: '精选体检套餐(可选影像)',
    gender: '0',
    price: '298.00',
    description: '18至60岁成人年度体检，胸部影像在DR与CT中任选一项',
    ageMin: 18,
    ageMax: 60,
    unions: [...EXAM_BASE, 'XCG', 'NCG', 'GGN', 'SGN', 'XDT', 'FBCC'],
    options: [{ name: '胸部影像', unions: ['XBDR', 'XBCT'] }],
  },
];
