import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema.js';
import type { UploadedFile } from '../../plugins/multipart-body.js';
import { recordAudit } from '../audit/repository.js';

export interface StoredFileInfo {
  id: number;
  purpose: string;
  ownerRef: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface FileToStore {
  /** What the file is for, e.g. exception_image. */
  purpose: string;
  /** What it belongs to, e.g. the exception record's id. */
  ownerRef: string;
  file: UploadedFile;
  /** The type the file's own bytes showed (uploads.ts sniffUploadType), not the one the browser named. */
  contentType: string;
}

// A name is shown and offered as a download name: no path, not endless. (Control characters were
// refused with the request, plugins/control-characters.ts.)
const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').slice(0, 200) || '未命名';

/**
 * The one file store (issue 17 §2): the file in the database, where every instance sees it, and
 * an audit row naming who stored what for which purpose. Runs inside the caller's transaction.
 */
export async function storeFile(db: Db, request: FastifyRequest, user: UserInfo, entry: FileToStore): Promise<number> {
  const { file } = entry;
  const [row] = await db
    .insert(storedFiles)
    .values({
      purpose: entry.purpose,
      ownerRef: entry.ownerRef,
      fileName: safeFileName(file.fileName),
      contentType: entry.contentType,
      sizeBytes: file.data.length,
      sha256: file.sha256,
      content: file.data,
      uploadedBy: user.id,
    })
    .returning({ id: storedFiles.id });
  await recordAudit(db, request, 'file_upload', {
    userId: user.id,
    userAccount: user.user_account,
    target: `${entry.purpose}:${entry.ownerRef}`,
    detail: { file_id: row!.id, size: file.data.length, sha256: file.sha256, content_type: entry.contentType },
  });
  return row!.id;
}

/** A stored file of one purpose, with its bytes; null when there is none. */
export async function readStoredFile(db: Db, id: number, purpose: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.purpose, purpose)));
  return row ?? null;
}
