import type { Locator, Page } from 'playwright-core';

/**
 * Counts what a user does, as issue 19's efficiency goals count it: one click, one shortcut key, one
 * scan, or typing one field's value (however long) is one action. Waiting and looking are free. The
 * flow does everything the user does through this, so the figure is what the test actually drove.
 */
export class UserActions {
  private readonly counts = new Map<string, number>();
  private current = '';

  constructor(private readonly page: Page) {}

  /** Starts counting a task under its name; later actions count towards it. */
  task(name: string): void {
    this.current = name;
    this.counts.set(name, 0);
  }

  /** The actions the named task took. */
  of(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  private tick(): void {
    if (!this.current) throw new Error('UserActions: start a task first');
    this.counts.set(this.current, (this.counts.get(this.current) ?? 0) + 1);
  }

  async click(target: Locator): Promise<void> {
    this.tick();
    await target.click();
  }

  /** A shortcut key (F9, Enter, Ctrl+S …) pressed on the page. */
  async key(combo: string): Promise<void> {
    this.tick();
    await this.page.keyboard.press(combo);
  }

  /** Typing one field's value; `enter` ends it with Enter as a scanner or a quick typist does. */
  async type(target: Locator, value: string, { enter = false } = {}): Promise<void> {
    this.tick();
    await target.fill(value);
    if (enter) await target.press('Enter');
  }

  /** A barcode scan into the focused field: the scanner types the code and Enter. */
  async scan(value: string): Promise<void> {
    this.tick();
    await this.page.keyboard.type(value);
    await this.page.keyboard.press('Enter');
  }

  /** Something the user does off screen that the test stands in for (an ID card laid on the reader). */
  external(act: () => void | Promise<void>): Promise<void> {
    this.tick();
    return Promise.resolve(act());
  }

  report(): string {
    return [...this.counts].map(([name, n]) => `${name}: ${n}`).join('; ');
  }
}
