import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@checkup/api-contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** A multipart body exactly as it travelled: its digest is what a signed upload carries (spec §7). */
    rawUploadBody: Buffer | undefined;
  }
}

/** One file of a multipart body; as JSON (a log line, a fingerprint) it is its digest, not its bytes. */
export class UploadedFile {
  readonly sha256: string;

  constructor(
    readonly field: string,
    readonly fileName: string,
    readonly contentType: string,
    readonly data: Buffer,
  ) {
    this.sha256 = hash('sha256', data, 'hex');
  }

  toJSON() {
    return { field: this.field, fileName: this.fileName, contentType: this.contentType, sha256: this.sha256 };
  }
}

/** A parsed multipart body: its plain fields and its files. */
export class UploadBody {
  constructor(
    readonly fields: Record<string, string>,
    readonly files: UploadedFile[],
  ) {}
}

const MALFORMED = '上传的内容格式不正确，请重新选择文件';

function parseMultipart(headers: IncomingHttpHeaders, raw: Buffer): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null);
    const files: Promise<UploadedFile>[] = [];
    const refuse = (msg: string) => reject(new AppError('BAD_REQUEST', msg));
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: headers as IncomingHttpHeaders & { 'content-type': string },
        limits: { files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
      });
    } catch {
      refuse(MALFORMED);
      return;
    }
    parser.on('file', (field, stream, fileName, _encoding, contentType) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      files.push(
        new Promise((done) =>
          stream.on('end', () => done(new UploadedFile(field, fileName, contentType, Buffer.concat(chunks)))),
        ),
      );
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () => refuse('一次只能上传一个文件'));
    parser.on('partsLimit', () => refuse(MALFORMED));
    parser.on('fieldsLimit', () => refuse(MALFORMED));
    parser.on('error', () => refuse(MALFORMED));
    parser.on('finish', () => void Promise.all(files).then((all) => resolve(new UploadBody(fields, all)), reject));
    parser.end(raw);
  });
}

/**
 * The one multipart path (issue 17 §2): the body is read whole within its route's body limit (413
 * past it), kept raw for the signature check, and parsed into its fields and files.
 */
export const multipartBodyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('rawUploadBody', undefined);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawUploadBody = raw;
    parseMultipart(request.headers, raw).then(
      (parsed) => done(null, parsed),
      (error: Error) => done(error),
    );
  });
});
