import type { Page } from 'playwright-core';

/** A GET through the page's own session, as the web app makes it. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include' });
    const body = (await res.json()) as { status: number; data: unknown; msg: string };
    if (body.status !== 200) throw new Error(body.msg);
    return body.data;
  }, path) as Promise<T>;
}

/** A form POST through the page's own session, as the web app makes it. */
export async function apiPost<T>(page: Page, path: string, form: Record<string, string>): Promise<T> {
  return page.evaluate(
    async ([url, body]) => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      const answer = (await res.json()) as { status: number; data: unknown; msg: string };
      if (answer.status !== 200) throw new Error(answer.msg);
      return answer.data;
    },
    [path, form] as const,
  ) as Promise<T>;
}

/** antd writes two-character button labels with a space between them ("保 存"). */
export const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);
