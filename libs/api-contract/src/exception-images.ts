import { z } from 'zod';
import { idField, orderIdField } from './field-schemas.js';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { route } from './route.js';
import { uploadBodyLimit, type UploadRule } from './uploads.js';

/** What an exception image may be: a photo or a screenshot of what was seen. */
export const EXCEPTION_IMAGE_RULE: UploadRule = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png'],
  typesLabel: 'JPG 或 PNG 图片',
};

/** 上传异常图片 POST /manager/api/examreview/upload_exception_image (multipart, one file) */
export const uploadExceptionImageRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/upload_exception_image',
  summary: '为一条科室或总检异常上传图片（JPG/PNG，不超过5MB）',
  access: ['exam_mg/dept_diag_detail', ...REVIEW_DETAIL_SCREENS],
  input: z.object({ order_id: orderIdField, id: idField('异常记录') }),
  output: z.object({ file_id: z.number().int(), url: z.string() }),
  upload: EXCEPTION_IMAGE_RULE,
  bodyLimit: uploadBodyLimit(EXCEPTION_IMAGE_RULE),
});

/** 异常图片 GET /manager/api/examreview/exception_image (the image itself, not an envelope) */
export const exceptionImageRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/exception_image',
  summary: '异常图片（图片本身）',
  access: ['exam_mg/dept_diag_detail', ...REVIEW_DETAIL_SCREENS],
  input: z.object({ id: idField('图片') }),
  output: z.unknown(),
});

/** Where an exception record's image is fetched, as its exception_images list holds it. */
export const exceptionImageUrl = (fileId: number) => `${exceptionImageRoute.path}?id=${fileId}`;
