import { useNavigate } from 'react-router';
import { DevelopingPage } from '@checkup/ui';
import { AntdProviders } from '../../app/antd-providers';

/** A public page of spec §2 that is not built yet, or an unknown address: the developing page, honestly titled. */
export default function PublicDevelopingPage({ title }: { title?: string }) {
  const navigate = useNavigate();
  return (
    <AntdProviders>
      <div style={{ paddingTop: 64 }}>
        <DevelopingPage title={title ? `${title} · 功能开发中` : undefined} onBack={() => void navigate('/')} />
      </div>
    </AntdProviders>
  );
}
