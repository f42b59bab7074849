import { useMutation } from '@tanstack/react-query';
import { selfPrintFindExamineeRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 自助打印查找体检者 POST /manager/api/selfprint/find_examinee */
export const findExaminee = (idCard: string) => api.call(selfPrintFindExamineeRoute, { cust_id_card: idCard });

export const useFindExaminee = () => useMutation({ mutationFn: findExaminee });
