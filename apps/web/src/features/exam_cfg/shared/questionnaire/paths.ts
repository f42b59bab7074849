/** 问卷配置详情 of one questionnaire: the list opens it, the detail links back. */
export const questionnaireDetailPath = (id: number) => `/manager/exam_cfg/questionnaire_cfg_detail?id=${id}`;
export const QUESTIONNAIRE_LIST_PATH = '/manager/exam_cfg/questionnaire_cfg';
