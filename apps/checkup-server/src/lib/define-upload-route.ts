import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  UPLOAD_FILE_FIELD,
  ok,
  sniffUploadType,
  type RouteDescriptor,
  type UploadRule,
  type UploadType,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import { UploadBody, type UploadedFile } from '../plugins/multipart-body.js';

export interface UploadContext<R extends RouteDescriptor> {
  /** The descriptor's input, read from the query string. */
  input: z.output<R['input']>;
  file: UploadedFile;
  /** What the file's own first bytes showed it to be. */
  contentType: UploadType;
  user: UserInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Registers an upload call of the one multipart path (issue 17 §2): the body has already been held
 * to the descriptor's body limit, signed by its digest and checked for an Idempotency-Key like any
 * call; here its input comes from the query string and its one file is held to the upload rule —
 * present, not too large, and of a taken type by its own bytes, whatever the browser called it.
 */
export function defineUploadRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: (ctx: UploadContext<R>) => Promise<z.input<R['output']>>,
): void {
  const rule: UploadRule | undefined = descriptor.upload;
  if (descriptor.method !== 'POST' || !rule) throw new Error(`${descriptor.path} is not an upload call`);
  app.route({
    method: 'POST',
    url: descriptor.path,
    config: { access: descriptor.access },
    handler: async (request, reply) => {
      const body = request.body;
      if (!(body instanceof UploadBody))
        throw new AppError('BAD_REQUEST', '请以文件上传的方式提交（multipart/form-data）');
      const parsed = descriptor.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? undefined);
      const file = body.files.find((f) => f.field === UPLOAD_FILE_FIELD);
      if (!file || file.data.length === 0) throw new AppError('VALIDATION', '请选择要上传的文件');
      if (file.data.length > rule.maxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', `文件不能超过${megabytes(rule.maxBytes)}MB`);
      }
      const contentType = sniffUploadType(file.data, rule.types);
      if (!contentType) throw new AppError('VALIDATION', `只能上传${rule.typesLabel}`);
      const data = await handler({
        input: parsed.data as z.output<R['input']>,
        file,
        contentType,
        user: request.user as UserInfo,
        request,
        reply,
      });
      return ok(data);
    },
  });
}
