import type { GenderLimit } from '../../schema/catalogue.js';

/** The shapes the demo catalogue is written in; seed-catalogue.ts turns codes into ids. */

export interface DeptDef {
  code: string;
  name: string;
  /** check 检查, lab 检验, imaging 影像, function 功能 */
  type: 'check' | 'lab' | 'imaging' | 'function';
  groups?: readonly { name: string; imaging: boolean }[];
}

/** [low, high]; null where the range is open on that side. */
export type Range = readonly [number | null, number | null];

/** How results of an item are drawn: a normal distribution, or log-normal around a median when skewed. */
export interface Distribution {
  mean: number;
  sd: number;
  skew?: boolean;
}

export interface NumberItemDef {
  kind: 'number';
  code: string;
  name: string;
  dept: string;
  unit?: string;
  male?: Range;
  /** Defaults to the male range. */
  female?: Range;
  critical?: Range;
  highWords?: string;
  lowWords?: string;
  decimals: number;
  /**
   * The centre's configured normal result (正常结果) that 全部正常 and 批量诊断 enter for an empty item;
   * inside the reference range of both sexes. Only where a centre would set one (laboratory panels
   * signed from a normal run); measured values (height, blood pressure …) have none.
   */
  normal?: string;
  /** Bounds of what can be measured at all (visual acuity 4.0–5.3); results are held inside them. */
  clamp?: Range;
  dist: Distribution;
  distFemale?: Distribution;
  /** Diagnosis codes suggested above / below the range (item_diag_rules H / L). */
  highDiag?: string;
  lowDiag?: string;
}

export interface FindingDef {
  text: string;
  /** Share of all results of the item showing this finding. */
  rate: number;
  diag?: string;
}

export interface TextItemDef {
  kind: 'text';
  code: string;
  name: string;
  dept: string;
  normal: string;
  findings: readonly FindingDef[];
}

export type ItemDef = NumberItemDef | TextItemDef;

export interface UnionDef {
  code: string;
  name: string;
  dept: string;
  group?: string;
  price: string;
  gender?: GenderLimit;
  specimen?: 'blood' | 'urine';
  pinyin: string;
  items: readonly string[];
}

export interface PackageDef {
  code: string;
  name: string;
  gender: GenderLimit;
  price: string;
  description: string;
  unions: readonly string[];
  /** 可选组: the examinee takes exactly one union of each (issue 19). */
  options?: readonly { name: string; unions: readonly string[] }[];
  ageMin?: number;
  ageMax?: number;
}

export interface DiagnosisDef {
  code: string;
  name: string;
  dept: string;
  advice: string;
  lifeGuidance: string;
  /** '1' significant positive (重大阳性) */
  serious?: '1';
  contagion?: boolean;
}
