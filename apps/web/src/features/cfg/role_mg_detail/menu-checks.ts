import type { MenuTreeNode } from '@checkup/api-contract';

/** The screens and groups below a node: what its key opens too (route-table.ts isAllowed). */
const opensBelow = (node: MenuTreeNode): MenuTreeNode[] =>
  node.children.filter((c) => c.kind !== 'action').flatMap((c) => [c, ...opensBelow(c)]);

const everythingBelow = (node: MenuTreeNode): MenuTreeNode[] =>
  node.children.flatMap((c) => [c, ...everythingBelow(c)]);

const allNodes = (tree: readonly MenuTreeNode[]) => tree.flatMap((n) => [n, ...everythingBelow(n)]);

export interface MenuChecks {
  checked: string[];
  halfChecked: string[];
  /** Screens a checked screen or group above opens already: shown checked and not to be unchecked alone. */
  inherited: Set<string>;
}

/**
 * What the tree shows for a role menu: a node is checked when the menu holds its key or a screen or
 * group above it opens it; an area when all its screens are; a node is half-checked when something
 * below it is checked. Actions are granted only by their own key.
 */
export function menuChecks(tree: readonly MenuTreeNode[], keys: readonly string[]): MenuChecks {
  const own = new Set(keys);
  const inherited = new Set<string>();
  const on = new Set<string>();
  const visit = (node: MenuTreeNode, opened: boolean): boolean => {
    if (opened) inherited.add(node.key);
    const opens = opened || (node.kind !== 'area' && node.kind !== 'action' && own.has(node.key));
    const below = node.children.map((c) => visit(c, c.kind !== 'action' && opens));
    const onNow =
      node.kind === 'area' ? below.length > 0 && below.every(Boolean) : own.has(node.key) || inherited.has(node.key);
    if (onNow) on.add(node.key);
    return onNow;
  };
  tree.forEach((area) => visit(area, false));
  const halfChecked = allNodes(tree)
    .filter((n) => !on.has(n.key) && everythingBelow(n).some((d) => on.has(d.key)))
    .map((n) => n.key);
  return { checked: [...on], halfChecked, inherited };
}

/**
 * The role menu after a node is checked or unchecked: unchecking drops it and all below it; checking
 * an area adds its top screens and groups, checking a screen or group adds it (the screens below it
 * then need no key of their own), checking an action adds that action.
 */
export function toggleMenuKey(
  tree: readonly MenuTreeNode[],
  keys: readonly string[],
  node: MenuTreeNode,
  checked: boolean,
): string[] {
  const next = new Set(keys);
  if (!checked) {
    next.delete(node.key);
    everythingBelow(node).forEach((d) => next.delete(d.key));
  } else {
    const opened = node.kind === 'area' ? node.children : [node];
    for (const n of opened) {
      next.add(n.key);
      if (n.kind !== 'action') opensBelow(n).forEach((d) => next.delete(d.key));
    }
  }
  return savedKeys(tree, [...next]);
}

/** The keys to save: those of the tree's screens, groups and actions, sorted (an area is no key). */
export function savedKeys(tree: readonly MenuTreeNode[], keys: readonly string[]): string[] {
  const known = new Set(
    allNodes(tree)
      .filter((n) => n.kind !== 'area')
      .map((n) => n.key),
  );
  return [...new Set(keys)].filter((k) => known.has(k)).sort();
}
