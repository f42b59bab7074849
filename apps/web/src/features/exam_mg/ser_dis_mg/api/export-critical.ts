import { criticalValueExportRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { saveBlob } from '../../../../lib/resource/resource-api';

/** 导出危急值 GET /manager/api/serdis/critical_export: the list's filters, saved as .xlsx. */
export async function exportCritical(filter: RouteInput<typeof criticalValueExportRoute>) {
  const blob = await api.download(criticalValueExportRoute, filter);
  saveBlob(blob, `危急值-${new Date().toLocaleDateString('sv-SE')}.xlsx`);
}
