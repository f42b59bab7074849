import { useMutation } from '@tanstack/react-query';
import { batchNormalSaveRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 批量保存正常结果 POST /manager/api/departmentdiagnosis/batch_normal_save */
export const batchNormalSave = (deptId: number, orderIds: string[]) =>
  api.call(batchNormalSaveRoute, { exam_dept_id: deptId, order_ids: JSON.stringify(orderIds) });

export const useBatchNormalSave = () =>
  useMutation({
    mutationFn: ({ deptId, orderIds }: { deptId: number; orderIds: string[] }) => batchNormalSave(deptId, orderIds),
  });
