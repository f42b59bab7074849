import { describe, expect, it } from 'vitest';
import { DEMO_DEPARTMENTS } from './departments.js';
import { DEMO_DIAGNOSES, DEMO_ITEMS, demoDiagKeywords, demoDiagRules } from './demo-catalogue.js';
import { DEMO_PACKAGES, DEMO_UNION_MUTEX, DEMO_UNIONS } from './unions.js';

// The seed inserts with ON CONFLICT DO NOTHING, so a duplicate code would vanish silently.
const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('demo catalogue', () => {
  const itemCodes = new Set(DEMO_ITEMS.map((i) => i.code));
  const unionByCode = new Map(DEMO_UNIONS.map((u) => [u.code, u]));
  const diagCodes = new Set(DEMO_DIAGNOSES.map((d) => d.code));
  const deptCodes = new Set(DEMO_DEPARTMENTS.map((d) => d.code));

  it('has no duplicate codes or diagnosis names', () => {
    expect(duplicates(DEMO_DEPARTMENTS.map((d) => d.code))).toEqual([]);
    expect(duplicates(DEMO_ITEMS.map((i) => i.code))).toEqual([]);
    expect(duplicates(DEMO_UNIONS.map((u) => u.code))).toEqual([]);
    expect(duplicates(DEMO_PACKAGES.map((p) => p.code))).toEqual([]);
    expect(duplicates(DEMO_DIAGNOSES.map((d) => d.code))).toEqual([]);
    expect(duplicates(DEMO_DIAGNOSES.map((d) => d.name))).toEqual([]);
  });

  it('refers only to departments, items, unions and diagnoses it defines', () => {
    for (const item of DEMO_ITEMS) expect(deptCodes).toContain(item.dept);
    for (const union of DEMO_UNIONS) {
      expect(deptCodes).toContain(union.dept);
      for (const item of union.items) expect(itemCodes).toContain(item);
      const groups = DEMO_DEPARTMENTS.find((d) => d.code === union.dept)?.groups ?? [];
      if (union.group) expect(groups.map((g) => g.name)).toContain(union.group);
    }
    for (const pair of DEMO_UNION_MUTEX) for (const code of pair) expect(unionByCode.has(code)).toBe(true);
    for (const rule of demoDiagRules()) expect(diagCodes).toContain(rule.diag);
    for (const diag of DEMO_DIAGNOSES) expect(deptCodes).toContain(diag.dept);
  });

  it('keeps every item in a union of its own department', () => {
    for (const union of DEMO_UNIONS) {
      for (const code of union.items) expect(DEMO_ITEMS.find((i) => i.code === code)?.dept).toBe(union.dept);
    }
  });

  it('prices packages below their list price, with unions the package sex allows and no mutex pair', () => {
    for (const pkg of DEMO_PACKAGES) {
      const unions = pkg.unions.map((code) => unionByCode.get(code)!);
      expect(Number(pkg.price)).toBeLessThan(unions.reduce((sum, u) => sum + Number(u.price), 0));
      for (const u of unions) expect(['0', pkg.gender]).toContain(u.gender ?? '0');
      for (const [a, b] of DEMO_UNION_MUTEX) expect(pkg.unions.includes(a) && pkg.unions.includes(b)).toBe(false);
    }
  });

  it('has ranges that are ranges, with critical limits outside them', () => {
    for (const item of DEMO_ITEMS) {
      if (item.kind !== 'number') continue;
      for (const [low, high] of [item.male ?? [null, null], item.female ?? [null, null]]) {
        if (low !== null && high !== null) expect(low).toBeLessThan(high);
        if (item.critical?.[1] != null && high !== null) expect(item.critical[1]).toBeGreaterThan(high);
        if (item.critical?.[0] != null && low !== null) expect(item.critical[0]).toBeLessThan(low);
      }
    }
  });

  it('configures a number’s normal result (全部正常) only inside the reference range of both sexes', () => {
    const configured = DEMO_ITEMS.filter((i) => i.kind === 'number' && i.normal !== undefined);
    // The laboratory panels (血常规, 尿常规, 肝功能 …) are signed from a normal run; measured values are not.
    expect(configured.map((i) => i.code)).toEqual(expect.arrayContaining(['WBC', 'U-SG', 'ALT', 'GLU']));
    expect(configured.map((i) => i.code)).not.toEqual(expect.arrayContaining(['HEIGHT']));
    for (const item of configured) {
      if (item.kind !== 'number') continue;
      const value = Number(item.normal);
      for (const [low, high] of [item.male ?? [null, null], item.female ?? item.male ?? [null, null]]) {
        if (low !== null) expect(value, item.code).toBeGreaterThanOrEqual(low);
        if (high !== null) expect(value, item.code).toBeLessThanOrEqual(high);
      }
    }
  });

  it('gives text findings rates that leave room for normal results', () => {
    for (const item of DEMO_ITEMS) {
      if (item.kind === 'text') expect(item.findings.reduce((sum, f) => sum + f.rate, 0)).toBeLessThan(0.5);
    }
  });

  it('has advice and life guidance for every diagnosis, and keywords for those a finding suggests', () => {
    for (const diag of DEMO_DIAGNOSES) {
      expect(diag.advice.length).toBeGreaterThan(5);
      expect(diag.lifeGuidance.length).toBeGreaterThan(5);
    }
    const keywords = demoDiagKeywords();
    expect(keywords.get('ZFG')).toEqual(['脂肪肝（轻度）', '脂肪肝（中度）']);
    // 阳性(+) means a different thing in each urine item, so it is qualified with the item.
    expect(keywords.get('NDBYX')).toContain('尿蛋白阳性(+)');
  });
});
