import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { AppError, type appVersionResource, type versionEntryResource } from '@checkup/api-contract';
import { appVersions, versionEntries } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';

const entryCount = sql<number>`(select ${count()}::int from ${versionEntries} where ${versionEntries.versionNo} = ${appVersions.versionNo})`;

/** 版本日志's versions, newest first; a removed version takes its changes with it. */
export const appVersionBinding: ResourceBinding<typeof appVersionResource> = {
  ...recordColumnsOf(appVersions),
  fields: {
    version_name: appVersions.versionName,
    version_no: appVersions.versionNo,
    released_on: appVersions.releasedOn,
    entry_count: entryCount,
  },
  values: (form) => ({ versionName: form.version_name, versionNo: form.version_no, releasedOn: form.released_on }),
  where: (filter) => [wordsMatch(filter.key, [appVersions.versionName], [appVersions.versionNo])],
  orderBy: [sql`${appVersions.releasedOn} desc nulls first`, desc(appVersions.id)],
  unique: [{ column: appVersions.versionNo, field: 'version_no', label: '版本号' }],
  beforeRemove: async (tx, id) => {
    const [version] = await tx.select({ no: appVersions.versionNo }).from(appVersions).where(eq(appVersions.id, id));
    if (version) await tx.delete(versionEntries).where(eq(versionEntries.versionNo, version.no));
  },
  toRow: (row) => ({ ...row, entry_count: Number(row.entry_count) }),
};

/** A version's changes, by module; imported rows name their version by 版本号. */
export const versionEntryBinding: ResourceBinding<typeof versionEntryResource> = {
  ...recordColumnsOf(versionEntries),
  fields: {
    version_no: versionEntries.versionNo,
    module: versionEntries.module,
    change_type: versionEntries.changeType,
    finished_on: versionEntries.finishedOn,
    content: versionEntries.content,
  },
  values: (form) => ({
    versionNo: form.version_no,
    module: form.module,
    changeType: form.change_type,
    finishedOn: form.finished_on,
    content: form.content,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [versionEntries.content, versionEntries.module], []),
    filter.version_no ? eq(versionEntries.versionNo, filter.version_no) : undefined,
    filter.change_type ? eq(versionEntries.changeType, filter.change_type) : undefined,
  ],
  orderBy: [asc(versionEntries.versionNo), asc(versionEntries.module), asc(versionEntries.id)],
  beforeSave: async (tx, form) => {
    const [found] = await tx
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(eq(appVersions.versionNo, form.version_no))
      .limit(1);
    if (!found) throw new AppError('VALIDATION', `版本号“${form.version_no}”不存在，请先新增该版本`);
  },
};
