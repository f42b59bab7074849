import { App } from 'antd';
import { AntdProviders } from '../antd-providers';
import { ManagerLayout } from './manager-layout';
import { RequireAuth } from './require-auth';
import { SignalHandler } from './signal-handler';
import { WorkstationNameDialog } from './workstation-name-dialog';

/** The authenticated shell as one lazy chunk: the login page does not load antd, menus, tabs and layout. */
export default function ManagerShell() {
  return (
    <AntdProviders>
      <App>
        <SignalHandler />
        <RequireAuth>
          <ManagerLayout />
          <WorkstationNameDialog />
        </RequireAuth>
      </App>
    </AntdProviders>
  );
}
