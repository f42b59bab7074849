import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { AppError, exceptionImageRoute, exceptionImageUrl, uploadExceptionImageRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderExceptions } from '../../db/schema.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { readStoredFile, storeFile } from '../files/file-store.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';

const PURPOSE = 'exception_image';
/** Spec §3 keeps the images as a comma-separated list in a text column: a handful per record. */
const MAX_IMAGES = 9;

const imagesOf = (list: string | null) => (list ? list.split(',').filter(Boolean) : []);

/** Exception images (spec §3 exception_images): the first use of the one file store. */
export async function exceptionImageRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineUploadRoute(app, uploadExceptionImageRoute, async ({ input, file, contentType, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'exception_image_upload');
    return db.transaction(async (tx) => {
      const [record] = await tx
        .select({ images: orderExceptions.exceptionImages })
        .from(orderExceptions)
        .where(and(eq(orderExceptions.id, input.id), eq(orderExceptions.orderId, input.order_id)))
        .for('update');
      if (!record) throw new AppError('RECORD_NOT_FOUND', '异常记录不存在');
      const images = imagesOf(record.images);
      if (images.length >= MAX_IMAGES) throw new AppError('VALIDATION', `每条异常最多上传${MAX_IMAGES}张图片`);
      const fileId = await storeFile(tx, request, user, {
        purpose: PURPOSE,
        ownerRef: String(input.id),
        file,
        contentType,
      });
      const url = exceptionImageUrl(fileId);
      await tx
        .update(orderExceptions)
        .set({ exceptionImages: [...images, url].join(',') })
        .where(eq(orderExceptions.id, input.id));
      return { file_id: fileId, url };
    });
  });

  app.get(exceptionImageRoute.path, { config: { access: exceptionImageRoute.access } }, async (request, reply) => {
    const parsed = exceptionImageRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const user = request.user!;
    const file = await readStoredFile(db, parsed.data.id, PURPOSE);
    const [record] = file
      ? await db
          .select({ orderId: orderExceptions.orderId })
          .from(orderExceptions)
          .where(eq(orderExceptions.id, Number(file.ownerRef)))
      : [];
    if (!file || !record) throw new AppError('RECORD_NOT_FOUND', '图片不存在或已被删除');
    await assertCanViewPerson(db, request, user, await personOfOrder(db, record.orderId), 'exception_image');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(file.content);
  });
}
