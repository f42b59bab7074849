import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  AppError,
  functionHelpFileRoute,
  functionHelpRoute,
  functionIntroUploadRoute,
  mayUse,
  routeOfMenuKey,
  type functionIntroResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { functionIntros, storedFiles } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { readStoredFile, storeFile } from '../files/file-store.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';

const PURPOSE = 'function_intro';
const SCREEN = 'cfg/system_function_introduction';

/** 功能介绍 on function_intros, each named with its screen's title and its PDF's file name. */
export const functionIntroBinding: ResourceBinding<typeof functionIntroResource> = {
  ...recordColumnsOf(functionIntros),
  fields: {
    doc_name: functionIntros.docName,
    unique_key: functionIntros.uniqueKey,
    doc_type: functionIntros.docType,
    content: functionIntros.content,
    file_id: functionIntros.fileId,
    file_name: storedFiles.fileName,
  },
  joins: [{ table: storedFiles, on: eq(storedFiles.id, functionIntros.fileId) }],
  values: (form) => ({
    docName: form.doc_name,
    uniqueKey: form.unique_key,
    docType: form.doc_type,
    // A text document keeps no file; a PDF keeps its file and no text.
    content: form.doc_type === 'text' ? form.content : null,
    ...(form.doc_type === 'text' ? { fileId: null } : {}),
  }),
  where: (filter) => {
    const pattern = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
    return [
      pattern ? or(ilike(functionIntros.docName, pattern), ilike(functionIntros.uniqueKey, pattern)) : undefined,
      filter.doc_type ? eq(functionIntros.docType, filter.doc_type) : undefined,
      filter.enabled ? eq(functionIntros.isActive, filter.enabled === '1') : undefined,
    ];
  },
  orderBy: [asc(functionIntros.uniqueKey), asc(functionIntros.id)],
  unique: [{ column: functionIntros.uniqueKey, field: 'unique_key', label: '所属页面的功能说明' }],
  toRow: (row) => ({ ...row, screen_title: routeOfMenuKey(row.unique_key as string)?.title ?? null }),
};

/** The PDF upload of a document, and the help every signed-in screen reads. */
export function functionIntroRoutes(app: FastifyInstance, db: Db) {
  defineUploadRoute(app, functionIntroUploadRoute, async ({ input, file, contentType, user, request }) =>
    db.transaction(async (tx) => {
      const [doc] = await tx.select().from(functionIntros).where(eq(functionIntros.id, input.id)).for('update');
      if (!doc) throw new AppError('RECORD_NOT_FOUND', '该功能说明不存在或已被删除');
      if (doc.docType !== 'pdf') throw new AppError('VALIDATION', '文字说明不需要上传文件，请先把文档类型改为PDF文档');
      const fileId = await storeFile(tx, request, user, {
        purpose: PURPOSE,
        ownerRef: String(doc.id),
        file,
        contentType,
      });
      await tx
        .update(functionIntros)
        .set({ fileId, version: sql`${functionIntros.version} + 1`, updatedAt: sql`now()`, updatedBy: user.id })
        .where(eq(functionIntros.id, doc.id));
      await recordAudit(tx, request, 'function_intro_upload', {
        userId: user.id,
        userAccount: user.user_account,
        target: `function_intro:${doc.id}`,
        detail: { doc_name: doc.docName, unique_key: doc.uniqueKey, file_id: fileId },
      });
      const [stored] = await tx
        .select({ name: storedFiles.fileName })
        .from(storedFiles)
        .where(eq(storedFiles.id, fileId));
      return { file_id: fileId, file_name: stored!.name };
    }),
  );

  defineRoute(app, functionHelpRoute, async ({ input }) => {
    const [doc] = await db
      .select()
      .from(functionIntros)
      .where(and(eq(functionIntros.uniqueKey, input.unique_key), eq(functionIntros.isActive, true)));
    if (!doc) return null;
    return {
      doc_name: doc.docName,
      doc_type: doc.docType as 'pdf' | 'text',
      content: doc.content,
      file_id: doc.fileId,
    };
  });

  // Any signed-in account reads the PDF of an enabled document; the screen's keepers read every one.
  app.get(functionHelpFileRoute.path, { config: { access: functionHelpFileRoute.access } }, async (request, reply) => {
    const parsed = functionHelpFileRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const keeper = mayUse(SCREEN, request.user!.role_menu);
    const [doc] = await db
      .select({ id: functionIntros.id })
      .from(functionIntros)
      .where(and(eq(functionIntros.fileId, parsed.data.id), keeper ? undefined : eq(functionIntros.isActive, true)));
    const file = doc ? await readStoredFile(db, parsed.data.id, PURPOSE) : null;
    if (!file) throw new AppError('RECORD_NOT_FOUND', '功能说明文件不存在或已被删除');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(file.content);
  });
}
