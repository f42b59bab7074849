import type { ItemDef, TextItemDef } from './types.js';

/**
 * Physical, function and imaging items. Findings are written the way report templates phrase
 * them; their rates are rough shares seen in adult checkup populations.
 */
const HL = { highWords: '偏高', lowWords: '偏低' } as const;
const CLEAR = '未见明显异常';

function text(
  code: string,
  name: string,
  dept: string,
  normal: string,
  findings: TextItemDef['findings'] = [],
): TextItemDef {
  return { kind: 'text', code, name, dept, normal, findings };
}

// One item per row reads as the table it is.
// prettier-ignore
export const EXAM_ITEMS: readonly ItemDef[] = [
  // 一般检查: weight and BMI are derived from height in order-results.ts, so they stay consistent.
  { kind: 'number', code: 'HEIGHT', name: '身高', dept: 'YBJC', unit: 'cm', decimals: 1, dist: { mean: 170, sd: 6 }, distFemale: { mean: 159, sd: 5.5 } },
  { kind: 'number', code: 'WEIGHT', name: '体重', dept: 'YBJC', unit: 'kg', decimals: 1, dist: { mean: 68, sd: 10 } },
  { kind: 'number', code: 'BMI', name: '体重指数', dept: 'YBJC', unit: 'kg/m²', male: [18.5, 23.9], ...HL, decimals: 1,
    dist: { mean: 23.5, sd: 3.1, skew: true }, distFemale: { mean: 22.6, sd: 2.9, skew: true }, highDiag: 'CZ', lowDiag: 'TZGD' },
  { kind: 'number', code: 'SBP', name: '收缩压', dept: 'YBJC', unit: 'mmHg', male: [90, 139], critical: [null, 180], ...HL, decimals: 0,
    dist: { mean: 123, sd: 14 }, distFemale: { mean: 116, sd: 14 }, highDiag: 'XYPG' },
  { kind: 'number', code: 'DBP', name: '舒张压', dept: 'YBJC', unit: 'mmHg', male: [60, 89], critical: [null, 110], ...HL, decimals: 0,
    dist: { mean: 78, sd: 9 }, distFemale: { mean: 74, sd: 9 }, highDiag: 'XYPG' },
  { kind: 'number', code: 'PULSE', name: '脉搏', dept: 'YBJC', unit: '次/分', male: [60, 100], ...HL, decimals: 0, dist: { mean: 76, sd: 9 } },
  // 内科
  text('NK-HEART', '心脏', 'NK', '心界不大，心律齐，各瓣膜听诊区未闻及病理性杂音', [
    { text: '心律不齐', rate: 0.02, diag: 'XLBQ' }, { text: '心尖部可闻及收缩期杂音', rate: 0.01, diag: 'XZZY' }]),
  text('NK-LUNG', '肺部', 'NK', '双肺呼吸音清，未闻及干湿性啰音', [{ text: '双肺呼吸音粗', rate: 0.02 }]),
  text('NK-LIVER', '肝脏触诊', 'NK', '肋下未触及', [{ text: '肋下可触及', rate: 0.01 }]),
  text('NK-SPLEEN', '脾脏触诊', 'NK', '肋下未触及'),
  text('NK-NERVE', '神经系统', 'NK', '生理反射存在，病理反射未引出'),
  // 外科
  text('WK-SKIN', '皮肤', 'WK', CLEAR, [{ text: '皮肤散在色素痣', rate: 0.04 }]),
  text('WK-LYMPH', '浅表淋巴结', 'WK', '未触及肿大', [{ text: '颈部可触及淋巴结', rate: 0.01 }]),
  text('WK-THYROID', '甲状腺触诊', 'WK', '未触及肿大', [{ text: '甲状腺Ⅰ度肿大', rate: 0.02, diag: 'JZXZD' }]),
  text('WK-SPINE', '脊柱', 'WK', '生理弯曲存在，活动自如', [{ text: '脊柱侧弯', rate: 0.02, diag: 'JZCW' }]),
  text('WK-LIMB', '四肢关节', 'WK', '活动自如', [{ text: '下肢静脉曲张', rate: 0.02, diag: 'XZJMQZ' }]),
  // 眼科
  { kind: 'number', code: 'VA-L', name: '裸眼视力(左)', dept: 'YK', male: [4.9, null], lowWords: '下降', decimals: 1, clamp: [4, 5.3],
    dist: { mean: 5, sd: 0.18 }, lowDiag: 'SLXJ' },
  { kind: 'number', code: 'VA-R', name: '裸眼视力(右)', dept: 'YK', male: [4.9, null], lowWords: '下降', decimals: 1, clamp: [4, 5.3],
    dist: { mean: 5, sd: 0.18 }, lowDiag: 'SLXJ' },
  text('YK-OUTER', '外眼', 'YK', CLEAR, [{ text: '结膜充血', rate: 0.02 }]),
  text('YK-FUNDUS', '眼底', 'YK', CLEAR, [{ text: '视网膜动脉硬化Ⅰ期', rate: 0.03, diag: 'SWMDMYH' }]),
  text('YK-COLOR', '色觉', 'YK', '正常', [{ text: '色弱', rate: 0.025, diag: 'SJYC' }, { text: '色盲', rate: 0.005, diag: 'SJYC' }]),
  // 耳鼻喉科
  text('EBH-EAR', '外耳道及鼓膜', 'EBH', '外耳道通畅，鼓膜完整', [{ text: '耵聍栓塞', rate: 0.02, diag: 'DNSS' }]),
  text('EBH-NOSE', '鼻腔', 'EBH', '鼻腔通畅，黏膜未见异常', [
    { text: '鼻中隔偏曲', rate: 0.03, diag: 'BZGPQ' }, { text: '慢性鼻炎', rate: 0.04, diag: 'MXBY' }]),
  text('EBH-PHARYNX', '咽部', 'EBH', CLEAR, [{ text: '慢性咽炎', rate: 0.08, diag: 'MXYY' }]),
  text('EBH-TONSIL', '扁桃体', 'EBH', '未见肿大', [{ text: '扁桃体Ⅰ度肿大', rate: 0.03 }]),
  { kind: 'number', code: 'PTA-L', name: '左耳平均听阈', dept: 'EBH', unit: 'dB HL', male: [0, 25], highWords: '升高', decimals: 0, clamp: [0, 90],
    dist: { mean: 17, sd: 6 }, highDiag: 'TLXJ' },
  { kind: 'number', code: 'PTA-R', name: '右耳平均听阈', dept: 'EBH', unit: 'dB HL', male: [0, 25], highWords: '升高', decimals: 0, clamp: [0, 90],
    dist: { mean: 17, sd: 6 }, highDiag: 'TLXJ' },
  // 口腔科
  text('KQ-TOOTH', '牙齿', 'KQ', CLEAR, [{ text: '龋齿', rate: 0.15, diag: 'QC' }, { text: '牙列缺损', rate: 0.05 }]),
  text('KQ-GUM', '牙周', 'KQ', CLEAR, [{ text: '牙结石', rate: 0.15, diag: 'YZY' }, { text: '牙龈炎', rate: 0.08, diag: 'YZY' }]),
  // 妇科
  text('FK-VULVA', '外阴', 'FK', '发育正常，未见异常'),
  text('FK-VAGINA', '阴道', 'FK', '通畅，黏膜未见异常', [{ text: '分泌物增多', rate: 0.04, diag: 'YDY' }]),
  text('FK-CERVIX', '宫颈', 'FK', '光滑', [
    { text: '宫颈纳氏囊肿', rate: 0.08, diag: 'GJNSNZ' }, { text: '宫颈柱状上皮异位', rate: 0.07, diag: 'GJZZSPYW' }]),
  text('FK-UTERUS', '子宫', 'FK', '前位，大小正常，无压痛', [{ text: '子宫增大', rate: 0.02 }]),
  text('FK-ADNEXA', '附件', 'FK', '双侧附件未触及异常'),
  // 心电图室、功能检查科
  text('ECG', '心电图', 'XDT', '窦性心律，正常心电图', [
    { text: '窦性心动过缓', rate: 0.05, diag: 'DXXDGH' }, { text: '窦性心动过速', rate: 0.02, diag: 'DXXDGS' },
    { text: '窦性心律不齐', rate: 0.04, diag: 'DXXLBQ' }, { text: 'ST-T改变', rate: 0.03, diag: 'STTGB' },
    { text: '完全性右束支传导阻滞', rate: 0.01, diag: 'YSZCDZZ' }]),
  { kind: 'number', code: 'FVC', name: '用力肺活量占预计值', dept: 'GNJC', unit: '%', male: [80, null], lowWords: '降低', decimals: 1,
    dist: { mean: 95, sd: 10 }, lowDiag: 'XZXTQ' },
  { kind: 'number', code: 'FEV1', name: '第一秒用力呼气容积占预计值', dept: 'GNJC', unit: '%', male: [80, null], lowWords: '降低', decimals: 1,
    dist: { mean: 93, sd: 10 }, lowDiag: 'ZSXTQ' },
  { kind: 'number', code: 'FEV1/FVC', name: '一秒率', dept: 'GNJC', unit: '%', male: [70, null], lowWords: '降低', decimals: 1,
    dist: { mean: 82, sd: 6 }, lowDiag: 'ZSXTQ' },
];
