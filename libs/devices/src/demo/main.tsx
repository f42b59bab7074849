import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FINGERPRINT_URL } from '../fingerprint/fingerprint-client.js';
import { DEFAULT_PRINT_SETTINGS } from '@checkup/api-contract';
import { DeviceDemo } from './device-demo.js';

// `npx vite libs/devices` next to `npm run devices`, then open /demo/; the query string can move the helpers.
const query = new URLSearchParams(location.search);
const printServiceUrls = query.get('printServiceUrls');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <App>
        <DeviceDemo
          addresses={{
            idCardBase: query.get('idCardBase') ?? 'http://127.0.0.1:8989/',
            fingerprintUrl: query.get('fingerprintUrl') ?? FINGERPRINT_URL,
            printServiceUrls: printServiceUrls?.split(',') ?? [...DEFAULT_PRINT_SETTINGS.print_service_urls],
            printHelperUrl: query.get('printHelperUrl') ?? DEFAULT_PRINT_SETTINGS.print_helper_url,
          }}
        />
      </App>
    </ConfigProvider>
  </StrictMode>,
);
