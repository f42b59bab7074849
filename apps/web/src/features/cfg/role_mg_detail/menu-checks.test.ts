import { describe, expect, it } from 'vitest';
import { permissionTree, type MenuTreeNode } from '@checkup/api-contract';
import { menuChecks, savedKeys, toggleMenuKey } from './menu-checks';

const TREE = permissionTree();
const find = (key: string, nodes: readonly MenuTreeNode[] = TREE): MenuTreeNode | undefined =>
  nodes.map((n) => (n.key === key ? n : find(key, n.children))).find(Boolean);
const node = (key: string) => find(key)!;

describe('role menu checks', () => {
  it('checks a group alone and shows its screens as opened by it', () => {
    const keys = toggleMenuKey(TREE, ['exam_mg/review_allot/first_review_allot'], node('exam_mg/review_allot'), true);
    expect(keys).toEqual(['exam_mg/review_allot']);
    const checks = menuChecks(TREE, keys);
    expect(checks.inherited.has('exam_mg/review_allot/second_review_allot')).toBe(true);
    expect(checks.halfChecked).toContain('exam_mg');
  });

  it('checks an area as its top screens, keeping its buttons, and unchecks it with everything below', () => {
    const button = 'exam_mg/order_mg_detail:change_status';
    const all = toggleMenuKey(TREE, [button, 'exam_mg/order_mg'], node('exam_mg'), true);
    expect(all).toContain(button);
    expect(all).not.toContain('exam_mg/review_allot/first_review_allot');
    expect(menuChecks(TREE, all).checked).toContain('exam_mg');
    expect(toggleMenuKey(TREE, [...all, 'crm/cust_arch'], node('exam_mg'), false)).toEqual(['crm/cust_arch']);
  });

  it('saves only keys of the tree: an area name of an older menu is dropped', () => {
    expect(savedKeys(TREE, ['exam_mg', 'exam_mg/order_mg', 'exam_mg/order_mg'])).toEqual(['exam_mg/order_mg']);
  });
});
