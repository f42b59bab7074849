import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FINGERPRINT_URL } from '../fingerprint/fingerprint-client.js';
import { DEVICE_PORTS } from '../ports.js';
import { DeviceDemo } from './device-demo.js';

// `npx vite libs/devices` next to `npm run devices`, then open /demo/; the query string can move the ports.
const query = new URLSearchParams(location.search);
const printPorts = query.get('printServicePorts');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <App>
        <DeviceDemo
          addresses={{
            idCardBase: query.get('idCardBase') ?? 'http://127.0.0.1:8989/',
            fingerprintUrl: query.get('fingerprintUrl') ?? FINGERPRINT_URL,
            printServicePorts: printPorts ? printPorts.split(',').map(Number) : [...DEVICE_PORTS.printService],
            printHelperPort: Number(query.get('printHelperPort') ?? DEVICE_PORTS.printHelper),
          }}
        />
      </App>
    </ConfigProvider>
  </StrictMode>,
);
