import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import {
  AppError,
  companyArchiveOptionsRoute,
  companyArchiveResource,
  companySearchDataRoute,
  contractAttachmentRoute,
  contractAttachmentsRoute,
  contractBookResource,
  contractGroupOrdersRoute,
  uploadContractAttachmentRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { contracts, storedFiles, users } from '../../db/schema.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import type { PersonalData } from '../people/personal-data.js';
import { recordAudit } from '../audit/repository.js';
import { readStoredFile, storeFile } from '../files/file-store.js';
import { companyArchiveBinding, dictEntries } from './archive-binding.js';
import { CONTRACT_ATTACHMENT, contractBookBinding, contractGroupOrders } from './contract-binding.js';
import { listCompaniesWithGroups } from './repository.js';

/** Spec §7 get_search_data: the registration desk's company picker (is_search_exam_area=1). */
export async function companyRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  defineRoute(app, companySearchDataRoute, ({ input }) =>
    listCompaniesWithGroups(opts.db, input.is_search_exam_area === '1'),
  );
  serveResource(app, opts.db, companyArchiveResource, companyArchiveBinding(opts.personalData));
  serveResource(app, opts.db, contractBookResource, contractBookBinding);
  defineRoute(app, companyArchiveOptionsRoute, async () => ({
    industry_types: await dictEntries(opts.db, 'industry'),
    economy_types: await dictEntries(opts.db, 'economy_type'),
    sales_users: await opts.db
      .select({ id: users.id, user_name: users.userName })
      .from(users)
      .where(eq(users.status, '1'))
      .orderBy(asc(users.userName), asc(users.id)),
  }));
  const { db } = opts;

  const contractOf = async (id: number) => {
    const [contract] = await db.select().from(contracts).where(eq(contracts.id, id));
    if (!contract) throw new AppError('RECORD_NOT_FOUND', '合同不存在或已被删除');
    return contract;
  };

  defineUploadRoute(app, uploadContractAttachmentRoute, async ({ input, file, contentType, user, request }) => {
    const contract = await contractOf(input.id);
    return db.transaction(async (tx) => {
      const fileId = await storeFile(tx, request, user, {
        purpose: CONTRACT_ATTACHMENT,
        ownerRef: String(input.id),
        file,
        contentType,
      });
      await recordAudit(tx, request, 'contract_attachment_upload', {
        userId: user.id,
        userAccount: user.user_account,
        target: `contract:${contract.contractNo}`,
        detail: { file_id: fileId, content_type: contentType, size: file.data.length },
      });
      return { file_id: fileId };
    });
  });

  defineRoute(app, contractAttachmentsRoute, async ({ input }) => {
    await contractOf(input.id);
    const rows = await db
      .select({
        file_id: storedFiles.id,
        file_name: storedFiles.fileName,
        content_type: storedFiles.contentType,
        size_bytes: storedFiles.sizeBytes,
        created_at: storedFiles.createdAt,
      })
      .from(storedFiles)
      .where(and(eq(storedFiles.purpose, CONTRACT_ATTACHMENT), eq(storedFiles.ownerRef, String(input.id))))
      .orderBy(asc(storedFiles.id));
    return rows.map(({ created_at, ...row }) => ({ ...row, uploaded_at: created_at.toISOString() }));
  });

  app.get(
    contractAttachmentRoute.path,
    { config: { access: contractAttachmentRoute.access } },
    async (request, reply) => {
      const parsed = contractAttachmentRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const file = await readStoredFile(db, parsed.data.file_id, CONTRACT_ATTACHMENT);
      if (!file) throw new AppError('RECORD_NOT_FOUND', '附件不存在或已被删除');
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.content);
    },
  );

  defineRoute(app, contractGroupOrdersRoute, async ({ input }) => contractGroupOrders(db, await contractOf(input.id)));
}
