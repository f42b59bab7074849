import { bigserial, customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The one file store (issue 17 §2): every uploaded file (exception images now; photos, signatures,
 * spreadsheets and attachments later), in the database so that every server instance sees it.
 * Each store writes an audit row (modules/files/file-store.ts).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the file is for, e.g. exception_image. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** What it belongs to, e.g. the exception record's id. */
    ownerRef: varchar('owner_ref', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** The type its own first bytes showed, not the one the browser named. */
    contentType: varchar('content_type', { length: 128 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.purpose, t.ownerRef)],
);
