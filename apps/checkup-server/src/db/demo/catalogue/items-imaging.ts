import type { TextItemDef } from './types.js';

/** Ultrasound and radiology findings (超声科, 放射科), one item per organ as report templates list them. */
function finding(
  code: string,
  name: string,
  dept: string,
  normal: string,
  findings: TextItemDef['findings'],
): TextItemDef {
  return { kind: 'text', code, name, dept, normal, findings };
}

// One item per row reads as the table it is.
// prettier-ignore
export const IMAGING_ITEMS: readonly TextItemDef[] = [
  finding('US-LIVER', '肝脏', 'CSK', '肝脏大小形态正常，包膜光整，实质回声均匀', [
    { text: '脂肪肝（轻度）', rate: 0.18, diag: 'ZFG' }, { text: '脂肪肝（中度）', rate: 0.05, diag: 'ZFG' },
    { text: '肝囊肿', rate: 0.04, diag: 'GNZ' }, { text: '肝血管瘤', rate: 0.02, diag: 'GXGL' }]),
  finding('US-GB', '胆囊', 'CSK', '胆囊大小正常，壁光滑，腔内未见异常回声', [
    { text: '胆囊息肉', rate: 0.06, diag: 'DNXR' }, { text: '胆囊结石', rate: 0.03, diag: 'DNJS' }]),
  finding('US-PANCREAS', '胰腺', 'CSK', '胰腺大小形态正常，回声均匀', [{ text: '胰腺显示不清', rate: 0.01 }]),
  finding('US-SPLEEN', '脾脏', 'CSK', '脾脏大小形态正常，回声均匀', [{ text: '脾大', rate: 0.01, diag: 'PD' }]),
  finding('US-KIDNEY', '双肾', 'CSK', '双肾大小形态正常，集合系统未见分离', [
    { text: '肾囊肿', rate: 0.04, diag: 'SNZ' }, { text: '肾结石', rate: 0.03, diag: 'SJS' }]),
  finding('US-THYROID', '甲状腺', 'CSK', '甲状腺大小形态正常，实质回声均匀，未见明显占位', [
    { text: '甲状腺结节（TI-RADS 3类）', rate: 0.2, diag: 'JZXJJ' },
    { text: '甲状腺结节（TI-RADS 4a类）', rate: 0.015, diag: 'JZXJJ4' },
    { text: '甲状腺弥漫性病变', rate: 0.03, diag: 'JZXMMXBB' }]),
  finding('US-PROSTATE', '前列腺', 'CSK', '前列腺大小形态正常，内部回声均匀', [
    { text: '前列腺增生', rate: 0.15, diag: 'QLXZS' }, { text: '前列腺钙化灶', rate: 0.06, diag: 'QLXGHZ' }]),
  finding('US-BREAST', '乳腺', 'CSK', '双侧乳腺未见明显异常', [
    { text: '乳腺增生', rate: 0.25, diag: 'RXZS' }, { text: '乳腺结节（BI-RADS 3类）', rate: 0.1, diag: 'RXJJ' }]),
  finding('US-CAROTID', '颈动脉', 'CSK', '双侧颈动脉内中膜未见增厚，管腔内未见斑块', [
    { text: '颈动脉内中膜增厚', rate: 0.15, diag: 'JDMNZMZH' }, { text: '颈动脉斑块形成', rate: 0.12, diag: 'JDMBK' }]),
  finding('DR-CHEST', '胸部正位片', 'FSK', '心肺膈未见明显异常', [
    { text: '双肺纹理增多', rate: 0.06, diag: 'FWLZD' }, { text: '肺结节', rate: 0.02, diag: 'FJJ' },
    { text: '主动脉硬化', rate: 0.03, diag: 'ZDMYH' }, { text: '陈旧性肺结核', rate: 0.005, diag: 'CJXFJH' },
    { text: '右上肺斑片影，结核待排', rate: 0.001, diag: 'FJHDP' }]),
  finding('CT-CHEST', '胸部CT平扫', 'FSK', '双肺未见明显异常，纵隔未见肿大淋巴结', [
    { text: '肺小结节', rate: 0.25, diag: 'FJJ' }, { text: '肺气肿', rate: 0.02, diag: 'FQZ' },
    { text: '主动脉硬化', rate: 0.05, diag: 'ZDMYH' }]),
];
