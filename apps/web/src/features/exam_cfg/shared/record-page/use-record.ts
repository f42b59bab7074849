export { useRecord, useRecordId } from '../../../../lib/resource/use-record';

/** The address of a 体检配置 detail route for one record. */
export const recordPath = (screenKey: string, id: number) => `/manager/exam_cfg/${screenKey}?id=${id}`;
