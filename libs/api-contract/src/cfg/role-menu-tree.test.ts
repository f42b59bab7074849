import { describe, expect, it } from 'vitest';
import { APP_ROUTES, AREAS, isKnownAccessKey, mayOpen } from '../route-table/route-table.js';
import { permissionTree, type MenuTreeNode } from './role-menu-tree.js';

const flat = (
  nodes: readonly MenuTreeNode[],
  parent: MenuTreeNode | null = null,
): [MenuTreeNode, MenuTreeNode | null][] =>
  nodes.flatMap((n) => [[n, parent] as [MenuTreeNode, MenuTreeNode | null], ...flat(n.children, n)]);

describe('the role menu tree', () => {
  const nodes = flat(permissionTree());

  it('holds every screen and declared button of the route table once, under its area', () => {
    expect(permissionTree().map((a) => a.key)).toEqual(AREAS.map((a) => a.area));
    const keys = nodes.filter(([n]) => n.kind !== 'area').map(([n]) => n.key);
    const expected = APP_ROUTES.flatMap((r) => [r.menuKey, ...r.actions.map((a) => a.accessKey)]);
    expect([...keys].sort()).toEqual([...expected].sort());
    expect(keys.every(isKnownAccessKey)).toBe(true);
  });

  it('puts under a node only what its key opens too, and buttons as leaves of their screen', () => {
    for (const [node, parent] of nodes) {
      if (node.kind === 'action') {
        expect(node.children).toEqual([]);
        expect(node.key.startsWith(`${parent!.key}:`)).toBe(true);
      } else if (parent && parent.kind !== 'area') {
        expect([node.key, mayOpen(node.key, [parent.key])]).toEqual([node.key, true]);
      }
    }
  });
});
