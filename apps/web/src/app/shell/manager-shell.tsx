import { ManagerLayout } from './manager-layout';
import { RequireAuth } from './require-auth';

/** The authenticated shell as one lazy chunk: the login page does not load menus, tabs and layout. */
export default function ManagerShell() {
  return (
    <RequireAuth>
      <ManagerLayout />
    </RequireAuth>
  );
}
