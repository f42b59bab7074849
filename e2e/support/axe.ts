import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifactsDir } from './browser.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.0/2.1/2.2 levels A and AA: what the issue asks the screens to meet. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING: ImpactValue[] = ['critical', 'serious'];

/** One rule axe found broken, with the nodes that break it (selector, html, what to fix). */
export interface AxeViolation {
  id: string;
  impact: ImpactValue;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * The critical and serious WCAG 2 A/AA violations on the page as it stands, and a page without an h1.
 * axe-core is injected from the package (no CDN); a line per check goes to artifacts/axe.jsonl so the
 * numbers can be read later.
 */
export async function axeViolations(page: Page, point: string): Promise<AxeViolation[]> {
  await settled(page);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: axeScript });
  const results = await page.evaluate(
    (tags) =>
      window.axe!.run(document, {
        runOnly: { type: 'tag', values: tags },
        // A best practice, not a WCAG rule, but the issue asks it of every page.
        rules: { 'page-has-heading-one': { enabled: true } },
        resultTypes: ['violations'],
      }),
    WCAG_AA_TAGS,
  );
  const blocking = results.violations
    .filter((v) => (v.impact && BLOCKING.includes(v.impact)) || v.id === 'page-has-heading-one')
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 200),
        summary: n.failureSummary ?? '',
      })),
    }));
  record(point, blocking);
  return blocking;
}

/**
 * Waits for the finite animations and transitions (a drawer sliding in, a tab's ink bar): colours read
 * half-way through a fade are not the page's colours. Spinners loop forever and are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(finite), new Promise((r) => setTimeout(r, 3000))]);
  });
}

function record(point: string, violations: AxeViolation[]) {
  mkdirSync(artifactsDir, { recursive: true });
  const count = (impact: ImpactValue) =>
    violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  const line = {
    point,
    critical: count('critical'),
    serious: count('serious'),
    rules: violations.map((v) => `${v.id}×${v.nodes.length}`),
  };
  appendFileSync(path.join(artifactsDir, 'axe.jsonl'), `${JSON.stringify(line)}\n`);
  if (violations.length > 0) {
    mkdirSync(path.join(artifactsDir, 'axe'), { recursive: true });
    writeFileSync(path.join(artifactsDir, 'axe', `${point}.json`), JSON.stringify(violations, null, 2));
  }
}

/** For the assertion message: rule ids and the first nodes, not the whole axe answer. */
export const axeSummary = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target).join(', ')}`);

/**
 * 0 critical and 0 serious at this point of a flow. Soft: the flow goes on (its own checks still run)
 * and the test fails at its end with every point that did not pass.
 */
export async function expectAccessible(page: Page, point: string): Promise<void> {
  expect.soft(axeSummary(await axeViolations(page, point)), `axe-core at ${point}`).toEqual([]);
}
