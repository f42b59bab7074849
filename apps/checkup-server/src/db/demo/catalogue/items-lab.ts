import type { ItemDef } from './types.js';

/**
 * Laboratory items (检验科). Reference ranges follow the adult intervals of WS/T 405 and WS/T 404;
 * the distributions are chosen so the share of abnormal results looks like a real checkup population.
 */
const HL = { highWords: '偏高', lowWords: '偏低' } as const;
const NEGATIVE = '阴性(-)';

// One item per row reads as the table it is.
// prettier-ignore
export const LAB_ITEMS: readonly ItemDef[] = [
  // 血常规
  { kind: 'number', code: 'WBC', normal: '6.00', name: '白细胞计数', dept: 'JYK', unit: '10^9/L', male: [3.5, 9.5], critical: [2, 30], ...HL,
    decimals: 2, dist: { mean: 6.2, sd: 1.4 }, highDiag: 'BXBZD', lowDiag: 'BXBJS' },
  { kind: 'number', code: 'NEUT%', normal: '60.0', name: '中性粒细胞百分比', dept: 'JYK', unit: '%', male: [40, 75], ...HL,
    decimals: 1, dist: { mean: 58, sd: 8 } },
  { kind: 'number', code: 'LYMPH%', normal: '30.0', name: '淋巴细胞百分比', dept: 'JYK', unit: '%', male: [20, 50], ...HL,
    decimals: 1, dist: { mean: 33, sd: 7 } },
  { kind: 'number', code: 'RBC', normal: '4.60', name: '红细胞计数', dept: 'JYK', unit: '10^12/L', male: [4.3, 5.8], female: [3.8, 5.1], ...HL,
    decimals: 2, dist: { mean: 5.0, sd: 0.35 }, distFemale: { mean: 4.4, sd: 0.33 } },
  { kind: 'number', code: 'HGB', normal: '140', name: '血红蛋白', dept: 'JYK', unit: 'g/L', male: [130, 175], female: [115, 150], critical: [60, 200], ...HL,
    decimals: 0, dist: { mean: 150, sd: 11 }, distFemale: { mean: 131, sd: 10 }, highDiag: 'XHDBZG', lowDiag: 'PX' },
  { kind: 'number', code: 'HCT', normal: '43.0', name: '红细胞压积', dept: 'JYK', unit: '%', male: [40, 50], female: [35, 45], ...HL,
    decimals: 1, dist: { mean: 45, sd: 2.8 }, distFemale: { mean: 40, sd: 2.6 } },
  { kind: 'number', code: 'MCV', normal: '90.0', name: '平均红细胞体积', dept: 'JYK', unit: 'fL', male: [82, 100], ...HL,
    decimals: 1, dist: { mean: 90, sd: 4.5 } },
  { kind: 'number', code: 'MCH', normal: '30.0', name: '平均红细胞血红蛋白含量', dept: 'JYK', unit: 'pg', male: [27, 34], ...HL,
    decimals: 1, dist: { mean: 30.5, sd: 1.6 } },
  { kind: 'number', code: 'MCHC', normal: '335', name: '平均红细胞血红蛋白浓度', dept: 'JYK', unit: 'g/L', male: [316, 354], ...HL,
    decimals: 0, dist: { mean: 335, sd: 9 } },
  { kind: 'number', code: 'PLT', normal: '220', name: '血小板计数', dept: 'JYK', unit: '10^9/L', male: [125, 350], critical: [30, 1000], ...HL,
    decimals: 0, dist: { mean: 230, sd: 52 }, highDiag: 'XXBZD', lowDiag: 'XXBJS' },
  // 尿常规
  { kind: 'text', code: 'U-PRO', name: '尿蛋白', dept: 'JYK', normal: NEGATIVE,
    findings: [{ text: '弱阳性(±)', rate: 0.02, diag: 'NDBYX' }, { text: '阳性(+)', rate: 0.01, diag: 'NDBYX' }] },
  { kind: 'text', code: 'U-GLU', name: '尿葡萄糖', dept: 'JYK', normal: NEGATIVE,
    findings: [{ text: '阳性(+)', rate: 0.015, diag: 'NTYX' }, { text: '阳性(2+)', rate: 0.005, diag: 'NTYX' }] },
  { kind: 'text', code: 'U-BLD', name: '尿潜血', dept: 'JYK', normal: NEGATIVE,
    findings: [{ text: '弱阳性(±)', rate: 0.04, diag: 'NQXYX' }, { text: '阳性(+)', rate: 0.02, diag: 'NQXYX' }] },
  { kind: 'text', code: 'U-LEU', name: '尿白细胞', dept: 'JYK', normal: NEGATIVE,
    findings: [{ text: '阳性(+)', rate: 0.04, diag: 'NBXBYX' }] },
  { kind: 'text', code: 'U-KET', name: '尿酮体', dept: 'JYK', normal: NEGATIVE, findings: [{ text: '弱阳性(±)', rate: 0.01 }] },
  { kind: 'number', code: 'U-SG', normal: '1.020', name: '尿比重', dept: 'JYK', male: [1.003, 1.03], ...HL, decimals: 3, clamp: [1, 1.04],
    dist: { mean: 1.018, sd: 0.005 } },
  { kind: 'number', code: 'U-PH', normal: '6.0', name: '尿酸碱度', dept: 'JYK', male: [4.5, 8], ...HL, decimals: 1, clamp: [4.5, 9],
    dist: { mean: 6, sd: 0.7 } },
  // 肝功能
  { kind: 'number', code: 'ALT', normal: '20', name: '谷丙转氨酶', dept: 'JYK', unit: 'U/L', male: [9, 50], female: [7, 40], ...HL,
    decimals: 0, dist: { mean: 24, sd: 11, skew: true }, distFemale: { mean: 17, sd: 8, skew: true }, highDiag: 'GGNYC' },
  { kind: 'number', code: 'AST', normal: '20', name: '谷草转氨酶', dept: 'JYK', unit: 'U/L', male: [15, 40], female: [13, 35], ...HL,
    decimals: 0, dist: { mean: 23, sd: 5, skew: true }, distFemale: { mean: 21, sd: 5, skew: true }, highDiag: 'GGNYC' },
  { kind: 'number', code: 'GGT', normal: '20', name: 'γ-谷氨酰转移酶', dept: 'JYK', unit: 'U/L', male: [10, 60], female: [7, 45], ...HL,
    decimals: 0, dist: { mean: 28, sd: 14, skew: true }, distFemale: { mean: 17, sd: 8, skew: true }, highDiag: 'GGNYC' },
  { kind: 'number', code: 'TBIL', normal: '10.0', name: '总胆红素', dept: 'JYK', unit: 'μmol/L', male: [0, 21], ...HL,
    decimals: 1, dist: { mean: 12, sd: 3.6, skew: true }, highDiag: 'DHSZG' },
  { kind: 'number', code: 'DBIL', normal: '3.0', name: '直接胆红素', dept: 'JYK', unit: 'μmol/L', male: [0, 6.8], ...HL,
    decimals: 1, dist: { mean: 3.5, sd: 1.15, skew: true }, highDiag: 'DHSZG' },
  { kind: 'number', code: 'TP', normal: '72.0', name: '总蛋白', dept: 'JYK', unit: 'g/L', male: [65, 85], ...HL,
    decimals: 1, dist: { mean: 73, sd: 4 }, lowDiag: 'DDBXZ' },
  { kind: 'number', code: 'ALB', normal: '45.0', name: '白蛋白', dept: 'JYK', unit: 'g/L', male: [40, 55], ...HL,
    decimals: 1, dist: { mean: 46, sd: 3 }, lowDiag: 'DDBXZ' },
  // 肾功能
  { kind: 'number', code: 'CREA', normal: '70', name: '肌酐', dept: 'JYK', unit: 'μmol/L', male: [57, 111], female: [41, 81], critical: [null, 707], ...HL,
    decimals: 0, dist: { mean: 80, sd: 13 }, distFemale: { mean: 60, sd: 10 }, highDiag: 'JGZG' },
  { kind: 'number', code: 'UREA', normal: '5.00', name: '尿素', dept: 'JYK', unit: 'mmol/L', male: [3.6, 9.5], female: [3.1, 8.8], ...HL,
    decimals: 2, dist: { mean: 5.5, sd: 1.1 }, distFemale: { mean: 4.9, sd: 1 } },
  { kind: 'number', code: 'UA', normal: '300', name: '尿酸', dept: 'JYK', unit: 'μmol/L', male: [208, 428], female: [155, 357], ...HL,
    decimals: 0, dist: { mean: 370, sd: 75 }, distFemale: { mean: 280, sd: 60 }, highDiag: 'GNSXZ' },
  // 血脂四项
  { kind: 'number', code: 'TC', normal: '4.50', name: '总胆固醇', dept: 'JYK', unit: 'mmol/L', male: [0, 5.18], ...HL,
    decimals: 2, dist: { mean: 4.7, sd: 0.9 }, highDiag: 'GZXZ' },
  { kind: 'number', code: 'TG', normal: '1.20', name: '甘油三酯', dept: 'JYK', unit: 'mmol/L', male: [0, 1.7], ...HL,
    decimals: 2, dist: { mean: 1.25, sd: 0.6, skew: true }, highDiag: 'GZXZ' },
  { kind: 'number', code: 'HDL-C', normal: '1.40', name: '高密度脂蛋白胆固醇', dept: 'JYK', unit: 'mmol/L', male: [1.04, null], ...HL,
    decimals: 2, dist: { mean: 1.2, sd: 0.25 }, distFemale: { mean: 1.45, sd: 0.3 }, lowDiag: 'HDLJD' },
  { kind: 'number', code: 'LDL-C', normal: '2.60', name: '低密度脂蛋白胆固醇', dept: 'JYK', unit: 'mmol/L', male: [0, 3.37], ...HL,
    decimals: 2, dist: { mean: 2.8, sd: 0.7 }, highDiag: 'GZXZ' },
  // 血糖与其他
  { kind: 'number', code: 'GLU', normal: '5.00', name: '空腹血糖', dept: 'JYK', unit: 'mmol/L', male: [3.9, 6.1], critical: [2.8, 22.2], ...HL,
    decimals: 2, dist: { mean: 5.3, sd: 0.55 }, highDiag: 'KFXTSG' },
  { kind: 'number', code: 'HBA1C', normal: '5.2', name: '糖化血红蛋白', dept: 'JYK', unit: '%', male: [4, 6], ...HL,
    decimals: 1, dist: { mean: 5.5, sd: 0.45 }, highDiag: 'THXHDBSG' },
  { kind: 'number', code: 'AFP', normal: '3.0', name: '甲胎蛋白', dept: 'JYK', unit: 'ng/mL', male: [0, 7], ...HL,
    decimals: 2, dist: { mean: 2.8, sd: 1.3, skew: true }, highDiag: 'JTDBSG' },
  { kind: 'number', code: 'CEA', normal: '2.0', name: '癌胚抗原', dept: 'JYK', unit: 'ng/mL', male: [0, 5], ...HL,
    decimals: 2, dist: { mean: 1.8, sd: 0.9, skew: true }, highDiag: 'APKYSG' },
  { kind: 'number', code: 'FT3', normal: '4.50', name: '游离三碘甲状腺原氨酸', dept: 'JYK', unit: 'pmol/L', male: [3.1, 6.8], ...HL,
    decimals: 2, dist: { mean: 4.8, sd: 0.6 }, highDiag: 'JZXGNYC', lowDiag: 'JZXGNYC' },
  { kind: 'number', code: 'FT4', normal: '16.0', name: '游离甲状腺素', dept: 'JYK', unit: 'pmol/L', male: [12, 22], ...HL,
    decimals: 2, dist: { mean: 16.5, sd: 2.2 }, highDiag: 'JZXGNYC', lowDiag: 'JZXGNYC' },
  { kind: 'number', code: 'TSH', normal: '2.00', name: '促甲状腺激素', dept: 'JYK', unit: 'mIU/L', male: [0.27, 4.2], ...HL,
    decimals: 2, dist: { mean: 1.9, sd: 0.95, skew: true }, highDiag: 'JZXGNYC', lowDiag: 'JZXGNYC' },
];
