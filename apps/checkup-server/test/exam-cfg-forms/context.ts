import type { TestServer } from '../support/app.js';
import type { callerFor } from '../support/domain.js';

/** What the parts of exam-cfg-forms.test.ts share: one server (one database per file) and its fixtures. */
export interface FormsContext {
  server: TestServer;
  db(): TestServer['database']['db'];
  /** Rows made before the suites run, which their fixtures refer to. */
  seeded: { deptId: number; classifyId: number; usItemId: number; questionnaireId: number; unionId: number };
  /** A caller whose role opens only this screen. */
  as(screen: string): Promise<ReturnType<typeof callerFor>>;
}
