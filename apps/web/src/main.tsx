import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { versionQueryOptions } from './app/api/get-version';
import { router } from './app/router';
import { installFrontLog } from './lib/front-log/front-log';
import './styles.css';

const queryClient = createQueryClient();

// Spec §3/§7: uncaught errors go to add_log from the first moment, before anything renders.
installFrontLog({ version: () => queryClient.getQueryData(versionQueryOptions.queryKey)?.version ?? '' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
