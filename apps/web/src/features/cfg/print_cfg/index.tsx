import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Workstation } from '@checkup/api-contract';
import { printConfigQueryOptions } from '../../../lib/workstation/print-config';
import { storedWorkstationId } from '../../../lib/workstation/workstation-id';
import { askWorkstationName } from '../../../lib/workstation/workstation-prompt';
import { DefaultsCard } from './components/defaults-card';
import { ThisWorkstationCard } from './components/this-workstation-card';
import { WorkstationDrawer } from './components/workstation-drawer';
import { WorkstationTable } from './components/workstation-table';

/**
 * 打印配置 (cfg/print_cfg): where the local print service and Word control answer, which printer
 * takes the guide sheet, the barcode labels and the report, how many labels print — the centre's
 * defaults (0120) and what each workstation sets itself, read by every print.
 */
export default function PrintCfg() {
  const [thisId, setThisId] = useState(storedWorkstationId);
  const [editing, setEditing] = useState<Workstation | null>(null);
  const config = useQuery(printConfigQueryOptions(thisId));

  const nameThis = async () => {
    if (await askWorkstationName()) setThisId(storedWorkstationId());
  };

  if (config.isError) return <Alert type="error" showIcon title={config.error.message} />;
  if (!config.data) return <Skeleton active />;
  return (
    <div>
      <ThisWorkstationCard config={config.data} onName={() => void nameThis()} />
      <DefaultsCard
        key={config.data.defaults_updated_at ?? 'built-in'}
        defaults={config.data.defaults}
        updatedAt={config.data.defaults_updated_at}
      />
      <WorkstationTable thisId={thisId} onEdit={setEditing} />
      <WorkstationDrawer workstation={editing} defaults={config.data.defaults} onClose={() => setEditing(null)} />
    </div>
  );
}
