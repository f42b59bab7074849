import { functionHelpFileRoute, functionHelpRoute } from '@checkup/api-contract';
import { api } from '../../lib/api';

/** 功能说明 GET /manager/api/cfg/function_help — null when the screen has none. */
export const getFunctionHelp = (uniqueKey: string) => api.call(functionHelpRoute, { unique_key: uniqueKey });

/** 功能说明PDF GET /manager/api/cfg/function_help_file */
export const getFunctionHelpFile = (id: number) => api.download(functionHelpFileRoute, { id });
