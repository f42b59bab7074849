import type { DeptDef } from './types.js';

/** The departments of a typical checkup centre, in the order of a guide sheet. */
export const DEMO_DEPARTMENTS: readonly DeptDef[] = [
  { code: 'YBJC', name: '一般检查', type: 'check' },
  { code: 'NK', name: '内科', type: 'check' },
  { code: 'WK', name: '外科', type: 'check' },
  { code: 'YK', name: '眼科', type: 'check' },
  { code: 'EBH', name: '耳鼻喉科', type: 'check' },
  { code: 'KQ', name: '口腔科', type: 'check' },
  { code: 'FK', name: '妇科', type: 'check' },
  {
    code: 'JYK',
    name: '检验科',
    type: 'lab',
    groups: [
      { name: '临检组', imaging: false },
      { name: '生化组', imaging: false },
    ],
  },
  { code: 'XDT', name: '心电图室', type: 'function' },
  { code: 'GNJC', name: '功能检查科', type: 'function' },
  { code: 'CSK', name: '超声科', type: 'imaging', groups: [{ name: '彩超组', imaging: true }] },
  {
    code: 'FSK',
    name: '放射科',
    type: 'imaging',
    groups: [
      { name: 'DR组', imaging: true },
      { name: 'CT组', imaging: true },
    ],
  },
];
