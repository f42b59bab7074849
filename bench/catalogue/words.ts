/**
 * Word parts the catalogue's names are built from, each with its pinyin initials, so that a generated
 * name's 拼音简码 is what a centre would type for it (甲状腺 + 结节 → jzx + jj).
 */
export type Part = readonly [text: string, initials: string];

const parts = (list: string): Part[] =>
  list
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [text, initials] = pair.split(':');
      return [text!, initials!] as const;
    });

/** Where a finding is: organs, systems, body parts. */
export const ORGANS = parts(`
  甲状腺:jzx 肝脏:gz 胆囊:dn 胰腺:yx 脾脏:pz 左肾:zs 右肾:ys 膀胱:pg 前列腺:qlx 子宫:zg
  左卵巢:zlc 右卵巢:ylc 乳腺:rx 心脏:xz 主动脉:zdm 颈动脉:jdm 双肺:sf 左肺:zf 右肺:yf 胸膜:xm
  纵隔:zg 胃:w 十二指肠:sezc 结肠:jc 直肠:zc 腰椎:yz 颈椎:jz 胸椎:xz 膝关节:xgj 肩关节:jgj
  眼底:yd 晶状体:jzt 角膜:jm 鼻腔:bq 咽部:yb 扁桃体:btt 外耳道:wed 鼓膜:gm 牙龈:yy 皮肤:pf
`);

/** What is found there. */
export const FINDINGS = parts(`
  结节:jj 囊肿:nz 钙化:gh 增生:zs 肿大:zd 萎缩:ws 炎症:yz 息肉:xr 结石:js 积液:jy
  占位:zw 回声增强:hszq 回声减低:hsjd 血流丰富:xlff 斑块:bk 狭窄:xz 扩张:kz 增厚:zh 变形:bx 退行性变:txxb
  骨质增生:gzzs 间隙变窄:jxbz 充血:cx 水肿:sz 溃疡:ky 糜烂:ml 出血:cx 渗出:sc 纤维化:xwh 脂肪浸润:zfjr
  形态异常:xtyc 体积增大:tjzd 体积缩小:tjsx 密度增高:mdzg 密度减低:mdjd 信号异常:xhyc 结构紊乱:jgwl 边界不清:bjbq 低回声区:dhsq 强回声光斑:qhsgb
`);

/** A qualifier a doctor adds; the empty one leaves the name as it is. */
export const QUALIFIERS = parts(`
  :  （单发）:df （多发）:df （左侧）:zc （右侧）:yc （双侧）:sc （轻度）:qd （中度）:zd （重度）:zd
`);

/** Lab analytes and physical measurements (basic items). */
export const ANALYTES = parts(`
  白细胞计数:bxbjs 红细胞计数:hxbjs 血红蛋白:xhdb 血小板计数:xxbjs 中性粒细胞:zxlxb 淋巴细胞:lbxb 单核细胞:dhxb
  嗜酸性粒细胞:ssxlxb 红细胞压积:hxbyj 平均红细胞体积:pjhxbtj 谷丙转氨酶:gbzam 谷草转氨酶:gczam 总胆红素:zdhs
  直接胆红素:zjdhs 总蛋白:zdb 白蛋白:bdb 球蛋白:qdb 碱性磷酸酶:jxlsm 肌酐:jg 尿素:ns 尿酸:ns 葡萄糖:ptt
  总胆固醇:zdgc 甘油三酯:gysz 高密度脂蛋白:gmdzdb 低密度脂蛋白:dmdzdb 钾:j 钠:n 氯:l 钙:g 镁:m 磷:l
  铁蛋白:tdb 叶酸:ys 维生素B12:wss 促甲状腺激素:cjzxjs 游离甲状腺素:yljzxs 癌胚抗原:apky 甲胎蛋白:jtdb 糖化血红蛋白:thxhdb
`);

/** What an analyte is measured in, or how: makes basic items distinct. */
export const SPECIMENS = parts(`
  :  血清:xq 血浆:xj 全血:qx 尿:n 随机尿:sjn 晨尿:cn 粪便:fb 脑脊液:njy 胸水:xs 腹水:fs 空腹:kf 餐后:ch
`);

export const METHODS = parts(`
  :  （定量）:dl （定性）:dx （干化学）:ghx （化学发光）:hxfg （免疫比浊）:mybz （酶法）:mf
`);

/** How a combination item examines an organ. */
export const EXAMS = parts(`
  彩超:cc 彩色多普勒:csdpl CT平扫:ctps CT增强:ctzq 磁共振平扫:gzzps 磁共振增强:gzzzq DR正位:drzw DR侧位:drcw
  功能检查:gnjc 常规检查:cgjc 专科检查:zkjc 穿刺活检:cchj 内镜检查:njjc 三维成像:swcx 血管成像:xgcx 弹性成像:txcx
  骨密度:gmd 动态监测:dtjc 造影:zy 细胞学检查:xbxjc
`);

/** Advice and life guidance written with a conclusion word (the export carries them). */
export const ADVICE = [
  '建议专科门诊进一步检查，定期复查。',
  '建议3—6个月后复查，如有不适及时就诊。',
  '建议清淡饮食，适量运动，控制体重，定期复查。',
  '建议于相关专科就诊，遵医嘱治疗。',
  '暂无需特殊处理，建议每年体检时复查。',
];

export const GUIDANCE = [
  '规律作息，避免熬夜；戒烟限酒；每周进行至少150分钟中等强度运动。',
  '饮食宜清淡，少盐少油，多吃新鲜蔬菜水果，保证充足饮水。',
  '保持情绪稳定，避免过度劳累；如出现疼痛、发热等症状请及时就医。',
  '控制体重，减少高嘌呤、高脂肪食物摄入，适当增加膳食纤维。',
];

export const UNITS = [
  'mmol/L',
  'μmol/L',
  'g/L',
  'U/L',
  '×10^9/L',
  '×10^12/L',
  '%',
  'pmol/L',
  'ng/mL',
  'mIU/L',
  'fL',
  null,
];

/** Joins parts into a name and its initials (truncated to the 32 characters the column holds). */
export function nameOf(...chosen: Part[]): { name: string; pinyin: string } {
  return {
    name: chosen.map(([text]) => text).join(''),
    pinyin: chosen
      .map(([, initials]) => initials)
      .join('')
      .slice(0, 32),
  };
}
